import 'reflect-metadata';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@portal/test-infrastructure';
import { runOncePerCluster } from './cluster-lock';
import { serviceDataSourceOptions } from './data-source-options';
import { RetentionJob } from './retention';

@Entity({ name: 'receipts', schema: 'ledger' })
class Receipt {
  @PrimaryColumn('int') id: number;
  @Column({ name: 'issued_at', type: 'timestamptz' }) issuedAt: Date;
}

const quiet = { info: () => undefined, warn: () => undefined };

// Scheduled jobs of a service with several replicas: each replica schedules them, one at a time runs them.
describe('a job run once per cluster', () => {
  let database: TestDatabase;
  const replicas: DataSource[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('cluster_lock');
    for (let index = 0; index < 2; index += 1) {
      replicas.push(await new DataSource(serviceDataSourceOptions({ schema: 'ledger', url: database.url, entities: [Receipt], migrations: [], poolSize: 3 })).initialize());
    }
    await replicas[0].query(`CREATE SCHEMA ledger`);
    await replicas[0].query(`CREATE TABLE ledger.receipts (id int PRIMARY KEY, issued_at timestamptz NOT NULL)`);
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.destroy().catch(() => undefined);
    await database?.drop();
  });

  it('is skipped by a replica while another runs it, and runs again once that run ended', async () => {
    let finish: () => void = () => undefined;
    const running = runOncePerCluster(replicas[0], 'ledger:test-job', () => new Promise<string>((resolve) => (finish = () => resolve('first'))));
    // The first has the lock once its work started; wait for that through the database itself.
    await until(async () => (await advisoryHolders(replicas[1])) === 1);
    expect(await runOncePerCluster(replicas[1], 'ledger:test-job', async () => 'second')).toEqual({ ran: false });
    // Another job's key is not held up.
    expect(await runOncePerCluster(replicas[1], 'ledger:other-job', async () => 'other')).toEqual({ ran: true, result: 'other' });
    finish();
    expect(await running).toEqual({ ran: true, result: 'first' });
    expect(await runOncePerCluster(replicas[1], 'ledger:test-job', async () => 'second')).toEqual({ ran: true, result: 'second' });
  });

  it('the retention purge is skipped by a replica while another replica of the service purges, and runs next time', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await replicas[0].query(`INSERT INTO ledger.receipts (id, issued_at) SELECT g, $1 FROM generate_series(1, 2500) AS g`, [old]);
    const [first, second] = replicas.map((replica) => new RetentionJob(replica, [{ name: 'receipts', entity: Receipt, column: 'issued_at', keepDays: 30 }], quiet, 'old receipts'));
    const count = async () => ((await replicas[0].query(`SELECT count(*)::int AS count FROM ledger.receipts`)) as { count: number }[])[0].count;

    // The first replica's run, held at its start (the key every replica of the service uses for this job).
    let finish: () => void = () => undefined;
    const running = runOncePerCluster(replicas[0], 'retention:ledger:old receipts', () => new Promise<void>((resolve) => (finish = resolve)));
    await until(async () => (await advisoryHolders(replicas[1])) === 1);
    expect(await second.purgeOnce()).toEqual({ ran: false });
    expect(await count()).toBe(2500);
    finish();
    await running;

    // Its next turn runs, in batches of a thousand committed as they go.
    expect(await second.purgeOnce()).toEqual({ ran: true, result: { receipts: 2500 } });
    expect(await count()).toBe(0);
    expect(await first.purgeOnce()).toEqual({ ran: true, result: { receipts: 0 } });
  });

  it('passes to another replica when the one running it dies', async () => {
    const doomed = await new DataSource(serviceDataSourceOptions({ schema: 'ledger', url: database.url, entities: [Receipt], migrations: [], poolSize: 2 })).initialize();
    let finish: () => void = () => undefined;
    const running = runOncePerCluster(doomed, 'ledger:test-job', () => new Promise<void>((resolve) => (finish = resolve)));
    await until(async () => (await advisoryHolders(replicas[1])) === 1);
    expect(await runOncePerCluster(replicas[1], 'ledger:test-job', async () => 'second')).toEqual({ ran: false });

    await replicas[1].query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await until(async () => (await advisoryHolders(replicas[1])) === 0);
    expect(await runOncePerCluster(replicas[1], 'ledger:test-job', async () => 'second')).toEqual({ ran: true, result: 'second' });
    finish();
    await running;
    await doomed.destroy().catch(() => undefined);
  });
});

/** Sessions of this test database holding an advisory lock. */
async function advisoryHolders(dataSource: DataSource): Promise<number> {
  const [{ count }] = (await dataSource.query(
    `SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  )) as { count: number }[];
  return count;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
