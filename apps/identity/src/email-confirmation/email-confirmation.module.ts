import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { ConfirmationLinks } from './confirmation-links';
import { EmailConfirmationController } from './email-confirmation.controller';
import { EmailConfirmationService } from './email-confirmation.service';

/** Proving control of the mailbox: confirmation links, confirming, resending. */
@Module({
  imports: [SessionsModule],
  controllers: [EmailConfirmationController],
  providers: [ConfirmationLinks, EmailConfirmationService, EmailLinkQuota],
  exports: [ConfirmationLinks],
})
export class EmailConfirmationModule {}
