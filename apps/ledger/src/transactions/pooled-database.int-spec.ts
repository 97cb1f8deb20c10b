import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { Actor, IdentityCommands, LedgerCommands, LedgerEvents, UserSummary } from '@portal/contracts';
import { preparedQuery, serviceDataSourceOptions } from '@portal/database';
import { runService } from '@portal/messaging';
import { answerCommand, EphemeralPgBouncer, startPgBouncer, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(120_000);

const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

/**
 * The ledger as a pooled production runs it: every query through PgBouncer 1.18 in
 * transaction mode (a few server connections shared by all clients, so nothing may rely
 * on session state), named prepared statements off, and its migrations (whose advisory
 * lock is held by one session) through the direct URL.
 */
describe('the ledger behind PgBouncer in transaction mode', () => {
  let infrastructure: TestInfrastructure;
  let pooler: EphemeralPgBouncer;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let direct: Client;
  const people = new Map<string, UserSummary>();

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger_pgbouncer', {}, { platformSettings: 'answered-elsewhere' });
    pooler = await startPgBouncer(infrastructure.database.url, { poolSize: 4 });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    answerCommand(client.connection, IdentityCommands.getAllSettings.subject, () => ({ items: [] }));
    answerCommand(client.connection, IdentityCommands.lookupUsers.subject, (payload) => ({ users: (payload.userIds as string[]).flatMap((id) => (people.has(id) ? [people.get(id)] : [])) }));
    service = await runService({
      service: 'ledger',
      environment: ServiceEnvironment,
      module: (environment) => LedgerModule.register(environment),
      env: {
        ...infrastructure.env,
        DATABASE_URL: pooler.url,
        DATABASE_MIGRATION_URL: infrastructure.database.url,
        DATABASE_PREPARED_STATEMENTS: 'false',
        // More client connections than the pooler's server connections: it must multiplex.
        DATABASE_POOL_SIZE: '8',
      },
    });
    direct = new Client({ connectionString: infrastructure.database.url });
    await direct.connect();
  });

  afterAll(async () => {
    await direct?.end();
    await client?.close();
    await stopService(service);
    await pooler?.stop();
    await infrastructure?.stop();
  });

  const customer = (): Actor => {
    const actor: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };
    people.set(actor.userId, { id: actor.userId, email: `pooled-${actor.userId.slice(0, 8)}@example.test`, firstName: 'Ada', lastName: 'Lovelace', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'verified' });
    return actor;
  };
  const deposit = (amount: string, idempotencyKey?: string) => ({ method: 'bank' as const, amount, currency: 'USD' as const, accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St', ...(idempotencyKey ? { idempotencyKey } : {}) });
  const withdrawal = (amount: string) => ({ accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount, currency: 'USD' as const });

  it('migrated its schema through the direct URL before starting', async () => {
    const { rows } = await direct.query<{ count: string }>('SELECT count(*) FROM ledger.schema_migrations');
    expect(Number(rows[0].count)).toBeGreaterThan(0);
    // The session-level migration lock was released on its own connection, not left on a pooled one.
    const migrationLock = await direct.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = hashtext('migrate:ledger')::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(migrationLock.rowCount).toBe(0);
  });

  it('posts concurrent deposits, idempotent retries and withdrawals for many customers, and the ledger check passes', async () => {
    const customers = Array.from({ length: 8 }, customer);
    // Each customer's deposit, sent five times at once with one idempotency key: one transaction.
    const deposits = await Promise.all(
      customers.map(async (actor) => {
        const key = randomUUID();
        const replies = await Promise.all(Array.from({ length: 5 }, () => client.as(actor).send(LedgerCommands.requestDeposit, deposit('1000', key))));
        expect(new Set(replies.map((reply) => reply.id)).size).toBe(1);
        return replies[0];
      }),
    );
    await Promise.all(deposits.map((requested) => client.as(admin).send(LedgerCommands.decideTransaction, { id: requested.id, decision: 'approve' })));

    // Twelve withdrawals of 100 at once per customer against 1,000: exactly ten are held.
    const outcomes = await Promise.all(
      customers.map(async (actor) => {
        const results = await Promise.allSettled(Array.from({ length: 12 }, () => client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal('100'))));
        return results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
      }),
    );
    for (const accepted of outcomes) expect(accepted).toHaveLength(10);
    // Half paid out, half rejected, all at once.
    await Promise.all(
      outcomes.flatMap((accepted) =>
        accepted.map((requested, index) =>
          client.as(admin).send(LedgerCommands.decideTransaction, index % 2 === 0 ? { id: requested.id, decision: 'approve' } : { id: requested.id, decision: 'reject', reason: 'Bank details do not match' }),
        ),
      ),
    );
    for (const actor of customers) expect(await client.as(actor).send(LedgerCommands.getBalance, {})).toMatchObject({ available: '500.00', held: '0.00' });

    const report = await client.as(admin).send(LedgerCommands.checkLedger, {});
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    // Each held withdrawal was announced once, and the relay published it through the pooler.
    const announced = await direct.query<{ id: string; published: boolean }>(
      `SELECT payload->>'transactionId' AS id, published_at IS NOT NULL AS published FROM ledger.outbox_events WHERE subject = $1`,
      [LedgerEvents.withdrawalRequested.subject],
    );
    expect(announced.rows.map((row) => row.id).sort()).toEqual(outcomes.flat().map((requested) => requested.id).sort());
    let unpublished = Infinity;
    for (let attempt = 0; attempt < 200 && unpublished > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await direct.query<{ count: string }>('SELECT count(*) FROM ledger.outbox_events WHERE published_at IS NULL');
      unpublished = Number(rows[0].count);
    }
    expect(unpublished).toBe(0);
  });

  it('served the ledger from no more server connections than the pooler keeps', async () => {
    // The ledger's pool holds up to eight client connections; PostgreSQL saw only the pooler's.
    const { rows } = await direct.query<{ count: string }>(
      `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    expect(Number(rows[0].count)).toBeGreaterThan(0);
    expect(Number(rows[0].count)).toBeLessThanOrEqual(pooler.poolSize);
  });

  it('runs prepared queries as plain parameterised queries when prepared statements are off', async () => {
    const options = serviceDataSourceOptions({ schema: 'ledger', url: pooler.url, entities: [], migrations: [], poolSize: 8, preparedStatements: false });
    const pooled = await new DataSource(options as DataSourceOptions).initialize();
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => preparedQuery<{ n: number }>(pooled, 'test.echo', 'SELECT $1::int AS n', [index])));
      expect(answers.map(([row]) => row.n)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await pooled.destroy();
    }
  });
});
