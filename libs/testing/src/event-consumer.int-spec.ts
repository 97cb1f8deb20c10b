import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Injectable, INestMicroservice, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { deadLetterCommands, defineEvent, defineStream } from '@portal/contracts';
import { ServiceDatabaseModule } from '@portal/database';
import { createEventTablesV1, eventEntities, EventConsumerModule, EventContext, OnEvent, runService, ServiceCallError } from '@portal/messaging';
import { eventEnvelope, EventPublisher } from './jetstream';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './service-harness';

class NoteTaken {
  @IsString() text: string;
}
const NoteEvents = { noteTaken: defineEvent('ledger.note.taken.v1', NoteTaken) };
const NOTE_STREAM = defineStream('TEST_NOTES', NoteEvents);

/** What the test's handler has seen; `poisoned` texts fail until the cause is "fixed". */
const seen: string[] = [];
const poisoned = new Set<string>();

@Injectable()
class NoteHandlers {
  @OnEvent(NoteEvents.noteTaken)
  async noteTaken(payload: NoteTaken, { manager }: EventContext<NoteTaken>): Promise<void> {
    if (poisoned.has(payload.text)) throw new Error(`cannot take ${payload.text}`);
    // Written in the consumer's transaction: it commits with the processed-event record.
    await manager.query('INSERT INTO ledger.notes (text) VALUES ($1)', [payload.text]);
    seen.push(payload.text);
  }
}

class CreateTestTables1700000000000 implements MigrationInterface {
  name = 'CreateTestTables1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'ledger');
    await queryRunner.query('CREATE TABLE ledger.notes (text text NOT NULL)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ledger.notes');
  }
}

// The event-consumer building block as a new service uses it: a feature module, one
// import, handlers marked @OnEvent.
describe('a durable event consumer', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let publisher: EventPublisher;
  let client: TestServiceClient;
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('event_consumer', { EVENT_MAX_ATTEMPTS: '3', EVENT_RETRY_DELAY_MS: '50' });
    @Module({ imports: [EventConsumerModule.forStream(NOTE_STREAM, [NoteHandlers])], providers: [NoteHandlers] })
    class NotesModule {}
    service = await runService({
      service: 'ledger',
      environment: ServiceEnvironment,
      env: infrastructure.env,
      module: (environment) => ({
        module: class TestLedgerModule {},
        imports: [
          ServiceDatabaseModule.forService({ schema: 'ledger', url: environment.DATABASE_URL, entities: eventEntities, migrations: [CreateTestTables1700000000000] }),
          NotesModule,
        ],
      }),
    });
    publisher = await EventPublisher.connect(infrastructure.nats.url);
    client = await TestServiceClient.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await client?.close();
    await publisher?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const note = (text: string) => eventEnvelope(NoteEvents.noteTaken, { text });
  const stored = async (text: string) => Number((await database.query('SELECT count(*) AS n FROM ledger.notes WHERE text = $1', [text])).rows[0].n);
  const deadLetters = () => client.send(deadLetterCommands('ledger').list, {});

  it('handles an event once, even when it is delivered twice', async () => {
    const event = note(`once-${randomUUID()}`);
    await publisher.publish(NOTE_STREAM, event);
    await publisher.waitUntilHandled(NOTE_STREAM, 'ledger', await publisher.publish(NOTE_STREAM, event, `${event.id}-again`));
    expect(await stored(event.payload.text)).toBe(1);
  });

  it('retries a failing event, dead-letters it after the last attempt, and does not let it block the stream', async () => {
    const bad = note(`poison-${randomUUID()}`);
    const good = note(`after-${randomUUID()}`);
    poisoned.add(bad.payload.text);
    await publisher.publish(NOTE_STREAM, bad);
    await publisher.publish(NOTE_STREAM, good);

    const deadline = Date.now() + 10_000;
    let letters = await deadLetters();
    while (letters.total === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      letters = await deadLetters();
    }
    // The good event went through while the bad one was retried.
    expect(await stored(good.payload.text)).toBe(1);
    expect(letters.total).toBe(1);
    expect(letters.items[0]).toMatchObject({
      service: 'ledger',
      stream: 'TEST_NOTES',
      subject: 'ledger.note.taken.v1',
      deliveries: 3,
      error: expect.stringContaining(`cannot take ${bad.payload.text}`),
      event: { id: bad.id, payload: { text: bad.payload.text } },
    });
    expect(await stored(bad.payload.text)).toBe(0);

    // Replaying while the cause remains fails and keeps the letter.
    const failed = await client.send(deadLetterCommands('ledger').replay, { sequence: letters.items[0].sequence }).catch((error: ServiceCallError) => error.body);
    expect(failed).toMatchObject({ statusCode: 409, message: expect.stringContaining('The event failed again') });
    expect((await deadLetters()).total).toBe(1);

    // Once the cause is fixed, an operator's replay handles it exactly once and clears it.
    poisoned.delete(bad.payload.text);
    const replayed = await client.send(deadLetterCommands('ledger').replay, { sequence: letters.items[0].sequence });
    expect(replayed).toEqual({ sequence: letters.items[0].sequence, eventId: bad.id, handled: true });
    expect(await stored(bad.payload.text)).toBe(1);
    expect((await deadLetters()).total).toBe(0);
    const again = await client.send(deadLetterCommands('ledger').replay, { sequence: letters.items[0].sequence }).catch((error: ServiceCallError) => error.body);
    expect(again).toMatchObject({ statusCode: 404 });
  });

  it('dead-letters an event that cannot even be decoded, at once', async () => {
    await publisher.waitUntilHandled(NOTE_STREAM, 'ledger', await publisher.publishRaw(NOTE_STREAM, 'ledger.note.taken.v1', new TextEncoder().encode('{not json')));
    const letters = await deadLetters();
    expect(letters.items.find((letter) => letter.raw === '{not json')).toMatchObject({ event: null, deliveries: 1, error: expect.stringContaining('undecodable') });
  });
});
