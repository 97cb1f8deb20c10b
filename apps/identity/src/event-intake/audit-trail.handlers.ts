import { Injectable } from '@nestjs/common';
import { ApplicationsEvents, AuditRecordedEvent, KycEvents, LedgerEvents, NotificationEvents, SupportEvents } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';

/**
 * The one audit trail: admin actions and security events recorded by the other services
 * arrive as their audit events and are written here, once each (the event id is the
 * record's id), with the time they happened.
 */
@Injectable()
export class AuditTrailHandlers {
  private async record(payload: AuditRecordedEvent, { event, manager }: EventContext<AuditRecordedEvent>, service: string): Promise<void> {
    await recordAudit(manager, {
      id: event.id,
      at: new Date(event.occurredAt),
      category: payload.category,
      actionType: payload.actionType,
      actor: payload.actor ? { userId: payload.actor.userId, email: payload.actor.email ?? null } : null,
      targetType: payload.targetType ?? null,
      targetId: payload.targetId ?? null,
      description: payload.description,
      metadata: { ...payload.metadata, service },
      clientIp: payload.clientIp ?? null,
    });
  }

  @OnEvent(ApplicationsEvents.auditRecorded)
  applications(payload: AuditRecordedEvent, context: EventContext<AuditRecordedEvent>) {
    return this.record(payload, context, 'applications');
  }

  @OnEvent(LedgerEvents.auditRecorded)
  ledger(payload: AuditRecordedEvent, context: EventContext<AuditRecordedEvent>) {
    return this.record(payload, context, 'ledger');
  }

  @OnEvent(SupportEvents.auditRecorded)
  support(payload: AuditRecordedEvent, context: EventContext<AuditRecordedEvent>) {
    return this.record(payload, context, 'support');
  }

  @OnEvent(KycEvents.auditRecorded)
  kyc(payload: AuditRecordedEvent, context: EventContext<AuditRecordedEvent>) {
    return this.record(payload, context, 'kyc');
  }

  @OnEvent(NotificationEvents.auditRecorded)
  notification(payload: AuditRecordedEvent, context: EventContext<AuditRecordedEvent>) {
    return this.record(payload, context, 'notification');
  }
}
