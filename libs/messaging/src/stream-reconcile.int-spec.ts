import 'reflect-metadata';
import { Global, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { connect, DiscardPolicy, JetStreamManager, NatsConnection, nanos, RetentionPolicy, StorageType } from 'nats';
import { DataSource } from 'typeorm';
import { DEAD_LETTER_STREAM, defineEvent, defineStream } from '@portal/contracts';
import { ServiceEnvironment } from '@portal/config';
import { EphemeralServer, startEphemeralNats } from '@portal/test-infrastructure';
import { configureStreams, DEFAULT_STREAM_SETTINGS, ensureDeadLetterStream, ensureStream, StreamConfigurationError } from './jetstream';
import { OutboxModule } from './outbox.module';
import { runService } from './service-runtime';

class BarrelRolled {
  @IsString() label: string;
}
class BarrelStopped {
  @IsString() label: string;
}
const BarrelEvents = { barrelRolled: defineEvent('support.barrel.rolled.v1', BarrelRolled), barrelStopped: defineEvent('support.barrel.stopped.v1', BarrelStopped) };
const BARREL_STREAM = defineStream('TEST_BARRELS', BarrelEvents);
const DAY_NS = nanos(24 * 3600 * 1000);
const MIB = 1024 * 1024;

/** A stream as an earlier release left it: one subject, no size or age limit. */
async function oldStream(jsm: JetStreamManager, name: string, storage = StorageType.File): Promise<void> {
  await jsm.streams.add({ name, subjects: [BarrelEvents.barrelRolled.subject.replace('barrel', name.toLowerCase())], storage, retention: RetentionPolicy.Limits, num_replicas: 1 });
}

const barrels = (name: string) => ({
  name,
  subjects: [BarrelEvents.barrelRolled.subject, BarrelEvents.barrelStopped.subject].map((subject) => subject.replace('barrel', name.toLowerCase())),
});

/** The error a call failed with; fails when it succeeded. */
async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

// What a service does with its streams at start (ensureStream): create, or bring an existing one to the configuration.
describe('JetStream streams reconciled at start', () => {
  let nats: EphemeralServer;
  let connection: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    nats = await startEphemeralNats();
    connection = await connect({ servers: nats.url });
    jsm = await connection.jetstreamManager();
  });

  afterEach(() => configureStreams(DEFAULT_STREAM_SETTINGS));

  afterAll(async () => {
    await connection?.close();
    await nats?.stop();
  });

  it('gives a new stream the configured size and age limits', async () => {
    configureStreams({ maxBytes: 64 * MIB, maxAgeDays: 3 });
    await ensureStream(jsm, barrels('FRESH'));
    const { config } = await jsm.streams.info('FRESH');
    expect(config).toMatchObject({ subjects: barrels('FRESH').subjects, max_bytes: 64 * MIB, max_age: 3 * DAY_NS, discard: DiscardPolicy.New, num_replicas: 1, storage: StorageType.File });
  });

  it('brings a stream created with no limits and fewer subjects to the configuration, keeping its events', async () => {
    await oldStream(jsm, 'AGED');
    await connection.jetstream().publish(barrels('AGED').subjects[0], new Uint8Array([1]));
    configureStreams({ maxBytes: 32 * MIB, maxAgeDays: 5 });

    await ensureStream(jsm, barrels('AGED'));

    const { config, state } = await jsm.streams.info('AGED');
    expect(config).toMatchObject({ subjects: barrels('AGED').subjects, max_bytes: 32 * MIB, max_age: 5 * DAY_NS, discard: DiscardPolicy.New, duplicate_window: nanos(10 * 60 * 1000), num_replicas: 1 });
    expect(state.messages).toBe(1);
    // A second start finds nothing to change.
    await ensureStream(jsm, barrels('AGED'));
    expect((await jsm.streams.info('AGED')).config.max_bytes).toBe(32 * MIB);
  });

  it('keeps dead letters longer than events, from their own setting', async () => {
    configureStreams({ maxAgeDays: 7, deadLetterMaxAgeDays: 90, maxBytes: 16 * MIB });
    await ensureDeadLetterStream(jsm);
    const { config } = await jsm.streams.info(DEAD_LETTER_STREAM.name);
    expect(config).toMatchObject({ subjects: [`${DEAD_LETTER_STREAM.subjectPrefix}.>`], max_age: 90 * DAY_NS, max_bytes: 16 * MIB, allow_direct: true });
  });

  it('stops with the stream and the difference when its storage would have to change', async () => {
    await oldStream(jsm, 'VOLATILE', StorageType.Memory);
    const error = await failure(ensureStream(jsm, barrels('VOLATILE')));
    expect(error).toBeInstanceOf(StreamConfigurationError);
    expect(error.message).toContain('JetStream stream VOLATILE cannot be brought to its configuration');
    expect(error.message).toContain('storage memory, wanted file');
    expect(error.message).toContain('cannot change its storage type');
    expect((await jsm.streams.info('VOLATILE')).config.storage).toBe(StorageType.Memory);
  });

  it('stops when the replicas asked for cannot be had (three on one server, which would take the update and keep one copy)', async () => {
    await oldStream(jsm, 'SINGLE');
    configureStreams({ replicas: 3 });
    const error = await failure(ensureStream(jsm, barrels('SINGLE')));
    expect(error).toBeInstanceOf(StreamConfigurationError);
    expect(error.message).toContain('JetStream stream SINGLE');
    expect(error.message).toContain('num_replicas 1, wanted 3');
    expect(error.message).toContain('not part of a JetStream cluster');
    expect((await jsm.streams.info('SINGLE')).config.num_replicas).toBe(1);
  });

  it('stops with the server\'s refusal when it will not change what the stream is', async () => {
    await jsm.streams.add({ name: 'QUEUED', subjects: barrels('QUEUED').subjects, storage: StorageType.File, retention: RetentionPolicy.Workqueue });
    const error = await failure(ensureStream(jsm, barrels('QUEUED')));
    expect(error).toBeInstanceOf(StreamConfigurationError);
    expect(error.message).toContain('JetStream stream QUEUED');
    expect(error.message).toContain('retention workqueue, wanted limits');
    expect(error.message).toContain('the server refused the update');
  });

  it('never gives an event stream a wildcard that could swallow commands', async () => {
    const error = await failure(ensureStream(jsm, { name: 'GREEDY', subjects: ['support.>'] }));
    expect(error.message).toContain('must list exact event subjects');
    await expect(jsm.streams.info('GREEDY')).rejects.toThrow();
  });

  it('a service whose stream cannot take the configuration does not start, and says which stream and why', async () => {
    // Only the stream step runs before the failure: the outbox's database is never reached.
    @Global()
    @Module({ providers: [{ provide: DataSource, useValue: {} }], exports: [DataSource] })
    class NoDatabase {}
    @Module({ imports: [NoDatabase, OutboxModule.forStreams(BARREL_STREAM)] })
    class BarrelModule {}

    const error = await failure(
      runService({ service: 'support', environment: ServiceEnvironment, module: () => BarrelModule, env: { NATS_URL: nats.url, LOG_LEVEL: 'silent', JETSTREAM_REPLICAS: '3' } }),
    );
    expect(error).toBeInstanceOf(StreamConfigurationError);
    expect(error.message).toContain('JetStream stream TEST_BARRELS cannot be brought to its configuration (does not exist)');
    await expect(jsm.streams.info(BARREL_STREAM.name)).rejects.toThrow();
  });
});
