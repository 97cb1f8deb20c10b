import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { BroadcastsController } from '../broadcasts/broadcasts.controller';
import { Inbox } from './inbox';
import { InboxController } from './inbox.controller';

/** Users' in-app notifications and admins' broadcasts. */
@Module({
  imports: [EmailModule],
  controllers: [InboxController, BroadcastsController],
  providers: [Inbox],
  exports: [Inbox],
})
export class InboxModule {}
