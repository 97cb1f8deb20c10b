import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestMicroservice, Injectable, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { BackendService, defineEvent, defineStream, IdentityCommands } from '@portal/contracts';
import { ServiceDatabaseModule } from '@portal/database';
import { freePort, waitForPort } from '@portal/test-infrastructure';
import { createEventTablesV1, createEventTablesV2, eventEntities, EventConsumerModule, EventContext, OnEvent, PlatformSettingsModule, runService } from './index';
import { answerCommand, eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './testing';

jest.setTimeout(90_000);

class Noted {
  @IsString() text: string;
}
const LateEvents = { noted: defineEvent('ledger.late-jetstream-test.noted.v1', Noted) };
const LATE_STREAM = defineStream('TEST_LATE_JETSTREAM', LateEvents);

/** A service of the test's own that writes each event it handles into `<schema>.noted`. */
function notingService(schema: string) {
  @Injectable()
  class NotedHandlers {
    @OnEvent(LateEvents.noted)
    async noted(payload: Noted, { manager }: EventContext<Noted>): Promise<void> {
      await manager.query(`INSERT INTO ${schema}.noted (text) VALUES ($1)`, [payload.text]);
    }
  }
  class CreateNotedTable implements MigrationInterface {
    name = `CreateNotedTable1700000000001${schema}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await createEventTablesV1(queryRunner, schema);
      await createEventTablesV2(queryRunner, schema);
      await queryRunner.query(`CREATE TABLE ${schema}.noted (text text NOT NULL)`);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE ${schema}.noted`);
    }
  }
  @Module({ imports: [EventConsumerModule.forStream(LATE_STREAM, [NotedHandlers])], providers: [NotedHandlers] })
  class NotedModule {}
  return { NotedModule, CreateNotedTable };
}

/** The machine's nats-server on `port`, with JetStream (storing in `storeDir`) or without. */
async function natsServer(port: number, storeDir: string | null): Promise<ChildProcess> {
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), ...(storeDir ? ['-js', '-sd', storeDir] : [])], { stdio: 'ignore' });
  await waitForPort(port);
  return child;
}

async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGKILL')));
}

// Issue 32: a replica restarted while a JetStream cluster elects its leaders (a node just
// died) found the JetStream API silent and exited. It must wait for JetStream instead.
describe('a service started while JetStream does not answer', () => {
  let infrastructure: TestInfrastructure;
  let storeDir: string;
  let withoutJetStream: ChildProcess | undefined;
  let withJetStream: ChildProcess | undefined;
  const services: INestMicroservice[] = [];
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('late_jetstream', { EVENT_RETRY_DELAY_MS: '100' }, { platformSettings: 'answered-elsewhere' });
    storeDir = mkdtempSync(join(tmpdir(), 'portal-test-late-js-'));
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    for (const service of services) await stopService(service);
    await database?.end();
    await Promise.all([stopped(withoutJetStream), stopped(withJetStream)]);
    await infrastructure?.stop();
    if (storeDir) rmSync(storeDir, { recursive: true, force: true });
  });

  const noted = async (schema: string, text: string) => Number((await database.query(`SELECT count(*) AS n FROM ${schema}.noted WHERE text = $1`, [text])).rows[0].n);

  it('starts, and reads its events once JetStream answers (with platform settings and without)', async () => {
    const port = await freePort();
    // A server without JetStream: every JetStream API call finds no responder, as while a cluster has no leader.
    withoutJetStream = await natsServer(port, null);
    const env = { ...infrastructure.env, NATS_URL: `nats://127.0.0.1:${port}` };
    const start = (service: BackendService, schema: string, settings: boolean) => {
      const { NotedModule, CreateNotedTable } = notingService(schema);
      return runService({
        service,
        environment: ServiceEnvironment,
        env,
        module: (environment) => ({
          module: class LateJetStreamModule {},
          imports: [ServiceDatabaseModule.forService({ schema, url: environment.DATABASE_URL, entities: eventEntities, migrations: [CreateNotedTable] }), ...(settings ? [PlatformSettingsModule] : []), NotedModule],
        }),
      });
    };
    services.push(await start('ledger', 'ledger', true));
    services.push(await start('support', 'support', false));

    // JetStream comes: the same address, now with JetStream; the services reconnect.
    await stopped(withoutJetStream);
    withJetStream = await natsServer(port, storeDir);
    const client = await TestServiceClient.connect(env.NATS_URL, undefined, { env });
    const owner = answerCommand(client.connection, IdentityCommands.getAllSettings.subject, () => ({ items: [] }));
    const publisher = await EventPublisher.connect(env.NATS_URL);
    try {
      const text = `late-${randomUUID()}`;
      // The stream is made by whichever side comes first: the publisher here, retried until the services answer too.
      await publisher.publish(LATE_STREAM, eventEnvelope(LateEvents.noted, { text }));
      const deadline = Date.now() + 45_000;
      while ((await noted('ledger', text)) + (await noted('support', text)) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      expect([await noted('ledger', text), await noted('support', text)]).toEqual([1, 1]);
    } finally {
      owner.unsubscribe();
      await publisher.close();
      await client.close();
    }
  });
});
