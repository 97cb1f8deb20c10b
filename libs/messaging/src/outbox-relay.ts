import { DataSource } from 'typeorm';
import { takeClusterLock } from '@portal/database';
import { JetStreamClient, NatsConnection, PubAck } from 'nats';
import { StreamDefinition } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { eventTable, fromOutboxPayload, OutboxEvent } from './outbox';
import { encodeEvent, ensureStream } from './jetstream';
import { eventHeaders } from './trace-propagation';

/**
 * Publishes one outbox event as it travels on the wire: the envelope as JSON, the event id
 * as the JetStream message id (Nats-Msg-Id) and the trace context in the headers. A publish
 * repeated with the same id within the stream's duplicate window is dropped by JetStream.
 */
export async function publishOutboxEvent(js: JetStreamClient, event: Pick<OutboxEvent, 'id' | 'subject' | 'payload' | 'occurredAt' | 'requestId'>): Promise<PubAck> {
  const { payload, traceContext } = fromOutboxPayload(event.payload);
  return js.publish(
    event.subject,
    encodeEvent({ id: event.id, subject: event.subject, occurredAt: event.occurredAt.toISOString(), requestId: event.requestId ?? undefined, traceparent: traceContext?.traceparent, tracestate: traceContext?.tracestate, payload }),
    { msgID: event.id, headers: eventHeaders(traceContext) },
  );
}

/**
 * Publishes committed outbox events to JetStream. The event id is the JetStream message
 * id, so a publish repeated after a crash is dropped by the stream's de-duplication.
 * The trace context stored with an event goes out in its headers and its envelope.
 * Events go out in the order of their `sequence`, the order they were written in, also
 * within one transaction (where their occurred_at is the same). So that this holds with
 * several replicas, one relay per service publishes at a time: each batch runs under the
 * service's relay lock (takeClusterLock); a replica that finds it taken waits for its next
 * round, and takes over when the holder stops or dies (PostgreSQL frees the lock with the
 * holder's connection). Events the dead one published before its batch committed go out
 * again with the same id and are dropped by JetStream's de-duplication.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private streamsReady = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly connection: () => NatsConnection,
    private readonly streams: StreamDefinition[],
    private readonly logger: Logger,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Creates the service's streams or reconciles them with the configuration (at start, so
   * a stream that cannot take it stops the service with a StreamConfigurationError).
   */
  async prepareStreams(): Promise<void> {
    const jsm = await this.connection().jetstreamManager();
    for (const stream of this.streams) await ensureStream(jsm, stream);
    this.streamsReady = true;
  }

  /**
   * Publishes a batch of pending events; returns how many went out, 0 also when another
   * replica's relay is publishing, or -1 when publishing failed.
   */
  async relayPending(): Promise<number> {
    if (!this.streamsReady) await this.prepareStreams();
    const js = this.connection().jetstream();
    const table = eventTable(this.dataSource, OutboxEvent);
    return this.dataSource.transaction(async (manager) => {
      if (!(await takeClusterLock(manager, `outbox-relay:${table}`))) return 0;
      const pending = await manager
        .createQueryBuilder(OutboxEvent, 'event')
        .where('event.publishedAt IS NULL')
        .orderBy('event.sequence', 'ASC')
        .limit(100)
        .setLock('pessimistic_partial_write')
        .getMany();
      const published: string[] = [];
      let failed: { event: OutboxEvent; error: unknown } | null = null;
      // One at a time, in order: a later event never goes out ahead of an earlier one that failed.
      for (const event of pending) {
        try {
          await publishOutboxEvent(js, event);
          published.push(event.id);
        } catch (error) {
          failed = { event, error };
          break;
        }
      }
      // What went out is marked in one statement for the batch, not one per event.
      if (published.length > 0) {
        await manager.query(`UPDATE ${table} SET published_at = now(), publish_attempts = publish_attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])`, [published]);
      }
      if (failed) {
        // Keep what went out; note the failure and let the next round retry the rest.
        const { event, error } = failed;
        await manager.update(OutboxEvent, { id: event.id }, { publishAttempts: event.publishAttempts + 1, lastError: String(error).slice(0, 1000) });
        this.streamsReady = false;
        this.logger.warn({ eventId: event.id, err: String(error) }, 'outbox relay could not publish; will retry');
        return -1;
      }
      return published.length;
    });
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayPending()
        .then((count) => this.schedule(count === 100 ? 0 : count < 0 ? 2_000 : this.intervalMs))
        .catch((error) => {
          this.streamsReady = false;
          this.logger.warn({ err: String(error) }, 'outbox relay could not publish; retrying');
          this.schedule(Math.max(this.intervalMs, 2_000));
        });
    }, delayMs);
  }
}
