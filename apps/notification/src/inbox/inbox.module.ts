import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { BroadcastsController } from '../broadcasts/broadcasts.controller';
import { BroadcastsRepository } from '../broadcasts/broadcasts.repository';
import { Inbox } from './inbox';
import { InboxController } from './inbox.controller';
import { InboxRepository } from './inbox.repository';
import { NotificationPreferencesController } from '../preferences/notification-preferences.controller';

/** Users' in-app notifications, the toggles that govern them, and admins' broadcasts. */
@Module({
  imports: [EmailModule],
  controllers: [InboxController, BroadcastsController, NotificationPreferencesController],
  providers: [Inbox, InboxRepository, BroadcastsRepository],
  exports: [Inbox],
})
export class InboxModule {}
