import { randomUUID } from 'node:crypto';
import { Column, CreateDateColumn, DataSource, Entity, EntityManager, Generated, Index, PrimaryColumn } from 'typeorm';
import { EventDefinition } from '@portal/contracts';
import { currentRequestId } from '@portal/logging';
import { activeTraceContext, EventTraceContext } from './trace-propagation';

/**
 * TypeORM's @Generated is typed without 'identity', though its Postgres driver creates and
 * reads identity columns (PrimaryGeneratedColumn('identity') registers exactly this).
 */
const GeneratedIdentity = (): PropertyDecorator => (Generated as unknown as (strategy: 'identity') => PropertyDecorator)('identity');

/** An event waiting to be published; written in the same transaction as the change it describes. */
@Entity({ name: 'outbox_events' })
@Index('idx_outbox_events_unpublished_sequence', ['sequence'], { where: 'published_at IS NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @Column({ type: 'varchar', length: 100, nullable: true }) requestId: string | null;
  /** The time of the change: now(), the start of the writing transaction, so the same for all of its events. */
  @CreateDateColumn({ type: 'timestamptz' }) occurredAt: Date;
  /**
   * The order the relay publishes in (see createEventTablesV2). nextval() runs once per row as
   * the row is inserted and never hands out a smaller number than before in the same session,
   * so the events of one transaction are numbered in the order they were added, which
   * occurred_at (one now() per transaction) cannot tell. ALWAYS: nobody writes it by hand.
   * A bigint arrives from pg as a string.
   */
  @Column({ type: 'bigint', generatedIdentity: 'ALWAYS' })
  @GeneratedIdentity()
  sequence: string;
  @Column({ type: 'timestamptz', nullable: true }) publishedAt: Date | null;
  @Column({ type: 'int', default: 0 }) publishAttempts: number;
  @Column({ type: 'text', nullable: true }) lastError: string | null;
}

/** An event a consumer has handled, so a redelivery is recognised and skipped. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn('uuid') eventId: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @CreateDateColumn({ type: 'timestamptz' }) processedAt: Date;
}

/** The entities of a service's outbox and processed-event tables, for its schema's entity list. */
export const eventEntities = [OutboxEvent, ProcessedEvent];

/**
 * Where an outbox row keeps its event's trace context until the relay publishes it: in the
 * payload column (no column of its own, so no migration), taken out before publishing.
 */
const TRACE_KEY = '_trace';

/** An event's payload as the outbox stores it: with the trace context of the running code, when it is traced. */
export function outboxPayload(payload: object): Record<string, unknown> {
  const traceContext = activeTraceContext();
  return traceContext ? { ...payload, [TRACE_KEY]: traceContext } : (payload as Record<string, unknown>);
}

/** A stored payload split back into the event's payload and its trace context. */
export function fromOutboxPayload(stored: Record<string, unknown>): { payload: Record<string, unknown>; traceContext: EventTraceContext | undefined } {
  if (!(TRACE_KEY in stored)) return { payload: stored, traceContext: undefined };
  const { [TRACE_KEY]: kept, ...payload } = stored;
  const traceContext = kept as EventTraceContext | null;
  return { payload, traceContext: typeof traceContext?.traceparent === 'string' ? traceContext : undefined };
}

const tablePaths = new WeakMap<DataSource, Map<typeof OutboxEvent | typeof ProcessedEvent, string>>();

/** The escaped, schema-qualified name of a service's outbox or processed-event table ("ledger"."outbox_events"). */
export function eventTable(dataSource: DataSource, entity: typeof OutboxEvent | typeof ProcessedEvent): string {
  let known = tablePaths.get(dataSource);
  if (!known) tablePaths.set(dataSource, (known = new Map()));
  let path = known.get(entity);
  if (!path) {
    const { schema, tableName } = dataSource.getMetadata(entity);
    path = [schema, tableName].filter((part): part is string => Boolean(part)).map((part) => dataSource.driver.escape(part)).join('.');
    known.set(entity, path);
  }
  return path;
}

/**
 * Records an event inside the caller's transaction; the relay publishes it after commit.
 * The payload must be of the event's own payload type. Returns the event id. Plain SQL:
 * it runs once per event in every service, where the query builder cost more than the insert.
 */
export async function addToOutbox<P extends object>(manager: EntityManager, event: EventDefinition<P>, payload: NoInfer<P>): Promise<string> {
  const id = randomUUID();
  await manager.query(`INSERT INTO ${eventTable(manager.connection, OutboxEvent)} ("id", "subject", "payload", "request_id") VALUES ($1, $2, $3, $4)`, [
    id,
    event.subject,
    JSON.stringify(outboxPayload(payload)),
    currentRequestId() ?? null,
  ]);
  return id;
}

/** Whether the event is recorded as handled already (committed; outside any transaction, a hint only: handleEventOnce decides). */
export async function eventHandled(manager: EntityManager, event: { id: string }): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM ${eventTable(manager.connection, ProcessedEvent)} WHERE "event_id" = $1`, [event.id]);
  return rows.length > 0;
}

/**
 * Runs work at most once per event id: the processed-event row and the work's writes
 * commit together, so a crash in between leaves neither and the redelivery retries.
 */
export async function handleEventOnce(
  manager: EntityManager,
  event: { id: string; subject: string },
  work: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  const table = eventTable(manager.connection, ProcessedEvent);
  return manager.transaction(async (tx) => {
    const inserted: unknown[] = await tx.query(`INSERT INTO ${table} ("event_id", "subject") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`, [event.id, event.subject]);
    if (inserted.length === 0) return false;
    await work(tx);
    return true;
  });
}
