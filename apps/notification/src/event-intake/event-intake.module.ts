import { Module } from '@nestjs/common';
import { APPLICATIONS_EVENTS_STREAM, IDENTITY_EVENTS_STREAM, KYC_EVENTS_STREAM, LEDGER_EVENTS_STREAM, SUPPORT_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { EmailModule } from '../email/email.module';
import { InboxModule } from '../inbox/inbox.module';
import { ApplicationEventsHandlers } from './application-events.handlers';
import { KycEventsHandlers } from './kyc-events.handlers';
import { LedgerEventsHandlers } from './ledger-events.handlers';
import { SupportEventsHandlers } from './support-events.handlers';
import { AccountClosureHandlers } from './account-closure.handlers';
import { CardRequestEventsHandlers } from './card-request-events.handlers';
import { IdentityEventsHandlers } from './identity-events.handlers';

/** Turns other services' domain events into notifications and emails, one durable consumer per stream. */
@Module({
  imports: [
    EmailModule,
    InboxModule,
    EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [IdentityEventsHandlers, AccountClosureHandlers]),
    EventConsumerModule.forStream(APPLICATIONS_EVENTS_STREAM, [ApplicationEventsHandlers]),
    EventConsumerModule.forStream(LEDGER_EVENTS_STREAM, [LedgerEventsHandlers, CardRequestEventsHandlers]),
    EventConsumerModule.forStream(KYC_EVENTS_STREAM, [KycEventsHandlers]),
    EventConsumerModule.forStream(SUPPORT_EVENTS_STREAM, [SupportEventsHandlers]),
  ],
  providers: [IdentityEventsHandlers, ApplicationEventsHandlers, LedgerEventsHandlers, KycEventsHandlers, SupportEventsHandlers, CardRequestEventsHandlers, AccountClosureHandlers],
})
export class EventIntakeModule {}
