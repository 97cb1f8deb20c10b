import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Queue } from 'bullmq';
import { connect, NatsConnection } from 'nats';
import { Client } from 'pg';
import S3rver from 's3rver';
import { JobQueue } from '@portal/contracts';
import { LocalStack, startLocalStack } from '@portal/local-stack';
import {
  adminAccount,
  ApiResponse,
  confirmedCustomer,
  createTestDatabase,
  MailInbox,
  NatsCluster,
  onFreePorts,
  PortalApi,
  repositoryRoot,
  samplePdf,
  SignedInAccount,
  startEphemeralRedis,
  startNatsCluster,
  startPgBouncer,
} from '@portal/testing';

// Issue 32: nothing is lost, and nothing happens twice, when a node dies. The whole stack
// on a three-node JetStream cluster (streams at three replicas), two replicas of the ledger
// and of notification, PostgreSQL behind PgBouncer and KYC files in S3; the money journey
// runs while a NATS node and a ledger replica are SIGKILLed and notification restarts.
jest.setTimeout(300_000);

type Body = Record<string, unknown>;
const BUCKET = 'portal-files';

/** Asks until `done` holds, or fails with what it last saw once the deadline passes. */
async function eventually<T>(what: string, ask: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | string = 'no answer';
  for (;;) {
    try {
      last = await ask();
      if (done(last)) return last;
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What a client does when a node dies under its request: a 5xx (a command timed out or
 * found no replica) is sent again, with the same Idempotency-Key where the call has one.
 */
function retried<T>(what: string, call: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  return eventually(what, call, (response) => response.status < 500);
}

describe('fault tolerance: a node dies in the middle of the money journey (issue 32)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let finished = false;
  /** Undone in afterAll; at once when jest already gave up on beforeAll (its work goes on after the time-out). */
  const own = (cleanup: () => Promise<unknown>) => (finished ? void cleanup().catch(() => undefined) : void cleanups.push(cleanup));
  let cluster: NatsCluster;
  let stack: LocalStack;
  let env: NodeJS.ProcessEnv;
  let api: PortalApi;
  let inbox: MailInbox;
  let bucket: S3Client;
  let database: Client;
  let redisUrl: string;

  beforeAll(async () => {
    const root = repositoryRoot();
    const [jwtKeys, s3Directory] = [mkdtempSync(join(tmpdir(), 'portal-fault-jwt-')), mkdtempSync(join(tmpdir(), 'portal-fault-s3-'))];
    own(async () => [jwtKeys, s3Directory].forEach((directory) => rmSync(directory, { recursive: true, force: true })));

    const testDatabase = await createTestDatabase('fault_tolerance');
    own(() => testDatabase.drop());
    const pgbouncer = await startPgBouncer(testDatabase.url, { poolSize: 20 });
    own(() => pgbouncer.stop());
    cluster = await startNatsCluster();
    own(() => cluster.stop());
    const redis = await startEphemeralRedis();
    own(() => redis.stop());
    redisUrl = redis.url;
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET }] });
    const { port: s3Port } = await s3.run();
    own(() => s3.close());
    bucket = new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    own(async () => bucket.destroy());
    database = new Client({ connectionString: testDatabase.url });
    await database.connect();
    own(() => database.end());

    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      JWT_KEYS_DIR: jwtKeys,
      NATS_URL: cluster.url,
      JETSTREAM_REPLICAS: '3',
      // Each of the seven streams reserves its limit on every node's store.
      JETSTREAM_MAX_BYTES: String(64 * 1024 * 1024),
      REDIS_URL: redis.url,
      DATABASE_URL: pgbouncer.url,
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_MIGRATION_URL: testDatabase.url,
      DATABASE_POOL_SIZE: '4',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    // A stack that loses a port picked free starts again on fresh ones.
    stack = await onFreePorts(
      2,
      async ({ gatewayPort, smtpPort, webPort }) => {
        env = { ...baseEnv, WEB_URL: `http://127.0.0.1:${gatewayPort}` };
        return startLocalStack({
          root,
          env,
          gatewayPort,
          mailCatcher: { smtpPort, webPort },
          logs: { kind: 'directory', path: join(root, 'tmp', 'e2e-logs', `fault-tolerance-${Date.now()}`) },
          serveWebApp: false,
          replicas: { ledger: 2, notification: 2 },
          readyTimeoutMs: 150_000,
        });
      },
      () => finished,
    );
    own(() => stack.stop());
    api = new PortalApi(stack.gatewayUrl);
    inbox = new MailInbox(stack.mailUrl as string);
  }, 420_000);

  afterAll(async () => {
    finished = true;
    // Last made, first undone; each one even when another fails.
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
  }, 120_000);

  /** Nothing left in flight: every outbox relayed, every consumer caught up with nothing awaiting its ack, no email queued. */
  async function settled(): Promise<void> {
    const connection: NatsConnection = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1 });
    const emails = new Queue(JobQueue.Email, { connection: { url: redisUrl } });
    try {
      await eventually(
        'the stack settling',
        async () => {
          const outboxes = (await database.query(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox_events'`)).rows as { schema: string }[];
          let unpublished = 0;
          for (const { schema } of outboxes) unpublished += Number((await database.query(`SELECT count(*) AS n FROM "${schema}".outbox_events WHERE published_at IS NULL`)).rows[0].n);
          const manager = await connection.jetstreamManager();
          let behind = 0;
          const lagging: string[] = [];
          for (const stream of await manager.streams.list().next()) {
            for (const consumer of await manager.consumers.list(stream.config.name).next()) {
              // The services' durable consumers carry what must not be lost. A replica's ordered reader
              // (live updates, settings) is ephemeral: a killed replica's stays, unread, until the server drops it.
              if (!consumer.config.durable_name) continue;
              const pending = consumer.num_pending + consumer.num_ack_pending;
              behind += pending;
              if (pending > 0) lagging.push(`${stream.config.name}/${consumer.name}: ${pending}`);
            }
          }
          const queued = await emails.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          return { unpublished, behind, lagging, queued: Object.values(queued).reduce((sum, count) => sum + count, 0) };
        },
        (state) => state.unpublished === 0 && state.behind === 0 && state.queued === 0,
      );
    } finally {
      await emails.close();
      await connection.close();
    }
  }

  it('finds every transaction, notification and email exactly once and the ledger check clean', async () => {
    const admin = await adminAccount(api, { root: repositoryRoot(), env });
    // Last names no other customer has: the admin list is searched by them.
    const lastNames = ['Hopper', 'Lamarr', 'Franklin'].map((name) => `${name}${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`);
    const customers: SignedInAccount[] = [];
    for (const lastName of lastNames) customers.push(await confirmedCustomer(api, inbox, { firstName: 'Fault', lastName }));

    // Deposits by bank, pending until the admin confirms them.
    const deposits: Body[] = [];
    for (const [index, customer] of customers.entries()) {
      const key = randomUUID();
      const body = { method: 'bank', amount: 1000 + index * 100, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' };
      const deposit = await retried('a deposit', () => customer.api.post<Body>('/api/v1/deposits', body, { 'Idempotency-Key': key }));
      expect(deposit.status).toBe(201);
      deposits.push(deposit.body);
    }

    // A NATS node dies as its machine would: the streams keep their quorum on the other two.
    await cluster.kill(0);

    const approve = async (transaction: Body) => {
      const answer = await retried('an approval', () => admin.api.post<Body>(`/api/v1/admin/transactions/${transaction.id as string}/approve`));
      // A retry after a reply lost on the way finds the first approval done.
      if (answer.status !== 200) expect((await admin.api.get<Body>(`/api/v1/transactions/${transaction.id as string}`)).body).toMatchObject({ status: 'completed' });
    };
    for (const deposit of deposits) await approve(deposit);

    // One ledger replica dies without a goodbye; the other answers and relays.
    await stack.killProcess('ledger');

    const withdrawals: Body[] = [];
    for (const [index, customer] of customers.entries()) {
      const key = randomUUID();
      const body = { accountName: 'Fault Tester', accountNumber: 'GB82 WEST 1234 5698 7654 32', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: String(300 + index * 10), currency: 'USD' };
      const withdrawal = await retried('a withdrawal', () => customer.api.post<Body>('/api/v1/withdrawals', body, { 'Idempotency-Key': key }));
      expect(withdrawal.status).toBe(201);
      withdrawals.push(withdrawal.body);
    }

    // Both notification replicas restart while the withdrawals' emails are on their way.
    await Promise.all([stack.stopProcess('notification'), stack.stopProcess('notification-2')]);
    for (const withdrawal of withdrawals) await approve(withdrawal);
    stack.startProcess('notification');
    stack.startProcess('notification-2');

    // A KYC document handed in by the first customer: its bytes go to the bucket.
    const [owner] = customers;
    const passport = samplePdf({ size: 6_000, text: 'Passport' });
    const uploaded = await retried('a KYC upload', async () => {
      const form = new FormData();
      form.append('purpose', 'kyc:id');
      form.append('file', new Blob([passport]), 'passport.pdf');
      const response = await fetch(`${stack.gatewayUrl}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
      return { status: response.status, body: (await response.json()) as Body, headers: response.headers };
    });
    expect(uploaded.status).toBe(201);
    const document = await retried('a KYC document', () => owner.api.post<Body>('/api/v1/kyc/documents', { fileId: uploaded.body.id, documentType: 'id' }));
    expect(document.status).toBe(201);

    // The dead node comes back and catches up from the other two.
    await cluster.restart(0);
    await stack.waitUntilReady(120_000);
    await settled();

    for (const [index, customer] of customers.entries()) {
      const own = await customer.api.get<{ items: Body[] }>('/api/v1/transactions');
      expect(own.status).toBe(200);
      expect(own.body.items.map((item) => [item.id, item.type, item.status]).sort()).toEqual(
        [
          [deposits[index].id, 'deposit', 'completed'],
          [withdrawals[index].id, 'withdrawal', 'completed'],
        ].sort(),
      );
      const listed = await admin.api.get<{ items: Body[] }>(`/api/v1/admin/transactions?q=${encodeURIComponent(lastNames[index])}`);
      expect(listed.body.items.map((item) => item.id).sort()).toEqual([deposits[index].id, withdrawals[index].id].sort());

      const bell = await customer.api.get<{ items: { title: string }[] }>('/api/v1/notifications');
      const titles = bell.body.items.map((item) => item.title);
      expect(titles.filter((title) => title === 'Deposit completed')).toHaveLength(1);
      expect(titles.filter((title) => title === 'Withdrawal completed')).toHaveLength(1);

      const subjects = (await inbox.emailsTo(customer.email)).map((email) => email.subject);
      expect(subjects.filter((subject) => /confirm/i.test(subject))).toHaveLength(1);
      expect(subjects.filter((subject) => subject === 'Your deposit has been credited')).toHaveLength(1);
      expect(subjects.filter((subject) => subject === 'We received your withdrawal request')).toHaveLength(1);
      expect((await customer.api.get('/api/v1/balance')).body).toMatchObject({ available: `${700 + index * 90}.00`, held: '0.00' });
    }

    const check = await admin.api.get<Body>('/api/v1/admin/ledger/check');
    expect(check).toMatchObject({ status: 200, body: { ok: true, differences: [] } });

    // The document's bytes live in the bucket, not in PostgreSQL, and its owner reads them back.
    const [row] = (await database.query('SELECT storage, storage_key AS key, content IS NULL AS "contentEmpty" FROM kyc.files WHERE id = $1', [uploaded.body.id])).rows as { storage: string; key: string; contentEmpty: boolean }[];
    expect(row).toMatchObject({ storage: 's3', contentEmpty: true });
    const keys = ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);
    expect(keys).toContain(row.key);
    const stored = Buffer.from(await (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.key }))).Body!.transformToByteArray());
    expect(stored.equals(passport)).toBe(true);
    const served = await fetch(`${stack.gatewayUrl}/api/v1/files/${uploaded.body.id as string}`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(passport)).toBe(true);
    expect((await owner.api.get<{ items: Body[] }>('/api/v1/kyc/documents')).body.items.map((item) => item.id)).toEqual([document.body.id]);
  });
});
