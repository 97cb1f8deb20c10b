import { Controller } from '@nestjs/common';
import { AuthSession, ConfirmEmailPayload, IdentityCommands, RequestMeta, ResendConfirmationPayload, ResendConfirmationResult } from '@portal/contracts';
import { CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { EmailConfirmationService } from './email-confirmation.service';

@Controller()
export class EmailConfirmationController {
  constructor(private readonly confirmation: EmailConfirmationService) {}

  @HandlesCommand(IdentityCommands.confirmEmail)
  confirmEmail(@CommandPayload() payload: ConfirmEmailPayload, @CommandMeta() meta: RequestMeta): Promise<AuthSession> {
    return this.confirmation.confirmEmail(payload.token, meta);
  }

  @HandlesCommand(IdentityCommands.resendConfirmation)
  resendConfirmation(@CommandPayload() payload: ResendConfirmationPayload): Promise<ResendConfirmationResult> {
    return this.confirmation.resendConfirmation(payload);
  }
}
