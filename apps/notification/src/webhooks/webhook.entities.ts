import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { WebhookDeliveryStatus } from '@portal/contracts';

/** The body a receiver gets: the event envelope without the platform's trace headers. */
export interface WebhookEventBody {
  id: string;
  subject: string;
  occurredAt: string;
  payload: object;
}

/**
 * An endpoint an admin registered: where the chosen event types are POSTed. The signing
 * secret is kept encrypted (AES-256-GCM under the settings encryption key); deleting an
 * endpoint only marks it, so its delivery log stays readable for the audit trail.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpoint {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 2000 }) url: string;
  @Column({ type: 'jsonb' }) events: string[];
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  @Column({ type: 'text' }) secret: string;
  @Column('uuid') createdBy: string;
  @Column({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
}

/**
 * One event sent to one endpoint, and how it went. The first delivery of an event is
 * unique per endpoint (its id is derived from both, see deliveryIdOf); a replay is a new
 * row pointing at the one it repeats. The response body is never stored, only the code.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('idx_webhook_deliveries_endpoint', ['endpointId', 'createdAt'])
export class WebhookDelivery {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') endpointId: string;
  @Column('uuid') eventId: string;
  @Column({ type: 'varchar', length: 200 }) eventType: string;
  /** What is POSTed: the event envelope as the stream carried it (without trace headers). */
  @Column({ type: 'jsonb' }) event: WebhookEventBody;
  @Column({ type: 'varchar', length: 20 }) status: WebhookDeliveryStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'int', nullable: true }) lastResponseCode: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) lastError: string | null;
  @Column({ type: 'uuid', nullable: true }) replayOf: string | null;
  @Column({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
}
