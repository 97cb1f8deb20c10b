import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Controller, Injectable, INestMicroservice, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { defineCommand, defineEvent, defineStream, EmptyPayload, healthCommand, IdentityCommands } from '@portal/contracts';
import { ServiceDatabaseModule } from '@portal/database';
import {
  createEventTablesV1,
  createEventTablesV2,
  eventEntities,
  EventConsumerModule,
  EventContext,
  HandlesCommand,
  OnEvent,
  PlatformSettings,
  PlatformSettingsModule,
  runService,
  ServiceCallError,
} from './index';
import { answerCommand, eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './testing';

class Noted {
  @IsString() text: string;
}
const NotedEvents = { noted: defineEvent('ledger.settings-test.noted.v1', Noted) };
const NOTED_STREAM = defineStream('TEST_SETTINGS_NOTES', NotedEvents);
const EmailsEnabled = defineCommand<EmptyPayload, { enabled: boolean }>('ledger.settings-test.emails-enabled.v1', EmptyPayload);

const emailsEnabled = (settings: PlatformSettings) => settings.get<Record<string, boolean>>('feature_toggles')?.email_notifications !== false;

@Controller()
class TogglesController {
  constructor(private readonly settings: PlatformSettings) {}

  @HandlesCommand(EmailsEnabled)
  emailsEnabled(): { enabled: boolean } {
    return { enabled: emailsEnabled(this.settings) };
  }
}

@Injectable()
class NotedHandlers {
  constructor(private readonly settings: PlatformSettings) {}

  @OnEvent(NotedEvents.noted)
  async noted(payload: Noted, { manager }: EventContext<Noted>): Promise<void> {
    await manager.query('INSERT INTO ledger.noted (text, emails) VALUES ($1, $2)', [payload.text, emailsEnabled(this.settings)]);
  }
}

class CreateNotedTable1700000000000 implements MigrationInterface {
  name = 'CreateNotedTable1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'ledger');
    await createEventTablesV2(queryRunner, 'ledger');
    await queryRunner.query('CREATE TABLE ledger.noted (text text NOT NULL, emails boolean NOT NULL)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ledger.noted');
  }
}

// A service that obeys platform settings and started while identity, their owner, was
// away: it must not act on defaults (an email toggle an admin turned off would be ignored).
describe('a service whose platform settings are not loaded yet', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('platform_settings', {}, { platformSettings: 'answered-elsewhere' });
    @Module({ imports: [EventConsumerModule.forStream(NOTED_STREAM, [NotedHandlers])], controllers: [TogglesController], providers: [NotedHandlers] })
    class NotedModule {}
    service = await runService({
      service: 'ledger',
      environment: ServiceEnvironment,
      env: infrastructure.env,
      module: (environment) => ({
        module: class TestLedgerModule {},
        imports: [
          ServiceDatabaseModule.forService({ schema: 'ledger', url: environment.DATABASE_URL, entities: eventEntities, migrations: [CreateNotedTable1700000000000] }),
          PlatformSettingsModule,
          NotedModule,
        ],
      }),
    });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    publisher = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await publisher?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const noted = async (text: string) => (await database.query<{ emails: boolean }>('SELECT emails FROM ledger.noted WHERE text = $1', [text])).rows;

  it('refuses with 503, reports itself not ready and leaves events waiting until identity answers, then obeys the settings', async () => {
    const refusal = await client.send(EmailsEnabled, {}).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ServiceCallError);
    expect((refusal as ServiceCallError).body).toMatchObject({ statusCode: 503, message: 'The ledger service is unavailable. Please try again shortly.' });

    const health = await client.send(healthCommand('ledger'), {});
    expect(health.status).toBe('down');
    expect(health.dependencies).toContainEqual(expect.objectContaining({ name: 'platform settings', status: 'down' }));

    const text = `waiting-${randomUUID()}`;
    await publisher.publish(NOTED_STREAM, eventEnvelope(NotedEvents.noted, { text }));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await noted(text)).toEqual([]);

    // Identity comes back, with email notifications switched off by an admin.
    const owner = answerCommand(client.connection, IdentityCommands.getAllSettings.subject, () => ({
      items: [{ key: 'feature_toggles', value: { email_notifications: false }, version: 3 }],
    }));
    try {
      const deadline = Date.now() + 15_000;
      while ((await noted(text)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      // The waiting event was handled by the admin's setting, not the default.
      expect(await noted(text)).toEqual([{ emails: false }]);
      expect(await client.send(EmailsEnabled, {})).toEqual({ enabled: false });
      expect((await client.send(healthCommand('ledger'), {})).status).toBe('up');
    } finally {
      owner.unsubscribe();
    }
  });
});
