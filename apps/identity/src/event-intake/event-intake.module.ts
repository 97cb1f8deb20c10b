import { Module } from '@nestjs/common';
import { APPLICATIONS_EVENTS_STREAM, KYC_EVENTS_STREAM, LEDGER_EVENTS_STREAM, NOTIFICATION_EVENTS_STREAM, SUPPORT_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { AuditTrailHandlers } from './audit-trail.handlers';
import { KycStatusHandlers } from './kyc-status.handlers';

/** What identity takes from other services' events: their audit entries and the KYC status it shows. */
@Module({
  imports: [
    EventConsumerModule.forStream(KYC_EVENTS_STREAM, [KycStatusHandlers, AuditTrailHandlers]),
    EventConsumerModule.forStream(APPLICATIONS_EVENTS_STREAM, [AuditTrailHandlers]),
    EventConsumerModule.forStream(LEDGER_EVENTS_STREAM, [AuditTrailHandlers]),
    EventConsumerModule.forStream(SUPPORT_EVENTS_STREAM, [AuditTrailHandlers]),
    EventConsumerModule.forStream(NOTIFICATION_EVENTS_STREAM, [AuditTrailHandlers]),
  ],
  providers: [KycStatusHandlers, AuditTrailHandlers],
})
export class EventIntakeModule {}
