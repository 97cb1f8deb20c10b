import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { IdentityEventsConsumer } from './identity-events.consumer';

/** Turns other services' domain events into notifications. */
@Module({
  imports: [EmailModule],
  providers: [IdentityEventsConsumer],
})
export class EventIntakeModule {}
