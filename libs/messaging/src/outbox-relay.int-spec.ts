import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IsString } from 'class-validator';
import { connect, NatsConnection } from 'nats';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { defineEvent, defineStream } from '@portal/contracts';
import { migrateServiceSchema, pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { createLogger } from '@portal/logging';
import { addToOutbox, createEventTablesV1, createEventTablesV2, eventEntities, OutboxRelay } from './index';
import { startTestInfrastructure, StreamRecorder, TestInfrastructure } from './testing';

class ParcelSent {
  @IsString() label: string;
}
const ParcelEvents = { parcelSent: defineEvent('ledger.parcel.sent.v1', ParcelSent) };
const PARCEL_STREAM = defineStream('TEST_PARCELS', ParcelEvents);
/** A subject no stream carries: JetStream refuses to store it, as when a stream is missing. */
const UNSTORED_SUBJECT = 'ledger.parcel.unrouted.v1';

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

// The relay every service's outbox module runs: committed events out to JetStream, in order, once.
describe('the outbox relay', () => {
  let infrastructure: TestInfrastructure;
  let dataSource: DataSource;
  let nats: NatsConnection;
  let relay: OutboxRelay;
  let recorder: StreamRecorder;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('outbox_relay');
    dataSource = await new DataSource(
      serviceDataSourceOptions({ schema: 'ledger', url: infrastructure.database.url, entities: eventEntities, migrations: [CreateEventTables1700000000000], poolSize: 2 }),
    ).initialize();
    await migrateServiceSchema(dataSource, 'ledger');
    nats = await connect({ servers: infrastructure.nats.url });
    relay = new OutboxRelay(dataSource, () => nats, [PARCEL_STREAM], createLogger('ledger', 'silent'));
    // The first round creates the stream; nothing is waiting yet.
    expect(await relay.relayPending()).toBe(0);
    recorder = await StreamRecorder.open(nats, PARCEL_STREAM);
  });

  afterAll(async () => {
    await recorder?.close();
    await nats?.close();
    await dataSource?.destroy();
    await infrastructure?.stop();
  });

  /** Outbox rows as a service's transaction writes them, one second apart in the order given. */
  async function waiting(...events: { label: string; subject?: string }[]): Promise<string[]> {
    const ids = events.map(() => randomUUID());
    const start = Date.now() - 60_000;
    for (const [index, event] of events.entries()) {
      await dataSource.query(`INSERT INTO ledger.outbox_events (id, subject, payload, occurred_at) VALUES ($1, $2, $3, $4)`, [
        ids[index],
        event.subject ?? ParcelEvents.parcelSent.subject,
        JSON.stringify({ label: event.label }),
        new Date(start + index * 1_000),
      ]);
    }
    return ids;
  }

  const rows = async (ids: string[]) =>
    (
      (await dataSource.query(`SELECT id, published_at IS NOT NULL AS published, publish_attempts AS attempts, last_error AS "lastError" FROM ledger.outbox_events WHERE id = ANY($1::uuid[])`, [ids])) as {
        id: string;
        published: boolean;
        attempts: number;
        lastError: string | null;
      }[]
    ).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  const labels = (tag: string) => recorder.all(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag)).map((event) => event.payload.label);

  /** An outbox table of its own in a new schema (built by `build`, no rows moved or deleted in it but its own), and a relay for it. */
  async function separateOutbox(build: (runner: QueryRunner, schema: string) => Promise<void>) {
    const schema = `outbox_${randomUUID().slice(0, 8)}`;
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`CREATE SCHEMA "${schema}"`);
      await build(runner, schema);
    } finally {
      await runner.release();
    }
    const outbox = await new DataSource(serviceDataSourceOptions({ schema, url: infrastructure.database.url, entities: eventEntities, migrations: [], poolSize: 2 })).initialize();
    const close = async () => {
      await outbox.destroy();
      await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
    };
    return { schema, outbox, outboxRelay: new OutboxRelay(outbox, () => nats, [PARCEL_STREAM], createLogger('ledger', 'silent')), close };
  }

  it('publishes committed events in the order they happened, with their ids, and marks each published once', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = await waiting({ label: `first-${tag}` }, { label: `second-${tag}` }, { label: `third-${tag}` });

    expect(await relay.relayPending()).toBe(3);
    const sent = await recorder.waitForCount(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag), 3);
    expect(sent.map((event) => event.id)).toEqual(ids);
    expect(labels(tag)).toEqual([`first-${tag}`, `second-${tag}`, `third-${tag}`]);
    expect(await rows(ids)).toEqual(ids.map((id) => ({ id, published: true, attempts: 1, lastError: null })));

    // A later round finds nothing left to send.
    expect(await relay.relayPending()).toBe(0);
    expect(labels(tag)).toHaveLength(3);
  });

  it('stops at an event it cannot publish: the ones before it are marked sent, it keeps its error, the later ones wait their turn', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = await waiting({ label: `before-${tag}` }, { label: `refused-${tag}`, subject: UNSTORED_SUBJECT }, { label: `after-${tag}` });

    expect(await relay.relayPending()).toBe(-1);
    const [before, refused, after] = await rows(ids);
    expect(before).toEqual({ id: ids[0], published: true, attempts: 1, lastError: null });
    expect(refused).toMatchObject({ id: ids[1], published: false, attempts: 1 });
    expect(refused.lastError).toEqual(expect.any(String));
    expect(after).toEqual({ id: ids[2], published: false, attempts: 0, lastError: null });
    await recorder.waitFor(ParcelEvents.parcelSent, (payload) => payload.label === `before-${tag}`);

    // Once the cause is gone, the refused event goes out next and the later one after it.
    await dataSource.query(`UPDATE ledger.outbox_events SET subject = $1 WHERE id = $2`, [ParcelEvents.parcelSent.subject, ids[1]]);
    expect(await relay.relayPending()).toBe(2);
    await recorder.waitForCount(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag), 3);
    expect(labels(tag)).toEqual([`before-${tag}`, `refused-${tag}`, `after-${tag}`]);
    expect(await rows(ids)).toEqual([
      { id: ids[0], published: true, attempts: 1, lastError: null },
      { id: ids[1], published: true, attempts: 2, lastError: null },
      { id: ids[2], published: true, attempts: 1, lastError: null },
    ]);
  });

  it('publishes the events of one transaction in the order they were added, though they share one occurred_at', async () => {
    const tag = randomUUID().slice(0, 8);
    const added = Array.from({ length: 20 }, (_, index) => `${String(index).padStart(2, '0')}-${tag}`);
    const ids = await dataSource.transaction(async (manager) => {
      const written: string[] = [];
      for (const label of added) written.push(await addToOutbox(manager, ParcelEvents.parcelSent, { label }));
      return written;
    });
    const times = (await dataSource.query(`SELECT DISTINCT occurred_at FROM ledger.outbox_events WHERE id = ANY($1::uuid[])`, [ids])) as unknown[];
    expect(times).toHaveLength(1);

    expect(await relay.relayPending()).toBe(20);
    const sent = await recorder.waitForCount(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag), 20);
    expect(sent.map((event) => event.id)).toEqual(ids);
    expect(labels(tag)).toEqual(added);
  });

  it('keeps the order of one transaction when its first event could not go out at once and its row moved in the table', async () => {
    const { schema, outbox, outboxRelay, close } = await separateOutbox(async (runner, name) => {
      await createEventTablesV1(runner, name);
      await createEventTablesV2(runner, name);
    });
    try {
      // More events than one page of the table holds: the first one's page is full, so when
      // its row is updated the new version lands behind its siblings'.
      const tag = randomUUID().slice(0, 8);
      const added = Array.from({ length: 90 }, (_, index) => `${String(index).padStart(2, '0')}-${tag}`);
      const ids = await outbox.transaction(async (manager) => {
        const written: string[] = [];
        for (const label of added) written.push(await addToOutbox(manager, ParcelEvents.parcelSent, { label }));
        return written;
      });
      const published = async () => ((await outbox.query(`SELECT count(*)::int AS n FROM "${schema}".outbox_events WHERE published_at IS NOT NULL`)) as { n: number }[])[0].n;

      // JetStream refuses the first (as when its stream is missing): nothing of the transaction goes out ahead of it.
      await outbox.query(`UPDATE "${schema}".outbox_events SET subject = $1 WHERE id = $2`, [UNSTORED_SUBJECT, ids[0]]);
      expect(await outboxRelay.relayPending()).toBe(-1);
      expect(await published()).toBe(0);

      await outbox.query(`UPDATE "${schema}".outbox_events SET subject = $1 WHERE id = $2`, [ParcelEvents.parcelSent.subject, ids[0]]);
      expect(await outboxRelay.relayPending()).toBe(90);
      const sent = await recorder.waitForCount(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag), 90);
      expect(sent.map((event) => event.id)).toEqual(ids);
      expect(labels(tag)).toEqual(added);
    } finally {
      await close();
    }
  });

  it('numbers the rows already waiting when the sequence column arrives by their old order, and publishes them', async () => {
    // A service's outbox as it was before createEventTablesV2, with events still waiting:
    // two of one transaction (same occurred_at), one later, one already published.
    const tag = randomUUID().slice(0, 8);
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1_000);
    const legacy = [
      { id: randomUUID(), label: `late-${tag}`, occurredAt: at(2), published: false },
      { id: randomUUID(), label: `sent-${tag}`, occurredAt: at(0), published: true },
      { id: randomUUID(), label: `early-${tag}`, occurredAt: at(1), published: false },
      { id: randomUUID(), label: `early-too-${tag}`, occurredAt: at(1), published: false },
    ];
    const { schema, outbox, outboxRelay, close } = await separateOutbox(async (runner, name) => {
      await createEventTablesV1(runner, name);
      for (const row of legacy) {
        await runner.query(`INSERT INTO "${name}".outbox_events (id, subject, payload, occurred_at, published_at) VALUES ($1, $2, $3, $4, $5)`, [
          row.id,
          ParcelEvents.parcelSent.subject,
          JSON.stringify({ label: row.label }),
          row.occurredAt,
          row.published ? row.occurredAt : null,
        ]);
      }
      // A row that failed to publish was updated since, so it no longer sits where it was inserted.
      await runner.query(`UPDATE "${name}".outbox_events SET publish_attempts = 1, last_error = 'refused' WHERE id = $1`, [legacy[2].id]);
      // As the service's migration runs it: in one transaction.
      await runner.startTransaction();
      await createEventTablesV2(runner, name);
      await runner.commitTransaction();
    });
    try {
      // The upgraded table is exactly what the entity describes.
      expect(await pendingSchemaChanges(outbox)).toEqual([]);
      // What had gone out already (it is in JetStream) was dropped rather than renumbered under the lock.
      const kept = (await outbox.query(`SELECT id FROM "${schema}".outbox_events ORDER BY sequence`)) as { id: string }[];
      expect(kept.map((row) => row.id)).not.toContain(legacy[1].id);
      expect(kept).toHaveLength(3);
      // New events are numbered after the old ones.
      await outbox.transaction((manager) => addToOutbox(manager, ParcelEvents.parcelSent, { label: `new-${tag}` }));
      expect(await outboxRelay.relayPending()).toBe(4);
      await recorder.waitForCount(ParcelEvents.parcelSent, (payload) => payload.label.endsWith(tag), 4);
      const sent = labels(tag);
      expect(sent.slice(0, 2).sort()).toEqual([`early-${tag}`, `early-too-${tag}`].sort());
      expect(sent.slice(2)).toEqual([`late-${tag}`, `new-${tag}`]);
      const [{ pending }] = (await outbox.query(`SELECT count(*)::int AS pending FROM "${schema}".outbox_events WHERE published_at IS NULL`)) as { pending: number }[];
      expect(pending).toBe(0);
    } finally {
      await close();
    }
  });
});
