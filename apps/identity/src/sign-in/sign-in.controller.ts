import { Controller } from '@nestjs/common';
import { CompleteMfaSignInPayload, IdentityCommands, MfaSignInSession, MfaTokenPayload, RequestMeta, SignInPayload, SignInResult, TwoFactorEnrolment } from '@portal/contracts';
import { CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { SignInService } from './sign-in.service';

@Controller()
export class SignInController {
  constructor(private readonly signInService: SignInService) {}

  /** meta.clientIp, set by the gateway, feeds the per-address limit. */
  @HandlesCommand(IdentityCommands.signIn)
  signIn(@CommandPayload() payload: SignInPayload, @CommandMeta() meta: RequestMeta): Promise<SignInResult> {
    return this.signInService.signIn(payload, meta);
  }

  @HandlesCommand(IdentityCommands.completeMfaSignIn)
  completeMfaSignIn(@CommandPayload() payload: CompleteMfaSignInPayload, @CommandMeta() meta: RequestMeta): Promise<MfaSignInSession> {
    return this.signInService.completeMfaSignIn(payload, meta);
  }

  @HandlesCommand(IdentityCommands.startMfaSignInEnrolment)
  startMfaSignInEnrolment(@CommandPayload() payload: MfaTokenPayload): Promise<TwoFactorEnrolment> {
    return this.signInService.startMfaEnrolment(payload.mfaToken);
  }
}
