import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AcceptedResult, IdentityCommands, RequestPasswordResetPayload, UpdatePasswordPayload } from '@portal/contracts';
import { CommandPayload } from '@portal/messaging';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @MessagePattern(IdentityCommands.requestPasswordReset)
  requestPasswordReset(@CommandPayload() payload: RequestPasswordResetPayload): Promise<AcceptedResult> {
    return this.passwordReset.requestPasswordReset(payload.email);
  }

  @MessagePattern(IdentityCommands.updatePassword)
  updatePassword(@CommandPayload() payload: UpdatePasswordPayload): Promise<AcceptedResult> {
    return this.passwordReset.updatePassword(payload.token, payload.password);
  }
}
