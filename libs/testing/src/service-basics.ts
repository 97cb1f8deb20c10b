import { INestMicroservice } from '@nestjs/common';
import { DataSource, EntitySchema, MixedList } from 'typeorm';
import { BackendService, healthCommand } from '@portal/contracts';
import { pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { freePort } from '@portal/test-infrastructure';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/messaging/testing';

export interface ServiceBasicsOptions {
  service: BackendService;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Starts the service (runService with the given environment). */
  start: (env: NodeJS.ProcessEnv) => Promise<INestMicroservice>;
}

/**
 * What every service must do from its first day: start against a fresh database,
 * answer its health check over NATS, and have a migration for every entity change.
 */
export function describeServiceBasics(options: ServiceBasicsOptions): void {
  describe(`${options.service} service basics`, () => {
    let infrastructure: TestInfrastructure;
    let service: INestMicroservice;
    let client: TestServiceClient;
    let healthPort: number;

    beforeAll(async () => {
      // Identity owns the platform settings and answers them itself.
      infrastructure = await startTestInfrastructure(options.service, {}, options.service === 'identity' ? { platformSettings: 'answered-elsewhere' } : {});
      healthPort = await freePort();
      service = await options.start({ ...infrastructure.env, HEALTH_PORT: String(healthPort) });
      client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    });

    afterAll(async () => {
      await client?.close();
      await stopService(service);
      await infrastructure?.stop();
    });

    it('answers its health check with its database up', async () => {
      const health = await client.send(healthCommand(options.service), {});
      expect(health.service).toBe(options.service);
      expect(health.status).toBe('up');
      expect(health.dependencies).toEqual(expect.arrayContaining([{ name: 'postgres', status: 'up' }]));
    });

    it('answers its own liveness and readiness probes over HTTP', async () => {
      const live = await fetch(`http://127.0.0.1:${healthPort}/health/live`);
      expect(live.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { dependencies: unknown[] }).dependencies).toEqual(
        expect.arrayContaining([
          { name: 'nats', status: 'up' },
          { name: 'postgres', status: 'up' },
        ]),
      );
    });

    it('serves Prometheus metrics that show the commands just answered', async () => {
      await client.send(healthCommand(options.service), {});
      const response = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      // Every line is a comment or a sample: name{labels} value.
      for (const line of text.split('\n').filter(Boolean)) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{.*\})? -?[\d.e+-]+|\w+(\{.*\})? (NaN|[+-]Inf))$/);
      const answered = new RegExp(`portal_command_duration_seconds_count\\{[^}]*subject="${healthCommand(options.service).subject.replace(/\./g, '\\.')}"[^}]*\\} ([1-9]\\d*)`);
      expect(text).toMatch(answered);
      expect(text).toContain('portal_outbox_backlog');
      expect(text).toContain('process_cpu_seconds_total');
    });

    it('loses no command when one of two replicas stops under load', async () => {
      const replica = await options.start(infrastructure.env);
      let running = true;
      let answered = 0;
      const failures: string[] = [];
      const caller = async () => {
        while (running) {
          try {
            await client.send(healthCommand(options.service), {});
            answered += 1;
          } catch (error) {
            failures.push(String((error as { body?: { message?: string } }).body?.message ?? error));
          }
        }
      };
      // Counted, not timed: a busy host answers fewer commands in a given time, never none.
      const untilAnswered = async (count: number, what: string) => {
        const deadline = Date.now() + 30_000;
        while (answered < count) {
          if (Date.now() > deadline) throw new Error(`${answered} of ${count} commands answered ${what} in 30 s`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const load = Array.from({ length: 8 }, caller);
      let stopping: Promise<void> | undefined;
      try {
        await untilAnswered(20, 'with both replicas up');
        // The replica stops while eight callers keep sending; the other one carries on alone.
        stopping = stopService(replica);
        stopping.catch(() => undefined); // awaited below, where a failure to stop fails the test
        await untilAnswered(answered + 20, 'while one replica stops');
        await stopping;
        await untilAnswered(answered + 20, 'after it stopped');
      } finally {
        running = false;
        // A lost command waits out the client here and shows as a failure below.
        await Promise.all(load);
        await (stopping ?? stopService(replica));
      }
      expect(failures).toEqual([]);
    }, 60_000);

    it('has a migration for every entity change', async () => {
      const dataSource = await new DataSource(
        serviceDataSourceOptions({ schema: options.schema, url: infrastructure.database.url, entities: options.entities, migrations: options.migrations }),
      ).initialize();
      try {
        expect(await pendingSchemaChanges(dataSource)).toEqual([]);
      } finally {
        await dataSource.destroy();
      }
    });
  });
}
