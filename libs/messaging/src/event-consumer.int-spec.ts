import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Injectable, INestMicroservice, Module } from '@nestjs/common';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AlwaysOffSampler, AlwaysOnSampler, InMemorySpanExporter, Sampler, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { IsInt, IsString } from 'class-validator';
import { Client } from 'pg';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { deadLetterCommands, defineEvent, defineStream } from '@portal/contracts';
import { ServiceDatabaseModule } from '@portal/database';
import { createLogger } from '@portal/logging';
import { addToOutbox, createEventTablesV1, createEventTablesV2, eventEntities, EventConsumerModule, EventContext, OnEvent, OutboxModule, runService, ServiceCallError } from './index';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './testing';

class NoteTaken {
  @IsString() text: string;
}
/** A note about someone, whose handling takes `waitMs`. */
class PersonNoted {
  @IsString() userId: string;
  @IsString() text: string;
  @IsInt() waitMs: number;
}
const NoteEvents = { noteTaken: defineEvent('ledger.note.taken.v1', NoteTaken), personNoted: defineEvent('ledger.note.person-noted.v1', PersonNoted) };
const NOTE_STREAM = defineStream('TEST_NOTES', NoteEvents);

/** What the test's handler has seen; `poisoned` texts fail until the cause is "fixed". */
const seen: string[] = [];
/** When each person-noted event's handling started and ended, in order. */
const timeline: string[] = [];
const poisoned = new Set<string>();
/** The handler's log lines, as the service's logger writes them. */
const logLines: Record<string, unknown>[] = [];
const handlerLog = createLogger('ledger', 'info', { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });

@Injectable()
class NoteHandlers {
  @OnEvent(NoteEvents.noteTaken)
  async noteTaken(payload: NoteTaken, { manager }: EventContext<NoteTaken>): Promise<void> {
    if (poisoned.has(payload.text)) throw new Error(`cannot take ${payload.text}`);
    // Written in the consumer's transaction: it commits with the processed-event record.
    await manager.query('INSERT INTO ledger.notes (text) VALUES ($1)', [payload.text]);
    seen.push(payload.text);
    handlerLog.info({ text: payload.text, payloadFields: Object.keys(payload) }, 'note taken');
  }

  @OnEvent(NoteEvents.personNoted)
  async personNoted(payload: PersonNoted, { manager }: EventContext<PersonNoted>): Promise<void> {
    timeline.push(`start ${payload.text}`);
    await new Promise((resolve) => setTimeout(resolve, payload.waitMs));
    await manager.query('INSERT INTO ledger.notes (text) VALUES ($1)', [payload.text]);
    timeline.push(`end ${payload.text}`);
  }
}

class CreateTestTables1700000000000 implements MigrationInterface {
  name = 'CreateTestTables1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'ledger');
    await createEventTablesV2(queryRunner, 'ledger');
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
          OutboxModule.forStreams(NOTE_STREAM),
          NotesModule,
        ],
      }),
    });
    publisher = await EventPublisher.connect(infrastructure.nats.url);
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
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

  it("handles different people's events at once, and each person's in the order they happened", async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    const tag = randomUUID().slice(0, 8);
    const noted = (userId: string, text: string, waitMs: number) => eventEnvelope(NoteEvents.personNoted, { userId, text: `${text}-${tag}`, waitMs });
    await publisher.publish(NOTE_STREAM, noted(ada, 'ada-first', 500));
    await publisher.publish(NOTE_STREAM, noted(ada, 'ada-second', 0));
    await publisher.waitUntilHandled(NOTE_STREAM, 'ledger', await publisher.publish(NOTE_STREAM, noted(bob, 'bob-first', 0)));
    const at = (entry: string) => timeline.indexOf(`${entry}-${tag}`);
    // Bob's event did not wait for Ada's slow one...
    expect(at('end bob-first')).toBeGreaterThanOrEqual(0);
    expect(at('end bob-first')).toBeLessThan(at('end ada-first'));
    // ...and Ada's second event waited for her first.
    expect(at('start ada-second')).toBeGreaterThan(at('end ada-first'));
    expect(await stored(`ada-second-${tag}`)).toBe(1);
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

  describe('with tracing', () => {
    const exporter = new InMemorySpanExporter();
    const tracer = () => trace.getTracer('test');
    const until = async <T>(find: () => T | undefined, what: string): Promise<T> => {
      const deadline = Date.now() + 10_000;
      for (let found = find(); ; found = find()) {
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`not seen within 10 s: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const untilHandled = (text: string) => until(() => logLines.find((line) => line.text === text), `${text} handled`);
    // The span ends after the handler's transaction commits, a moment after its log line.
    const untilProcessedIn = (traceId: string) =>
      until(() => exporter.getFinishedSpans().find((span) => span.name === 'ledger.note.taken.v1 process' && span.spanContext().traceId === traceId), `a span of trace ${traceId}`);
    const traceWith = (sampler: Sampler) => {
      // As @portal/tracing registers it in a service's main.
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      trace.setGlobalTracerProvider(new TracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
    };
    /** A request's work that adds an event to the outbox, in a span of its own; gives that span. */
    const takeNoteInSpan = (text: string) =>
      tracer().startActiveSpan('POST /api/v1/notes', async (span) => {
        await service.get(DataSource).transaction((manager) => addToOutbox(manager, NoteEvents.noteTaken, { text }));
        span.end();
        return span.spanContext();
      });

    afterEach(() => {
      trace.disable();
      propagation.disable();
      context.disable();
      exporter.reset();
    });

    it('handles an event added to the outbox in the trace of the work that added it, in a consumer span', async () => {
      traceWith(new AlwaysOnSampler());
      const text = `traced-${randomUUID()}`;
      const request = await takeNoteInSpan(text);

      const line = await untilHandled(text);
      expect(line.traceId).toBe(request.traceId);
      // The trace context travels beside the payload, not in it: in the headers and the envelope.
      expect(line.payloadFields).toEqual(['text']);
      const published = await (await publisher.connection.jetstreamManager()).streams.getMessage(NOTE_STREAM.name, { last_by_subj: NoteEvents.noteTaken.subject });
      const traceparent = `00-${request.traceId}-${request.spanId}-01`;
      expect(published.header.get('traceparent')).toBe(traceparent);
      expect(published.json()).toMatchObject({ traceparent, payload: { text } });
      expect(await untilProcessedIn(request.traceId)).toMatchObject({ kind: SpanKind.CONSUMER, parentSpanContext: { spanId: request.spanId } });
    });

    it('keeps the trace id across the event when no span is recorded (tracing without an exporter)', async () => {
      traceWith(new AlwaysOffSampler());
      const text = `unrecorded-${randomUUID()}`;
      const request = await takeNoteInSpan(text);

      expect((await untilHandled(text)).traceId).toBe(request.traceId);
      expect(exporter.getFinishedSpans()).toHaveLength(0);
    });

    it('takes the trace context from the envelope when the message headers have none', async () => {
      traceWith(new AlwaysOnSampler());
      const traceId = randomUUID().replace(/-/g, '');
      const event = eventEnvelope(NoteEvents.noteTaken, { text: `enveloped-${randomUUID()}` }, { traceparent: `00-${traceId}-b7ad6b7169203331-01` });
      await publisher.publish(NOTE_STREAM, event);

      expect((await untilHandled(event.payload.text)).traceId).toBe(traceId);
    });

    it('stores no trace context for an event added outside any trace, which is handled in a trace of its own', async () => {
      traceWith(new AlwaysOnSampler());
      const text = `untraced-${randomUUID()}`;
      await service.get(DataSource).transaction((manager) => addToOutbox(manager, NoteEvents.noteTaken, { text }));
      const stored = await database.query('SELECT payload FROM ledger.outbox_events WHERE payload ->> \'text\' = $1', [text]);
      expect(stored.rows).toEqual([{ payload: { text } }]);

      const line = await untilHandled(text);
      expect(line.traceId).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
      expect(await untilProcessedIn(line.traceId as string)).toMatchObject({ parentSpanContext: undefined });
    });
  });
});
