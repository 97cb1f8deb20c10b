import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AuthSession, ConfirmEmailPayload, IdentityCommands, RequestMeta, ResendConfirmationPayload, ResendConfirmationResult } from '@portal/contracts';
import { CommandMeta, CommandPayload } from '@portal/messaging';
import { EmailConfirmationService } from './email-confirmation.service';

@Controller()
export class EmailConfirmationController {
  constructor(private readonly confirmation: EmailConfirmationService) {}

  @MessagePattern(IdentityCommands.confirmEmail)
  confirmEmail(@CommandPayload() payload: ConfirmEmailPayload, @CommandMeta() meta: RequestMeta): Promise<AuthSession> {
    return this.confirmation.confirmEmail(payload.token, meta);
  }

  @MessagePattern(IdentityCommands.resendConfirmation)
  resendConfirmation(@CommandPayload() payload: ResendConfirmationPayload): Promise<ResendConfirmationResult> {
    return this.confirmation.resendConfirmation(payload);
  }
}
