import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IsString } from 'class-validator';
import { connect, NatsConnection } from 'nats';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { defineEvent, defineStream } from '@portal/contracts';
import { migrateServiceSchema, serviceDataSourceOptions } from '@portal/database';
import { createLogger } from '@portal/logging';
import { createEventTablesV1, eventEntities, OutboxRelay } from '@portal/messaging';
import { StreamRecorder } from './jetstream';
import { startTestInfrastructure, TestInfrastructure } from './service-harness';

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
});
