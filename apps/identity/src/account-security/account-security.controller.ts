import { Controller } from '@nestjs/common';
import {
  Actor,
  ChangePasswordPayload,
  IdentityCommands,
  PasswordChangedResult,
  RequestMeta,
  SecurityPreferences,
  TwoFactorCodePayload,
  TwoFactorEnabledResult,
  TwoFactorEnrolment,
  UpdateSecurityPreferencesPayload,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { AccountSecurityService } from './account-security.service';

/** The signed-in person's Security tab. */
@Controller()
export class AccountSecurityController {
  constructor(private readonly accountSecurity: AccountSecurityService) {}

  @HandlesCommand(IdentityCommands.changePassword)
  changePassword(@CommandActor() actor: Actor, @CommandPayload() payload: ChangePasswordPayload, @CommandMeta() meta: RequestMeta): Promise<PasswordChangedResult> {
    return this.accountSecurity.changePassword(actor, payload, meta);
  }

  @HandlesCommand(IdentityCommands.getSecurityPreferences)
  preferences(@CommandActor() actor: Actor): Promise<SecurityPreferences> {
    return this.accountSecurity.preferences(actor);
  }

  @HandlesCommand(IdentityCommands.updateSecurityPreferences)
  updatePreferences(@CommandActor() actor: Actor, @CommandPayload() payload: UpdateSecurityPreferencesPayload, @CommandMeta() meta: RequestMeta): Promise<SecurityPreferences> {
    return this.accountSecurity.updatePreferences(actor, payload, meta);
  }

  @HandlesCommand(IdentityCommands.startTwoFactorEnrolment)
  startTwoFactor(@CommandActor() actor: Actor): Promise<TwoFactorEnrolment> {
    return this.accountSecurity.startTwoFactor(actor);
  }

  @HandlesCommand(IdentityCommands.confirmTwoFactor)
  confirmTwoFactor(@CommandActor() actor: Actor, @CommandPayload() payload: TwoFactorCodePayload, @CommandMeta() meta: RequestMeta): Promise<TwoFactorEnabledResult> {
    return this.accountSecurity.confirmTwoFactor(actor, payload.code, meta);
  }

  @HandlesCommand(IdentityCommands.disableTwoFactor)
  disableTwoFactor(@CommandActor() actor: Actor, @CommandPayload() payload: TwoFactorCodePayload, @CommandMeta() meta: RequestMeta): Promise<SecurityPreferences> {
    return this.accountSecurity.disableTwoFactor(actor, payload.code, meta);
  }
}
