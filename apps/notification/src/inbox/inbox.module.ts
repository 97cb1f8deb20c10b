import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { BroadcastsController } from '../broadcasts/broadcasts.controller';
import { Inbox } from './inbox';
import { InboxController } from './inbox.controller';
import { NotificationPreferencesController } from '../preferences/notification-preferences.controller';

/** Users' in-app notifications, the toggles that govern them, and admins' broadcasts. */
@Module({
  imports: [EmailModule],
  controllers: [InboxController, BroadcastsController, NotificationPreferencesController],
  providers: [Inbox],
  exports: [Inbox],
})
export class InboxModule {}
