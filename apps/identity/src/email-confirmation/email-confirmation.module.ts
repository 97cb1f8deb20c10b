import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { EmailLinksModule } from '../tokens/email-links.module';
import { ConfirmationLinks } from './confirmation-links';
import { EmailConfirmationController } from './email-confirmation.controller';
import { EmailConfirmationService } from './email-confirmation.service';

/** Proving control of the mailbox: confirmation links, confirming, resending. */
@Module({
  imports: [SessionsModule, EmailLinksModule],
  controllers: [EmailConfirmationController],
  providers: [ConfirmationLinks, EmailConfirmationService],
  exports: [ConfirmationLinks],
})
export class EmailConfirmationModule {}
