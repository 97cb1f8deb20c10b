import { Controller } from '@nestjs/common';
import { AcceptedResult, IdentityCommands, PasswordUpdatedResult, RequestMeta, RequestPasswordResetPayload, UpdatePasswordPayload } from '@portal/contracts';
import { CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @HandlesCommand(IdentityCommands.requestPasswordReset)
  requestPasswordReset(@CommandPayload() payload: RequestPasswordResetPayload, @CommandMeta() meta: RequestMeta): Promise<AcceptedResult> {
    return this.passwordReset.requestPasswordReset(payload.email, meta);
  }

  @HandlesCommand(IdentityCommands.updatePassword)
  updatePassword(@CommandPayload() payload: UpdatePasswordPayload, @CommandMeta() meta: RequestMeta): Promise<PasswordUpdatedResult> {
    return this.passwordReset.updatePassword(payload.token, payload.password, meta);
  }
}
