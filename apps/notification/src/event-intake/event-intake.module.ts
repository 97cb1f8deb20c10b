import { Module } from '@nestjs/common';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { EmailModule } from '../email/email.module';
import { IdentityEventsHandlers } from './identity-events.handlers';

/** Turns other services' domain events into notifications. */
@Module({
  imports: [EmailModule, EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [IdentityEventsHandlers])],
  providers: [IdentityEventsHandlers],
})
export class EventIntakeModule {}
