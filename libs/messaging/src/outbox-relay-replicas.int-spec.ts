import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IsString } from 'class-validator';
import { connect, JetStreamClient, NatsConnection } from 'nats';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { defineEvent, defineStream } from '@portal/contracts';
import { migrateServiceSchema, serviceDataSourceOptions } from '@portal/database';
import { createLogger } from '@portal/logging';
import { createEventTablesV1, createEventTablesV2, eventEntities, OutboxRelay } from './index';
import { startTestInfrastructure, StreamRecorder, TestInfrastructure } from './testing';

class CrateShipped {
  @IsString() label: string;
}
const CrateEvents = { crateShipped: defineEvent('ledger.crate.shipped.v1', CrateShipped) };
const CRATE_STREAM = defineStream('TEST_CRATES', CrateEvents);

class CreateEventTables1700000000000 implements MigrationInterface {
  name = 'CreateEventTables1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'ledger');
    await createEventTablesV2(queryRunner, 'ledger');
  }
  async down(): Promise<void> {
    // test database, dropped whole
  }
}

// Two replicas of one service, each with its own outbox relay over the one outbox table.
describe('the outbox relays of two replicas of a service', () => {
  let infrastructure: TestInfrastructure;
  let nats: NatsConnection;
  let recorder: StreamRecorder;
  const dataSources: DataSource[] = [];
  const logger = createLogger('ledger', 'silent');

  const replica = async () => {
    const dataSource = await new DataSource(serviceDataSourceOptions({ schema: 'ledger', url: infrastructure.database.url, entities: eventEntities, migrations: [], poolSize: 3 })).initialize();
    dataSources.push(dataSource);
    return dataSource;
  };

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('outbox_relay_replicas');
    const owner = await new DataSource(
      serviceDataSourceOptions({ schema: 'ledger', url: infrastructure.database.url, entities: eventEntities, migrations: [CreateEventTables1700000000000], poolSize: 2 }),
    ).initialize();
    dataSources.push(owner);
    await migrateServiceSchema(owner, 'ledger');
    nats = await connect({ servers: infrastructure.nats.url });
    await new OutboxRelay(owner, () => nats, [CRATE_STREAM], logger).prepareStreams();
    recorder = await StreamRecorder.open(nats, CRATE_STREAM);
  });

  afterAll(async () => {
    await recorder?.close();
    await nats?.close();
    for (const dataSource of dataSources) await dataSource.destroy();
    await infrastructure?.stop();
  });

  /** `count` events written as a service writes them, in one statement; their ids in `sequence` order. */
  async function written(tag: string, count: number): Promise<string[]> {
    const [dataSource] = dataSources;
    await dataSource.query(
      `INSERT INTO ledger.outbox_events (id, subject, payload, occurred_at)
       SELECT gen_random_uuid(), $1, jsonb_build_object('label', $2 || '-' || g), now() FROM generate_series(1, $3::int) AS g ORDER BY g`,
      [CrateEvents.crateShipped.subject, tag, count],
    );
    return ((await dataSource.query(`SELECT id FROM ledger.outbox_events WHERE payload->>'label' LIKE $1 ORDER BY sequence`, [`${tag}-%`])) as { id: string }[]).map((row) => row.id);
  }

  const published = (tag: string) => recorder.all(CrateEvents.crateShipped, (payload) => payload.label.startsWith(`${tag}-`));

  const unpublished = async (tag: string) =>
    ((await dataSources[0].query(`SELECT count(*)::int AS count FROM ledger.outbox_events WHERE published_at IS NULL AND payload->>'label' LIKE $1`, [`${tag}-%`])) as { count: number }[])[0].count;

  async function allPublished(tag: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await unpublished(tag)) > 0) {
      if (Date.now() > deadline) throw new Error(`events of ${tag} still unpublished after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Messages the stream holds: every publish the relays made, once each after de-duplication. */
  const streamMessages = async () => (await (await nats.jetstreamManager()).streams.info(CRATE_STREAM.name)).state.messages;

  it('publish a backlog once, in sequence order, taking turns; when one stops the other carries on', async () => {
    const before = await streamMessages();
    const tag = randomUUID().slice(0, 8);
    // Three batches' worth waiting before either starts: without one relay at a time, the
    // two would each take a batch and publish them interleaved.
    const ids = await written(tag, 250);
    const first = new OutboxRelay(await replica(), () => nats, [CRATE_STREAM], logger, 10);
    const second = new OutboxRelay(await replica(), () => nats, [CRATE_STREAM], logger, 10);
    first.start();
    second.start();
    try {
      await allPublished(tag);
      expect(await streamMessages()).toBe(before + 250);
      expect((await recorder.waitForCount(CrateEvents.crateShipped, (payload) => payload.label.startsWith(`${tag}-`), 250)).map((event) => event.id)).toEqual(ids);

      // The first replica goes away; what is written afterwards still goes out, in order.
      await first.stop();
      const later = await written(`${tag}x`, 120);
      await allPublished(`${tag}x`);
      expect((await recorder.waitForCount(CrateEvents.crateShipped, (payload) => payload.label.startsWith(`${tag}x-`), 120)).map((event) => event.id)).toEqual(later);
      expect(await streamMessages()).toBe(before + 370);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('the other waits while one is publishing, and takes over when the publishing one dies mid-batch, without sending anything twice', async () => {
    const before = await streamMessages();
    const tag = randomUUID().slice(0, 8);
    // More than one batch: the first relay locks the first hundred rows; the rest are free to take.
    const ids = await written(tag, 150);

    // The first relay's process hangs on its second publish, holding the relay's turn, and then dies.
    let calls = 0;
    let die: () => void = () => undefined;
    const dead = new Promise<void>((resolve) => (die = resolve));
    const hanging = {
      jetstreamManager: () => nats.jetstreamManager(),
      jetstream: () =>
        ({
          publish: async (...args: Parameters<JetStreamClient['publish']>) => {
            calls += 1;
            if (calls === 2) {
              await dead;
              throw new Error('the relay process is gone');
            }
            return nats.jetstream().publish(...args);
          },
        }) as unknown as JetStreamClient,
    } as unknown as NatsConnection;
    const dying = new OutboxRelay(await replica(), () => hanging, [CRATE_STREAM], logger);
    const other = new OutboxRelay(await replica(), () => nats, [CRATE_STREAM], logger);

    const firstRound = dying.relayPending();
    await recorder.waitForCount(CrateEvents.crateShipped, (payload) => payload.label.startsWith(`${tag}-`), 1);
    // Its turn is taken: the other publishes nothing, rather than events after the first one's.
    expect(await other.relayPending()).toBe(0);
    expect(await other.relayPending()).toBe(0);
    expect(published(tag).map((event) => event.id)).toEqual(ids.slice(0, 1));
    expect(await unpublished(tag)).toBe(150);

    // The process dies: PostgreSQL drops its connection, and with it the relay's lock.
    await dataSources[0].query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    die();
    await expect(firstRound).rejects.toThrow();

    // The other takes over: everything, in order; the one already sent is not stored again.
    expect(await other.relayPending()).toBe(100);
    expect(await other.relayPending()).toBe(50);
    expect(await unpublished(tag)).toBe(0);
    expect(await streamMessages()).toBe(before + 150);
    expect((await recorder.waitForCount(CrateEvents.crateShipped, (payload) => payload.label.startsWith(`${tag}-`), 150)).map((event) => event.id)).toEqual(ids);
  });
});
