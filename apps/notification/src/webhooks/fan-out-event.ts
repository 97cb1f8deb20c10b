import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Clock } from '@portal/config';
import { EventEnvelope, WEBHOOK_EVENT_TYPES } from '@portal/contracts';
import { EventObserver } from '@portal/messaging';
import { WebhookDelivery, WebhookEndpoint, WebhookEventBody } from './webhook.entities';
import { WebhookQueue } from './webhook-queue';

/** The first delivery of an event to an endpoint has an id derived from both: handled again, the event finds its row and job taken. */
export function deliveryIdOf(eventId: string, endpointId: string): string {
  const hex = createHash('sha256').update(`${eventId}/${endpointId}`).digest('hex');
  // Shaped as a UUID (version 8: custom) to fit the uuid column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What is POSTed: the envelope without the trace headers (internal to the platform). */
export function publicEnvelope(event: EventEnvelope): WebhookEventBody {
  return { id: event.id, subject: event.subject, occurredAt: event.occurredAt, payload: event.payload as object };
}

/**
 * Every event the service consumes passes here, in the transaction that records it handled
 * (EventObserver): one delivery row and one queued job per endpoint subscribed to its type.
 * The job is queued inside the transaction, as emails are; should the transaction roll back,
 * the job finds no row yet and retries, and the event, handled again, writes the same row.
 */
@Injectable()
export class FanOutEvent implements EventObserver {
  constructor(
    private readonly queue: WebhookQueue,
    private readonly clock: Clock,
  ) {}

  async observe(event: EventEnvelope, manager: EntityManager): Promise<void> {
    // Only types an endpoint may subscribe to (not audit records, not single-use links), even if an older endpoint names another.
    if (!WEBHOOK_EVENT_TYPES.includes(event.subject)) return;
    const endpoints = await manager
      .createQueryBuilder(WebhookEndpoint, 'endpoint')
      .where('endpoint.deleted_at IS NULL')
      .andWhere('endpoint.events @> CAST(:subjects AS jsonb)', { subjects: JSON.stringify([event.subject]) })
      .getMany();
    if (endpoints.length === 0) return;
    const now = this.clock.now();
    const rows = endpoints.map((endpoint) => ({
      id: deliveryIdOf(event.id, endpoint.id),
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.subject,
      event: publicEnvelope(event),
      status: 'pending' as const,
      attempts: 0,
      lastResponseCode: null,
      lastError: null,
      replayOf: null,
      createdAt: now,
      lastAttemptAt: null,
      deliveredAt: null,
    }));
    await manager.createQueryBuilder().insert().into(WebhookDelivery).values(rows).orIgnore().execute();
    for (const row of rows) await this.queue.enqueue(row.id, event.requestId);
  }
}
