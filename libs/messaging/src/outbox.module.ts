import { BeforeApplicationShutdown, DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { StreamDefinition } from '@portal/contracts';
import { purgeExpired, RetentionJob, RetentionRule } from '@portal/database';
import type { Logger } from '@portal/logging';
import { eventTable, OutboxEvent, ProcessedEvent } from './outbox';
import { databasePool, outboxBacklog } from './metrics';
import { OutboxRelay } from './outbox-relay';
import { StreamConfigurationError } from './jetstream';
import { LOGGER, NATS_CONNECTION } from './service-runtime';

/**
 * How long spent event rows stay. JetStream keeps its own copy of a published event, so
 * the outbox row is needed only until it went out; a processed-event record must outlive
 * the streams' retention (JETSTREAM_MAX_AGE_DAYS, at most 29 days), or a redelivery of an old event would not be recognised.
 */
export const EVENT_RETENTION = { publishedOutboxDays: 7, processedEventDays: 30 } as const;

/** What the hourly purge deletes: published outbox rows and old processed-event records. */
const SPENT_EVENTS: readonly RetentionRule[] = [
  { name: 'outboxEvents', entity: OutboxEvent, column: 'published_at', keepDays: EVENT_RETENTION.publishedOutboxDays },
  { name: 'processedEvents', entity: ProcessedEvent, column: 'processed_at', keepDays: EVENT_RETENTION.processedEventDays },
];

/** Deletes published outbox rows and old processed-event records, in small batches. */
export async function purgeSpentEvents(dataSource: DataSource, now = new Date()): Promise<{ outboxEvents: number; processedEvents: number }> {
  const { outboxEvents, processedEvents } = await purgeExpired(dataSource, SPENT_EVENTS, now);
  return { outboxEvents, processedEvents };
}

export const OUTBOX_STREAMS = Symbol('OUTBOX_STREAMS');

/** Runs the relay for as long as the service runs, and the hourly purge of spent rows. */
@Injectable()
export class OutboxLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly purge: RetentionJob;
  private removeGauges: (() => void)[] = [];

  constructor(
    private readonly relay: OutboxRelay,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.purge = new RetentionJob(dataSource, SPENT_EVENTS, logger, 'spent event records');
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.relay.prepareStreams();
    } catch (error) {
      // A stream that cannot take its configuration stops the start; NATS not answering yet is left to the relay's retries.
      if (error instanceof StreamConfigurationError) throw error;
      this.logger.warn({ err: String(error) }, 'streams not reconciled at start; the relay retries');
    }
    this.relay.start();
    this.purge.start();
    const table = eventTable(this.dataSource, OutboxEvent);
    const pool = (this.dataSource.driver as { master?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).master;
    this.removeGauges = [
      outboxBacklog.add(async () => {
        const [{ count }] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM ${table} WHERE published_at IS NULL`)) as { count: number }[];
        return [{ labels: {}, value: count }];
      }),
      databasePool.add(async () =>
        pool
          ? [
              { labels: { state: 'total' }, value: pool.totalCount ?? 0 },
              { labels: { state: 'idle' }, value: pool.idleCount ?? 0 },
              { labels: { state: 'waiting' }, value: pool.waitingCount ?? 0 },
            ]
          : [],
      ),
    ];
  }

  // Before shutdown, so the relay's last batch finishes while NATS and the database are still open.
  async beforeApplicationShutdown(): Promise<void> {
    for (const remove of this.removeGauges) remove();
    await Promise.all([this.relay.stop(), this.purge.stop()]);
  }
}

/**
 * A service's transactional outbox: its events are written with `addToOutbox` inside the
 * transaction of the change and published here to the service's streams. Import it once
 * in the service's root module (after ServiceDatabaseModule); the tables come from
 * `eventEntities`, `createEventTablesV1` in the service's first migration and
 * `createEventTablesV2` in a later one.
 */
@Module({})
export class OutboxModule {
  static forStreams(...streams: StreamDefinition[]): DynamicModule {
    return {
      module: OutboxModule,
      providers: [
        { provide: OUTBOX_STREAMS, useValue: streams },
        {
          provide: OutboxRelay,
          inject: [DataSource, NATS_CONNECTION, LOGGER],
          useFactory: (dataSource: DataSource, connection: NatsConnection, logger: Logger) => new OutboxRelay(dataSource, () => connection, streams, logger),
        },
        OutboxLifecycle,
      ],
      exports: [OutboxRelay],
    };
  }
}
