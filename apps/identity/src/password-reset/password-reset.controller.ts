import { Controller } from '@nestjs/common';
import { AcceptedResult, IdentityCommands, PasswordUpdatedResult, RequestPasswordResetPayload, UpdatePasswordPayload } from '@portal/contracts';
import { CommandPayload, HandlesCommand } from '@portal/messaging';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @HandlesCommand(IdentityCommands.requestPasswordReset)
  requestPasswordReset(@CommandPayload() payload: RequestPasswordResetPayload): Promise<AcceptedResult> {
    return this.passwordReset.requestPasswordReset(payload.email);
  }

  @HandlesCommand(IdentityCommands.updatePassword)
  updatePassword(@CommandPayload() payload: UpdatePasswordPayload): Promise<PasswordUpdatedResult> {
    return this.passwordReset.updatePassword(payload.token, payload.password);
  }
}
