'use strict';
/**
 * The ledger's workloads of `npm run bench` (issue 7), run on the bench's own stack:
 *  1. withdrawal requests (each places a hold: available -> held) by many customers at
 *     once, against the posting floor (issue 33: the same requests through a bare two-hop,
 *     scripts/bench/baseline/posting-responder.js, running the ledger's own hold statement)
 *     and, for reference, pgbench's TPC-B script on the same database in the same run; then
 *     the admin ledger check must find no difference;
 *  2. the admin All Transactions list over 1,000,000 transactions seeded in bulk: every
 *     page, with search and with each filter, p95 <= 50 ms; and a CSV export of 100,000
 *     rows whose gateway memory stays flat.
 */
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const { randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { Queue } = require('bullmq');
const { connect } = require('nats');
const { JobQueue, LEDGER_EVENTS_STREAM } = require('@portal/contracts');
const { adminAccount, confirmedCustomer, MailInbox, PortalApi, signIn } = require('@portal/testing');

const TARGETS = { withdrawalVsTpcb: 0.5, withdrawalVsFloor: 0.8, pageP95Ms: 50, seededTransactions: 1_000_000, exportRows: 100_000 };

function pgbench(args) {
  return new Promise((resolve, reject) => {
    execFile('pgbench', args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(`pgbench ${args[0]}: ${stderr || error.message}`)) : resolve(`${stdout}\n${stderr}`)));
  });
}

async function withDatabase(databaseUrl, work) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Credits each customer through the book itself (incoming bank -> available), so the ledger check stays clean. */
async function fund(databaseUrl, userIds, amountMinor) {
  await withDatabase(databaseUrl, async (db) => {
    await db.query('BEGIN');
    for (const userId of userIds) {
      await db.query(
        `INSERT INTO ledger.accounts (user_id, currency, kind) SELECT $1, 'USD', kind FROM unnest($2::text[]) WITH ORDINALITY AS k(kind, n) ORDER BY n
         ON CONFLICT (user_id, currency, kind) WHERE user_id IS NOT NULL DO NOTHING`,
        [userId, ['available', 'held', 'locked', 'invested', 'returns']],
      );
      const transactionId = randomUUID();
      const transferId = randomUUID();
      await db.query(
        `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description)
         VALUES ($1, $2, 'deposit', 'completed', $3, 'USD', 'bank', $4, 'Bench funding')`,
        [transactionId, userId, amountMinor, `DEP-BENCH-${transactionId.slice(0, 8)}`],
      );
      await db.query(`INSERT INTO ledger.transfers (id, kind, currency, transaction_id) VALUES ($1, 'deposit', 'USD', $2)`, [transferId, transactionId]);
      await db.query(
        `WITH legs AS (
           SELECT id, CASE WHEN user_id IS NULL THEN -$3::bigint ELSE $3::bigint END AS amount FROM ledger.accounts
           WHERE (user_id = $2 AND currency = 'USD' AND kind = 'available') OR (user_id IS NULL AND currency = 'USD' AND kind = 'incoming_bank')
         ), entries AS (INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $1, id, amount FROM legs)
         UPDATE ledger.accounts a SET balance = a.balance + legs.amount FROM legs WHERE a.id = legs.id`,
        [transferId, userId, amountMinor],
      );
    }
    await db.query('COMMIT');
  });
}

/** 1,000,000 transactions in one statement; the counters behind totals and tiles are rebuilt once after. */
async function seedTransactions(databaseUrl, count) {
  await withDatabase(databaseUrl, async (db) => {
    await db.query('ALTER TABLE ledger.transactions DISABLE TRIGGER trg_transactions_stats');
    await db.query(
      `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, created_at, updated_at)
       SELECT gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad(to_hex(i % 5000), 12, '0'))::uuid,
              t.type, s.status, 100 + (i::bigint * 7919) % 1000000, 'USD', CASE WHEN i % 3 = 0 THEN 'crypto' ELSE 'bank' END,
              upper(left(t.type, 3)) || '-S' || i,
              initcap(t.type) || ' of ' || ((100 + (i::bigint * 7919) % 1000000) / 100.0)::text || ' USD via ' || (ARRAY['First Bank', 'Harbor Credit', 'Northwind Savings', 'Summit Trust'])[1 + i % 4] || ' branch ' || (i % 997),
              now() - make_interval(secs => i * 3), now() - make_interval(secs => i * 3)
       FROM generate_series(1, $1::int) AS i
       CROSS JOIN LATERAL (SELECT (ARRAY['deposit','deposit','deposit','withdrawal','withdrawal','investment','investment','investment','return','fee'])[1 + i % 10] AS type) t
       CROSS JOIN LATERAL (SELECT (ARRAY['completed','completed','completed','pending','processing','failed','completed'])[1 + (i / 10) % 7] AS status) s`,
      [count],
    );
    await db.query('ALTER TABLE ledger.transactions ENABLE TRIGGER trg_transactions_stats');
    await db.query(
      `INSERT INTO ledger.transaction_stats AS s (type, status, currency, shard, count, amount)
       SELECT type, status, currency, hashtext(id::text) & 63, count(*), sum(amount) FROM ledger.transactions WHERE reference ~ '^[A-Z]{3}-S[0-9]+$' GROUP BY 1, 2, 3, 4
       ON CONFLICT (type, status, currency, shard) DO UPDATE SET count = s.count + EXCLUDED.count, amount = s.amount + EXCLUDED.amount`,
    );
    // As autovacuum leaves a table in steady state: visibility map set, statistics current.
    await db.query('VACUUM (ANALYZE) ledger.transactions');
    // The bulk load's pages written out now, not by the checkpointer while pages are timed.
    await db.query('CHECKPOINT');
  });
}

/**
 * Waits until what the withdrawals set going behind them is done: the notification
 * service has handled every ledger event and the email queue is empty. Returns the seconds
 * it took, so the next workload is measured on a quiet stack, not against a backlog.
 */
async function eventPipelineDrained(natsUrl, redisUrl, timeoutMs = 300_000) {
  const startedAt = Date.now();
  const nc = await connect({ servers: natsUrl });
  const queue = new Queue(JobQueue.Email, { connection: { url: redisUrl } });
  try {
    const jsm = await nc.jetstreamManager();
    while (Date.now() - startedAt < timeoutMs) {
      const consumer = await jsm.consumers.info(LEDGER_EVENTS_STREAM.name, 'notification');
      const jobs = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (consumer.num_pending + consumer.num_ack_pending === 0 && Object.values(jobs).every((count) => count === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return Math.round((Date.now() - startedAt) / 100) / 10;
  } finally {
    await queue.close();
    await nc.close();
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timedGet(url, token) {
  const startedAt = process.hrtime.bigint();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  return { ms: Number(process.hrtime.bigint() - startedAt) / 1e6, status: response.status, body };
}

/** First pages sampled repeatedly and a walk 20 pages deep by cursor, four at a time; p95 of all. */
async function pageLatency(gatewayUrl, token, query) {
  const times = [];
  let errors = 0;
  const base = `${gatewayUrl}/api/v1/admin/transactions?limit=20${query ? `&${query}` : ''}`;
  for (let round = 0; round < 15; round++) {
    const answers = await Promise.all(Array.from({ length: 4 }, () => timedGet(base, token)));
    for (const answer of answers) (answer.status === 200 ? times.push(answer.ms) : errors++);
  }
  let cursor = null;
  let total = null;
  for (let page = 0; page < 20; page++) {
    const answer = await timedGet(cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base, token);
    if (answer.status !== 200) {
      errors++;
      break;
    }
    times.push(answer.ms);
    total ??= answer.body.total;
    cursor = answer.body.nextCursor;
    if (!cursor) break;
  }
  return { query: query || '(none)', samples: times.length, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(percentile(times, 95) * 10) / 10, errors, total };
}

function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return null;
  }
}

/** Streams the export, counting rows without keeping them, and samples the gateway's memory meanwhile. */
async function exportRun(gatewayUrl, token, query, gatewayPid) {
  const samples = [];
  const before = rssKb(gatewayPid);
  const timer = setInterval(() => samples.push(rssKb(gatewayPid)), 100);
  const startedAt = Date.now();
  let rows = -1;
  let bytes = 0;
  let tail = '';
  try {
    const response = await fetch(`${gatewayUrl}/api/v1/admin/transactions?format=csv&${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      const text = tail + Buffer.from(chunk).toString('utf8');
      const lines = text.split('\r\n');
      tail = lines.pop();
      rows += lines.length;
    }
  } finally {
    clearInterval(timer);
  }
  const peak = Math.max(before ?? 0, ...samples.filter(Boolean));
  return { rows, megabytes: Math.round(bytes / 1e5) / 10, seconds: (Date.now() - startedAt) / 1000, gatewayRssMb: { before: Math.round((before ?? 0) / 1024), peak: Math.round(peak / 1024) } };
}

/**
 * Runs both workloads. `context`: gatewayUrl, databaseUrl, stack (root, mailUrl), env,
 * settings (connections, durationSeconds, warmupSeconds), cannon, summary, pids, say.
 */
async function runLedgerBench(context) {
  const { gatewayUrl, databaseUrl, stack, env, settings, cannon, summary, pids, say, root, cpuUse, toggleProfiles, natsUrl, redisUrl, floorUrl } = context;
  const api = new PortalApi(gatewayUrl);
  const inbox = new MailInbox(stack.mailUrl);
  const connections = settings.connections;
  const results = { workloads: {}, targets: [] };
  // BENCH_LEDGER_PARTS: withdrawals, list (the 1,000,000-row list and the export), or both (default).
  const parts = (process.env.BENCH_LEDGER_PARTS || 'withdrawals,list').split(',').map((part) => part.trim());

  say(`  ledger: ${connections} customers signing up, funded through the book ...`);
  const customers = [];
  for (let i = 0; i < connections; i++) customers.push(await confirmedCustomer(api, inbox));
  await fund(databaseUrl, customers.map((customer) => customer.user.id), 1_000_000_000);
  const admin = await adminAccount(api, { root, env });

  if (parts.includes('withdrawals')) await withdrawalWorkload();
  if (parts.includes('list')) await listWorkload();
  return results;

  async function withdrawalWorkload() {
    say(`  ledger: pgbench TPC-B (scale ${connections}, ${connections} clients, ${settings.durationSeconds} s) on the same database ...`);
    await pgbench(['-i', '-q', '-s', String(connections), '-I', 'dtgvp', databaseUrl]);
    const output = await pgbench(['-n', '-c', String(connections), '-j', '2', '-T', String(settings.durationSeconds), databaseUrl]);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? /tps = ([\d.]+)/.exec(output)?.[1]);
    results.workloads['pgbench TPC-B'] = { transactionsPerSecond: Math.round(tps) };

    say(`  ledger: withdrawal requests with the hold, one customer per connection: warm-up ${settings.warmupSeconds} s, then ${settings.durationSeconds} s ...`);
    let next = 0;
    const load = {
      url: `${gatewayUrl}/api/v1/withdrawals`,
      method: 'POST',
      connections,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountName: 'Bench Customer', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '100.00', currency: 'USD' }),
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${customers[next++ % customers.length].accessToken}` }),
    };
    await cannon({ ...load, duration: settings.warmupSeconds });
    // The warm-up's notifications and emails would otherwise be worked off inside the measured run.
    const warmUpDrainSeconds = await eventPipelineDrained(natsUrl, redisUrl);
    say(`  ledger: the warm-up's notifications and emails done after ${warmUpDrainSeconds} s; measuring ...`);
    next = 0;
    toggleProfiles(['gateway', 'ledger', 'notification']);
    const measured = await cpuUse(() => cannon({ ...load, duration: settings.durationSeconds }));
    toggleProfiles(['gateway', 'ledger', 'notification']);
    const withdrawals = summary(measured.result);
    results.workloads['withdrawal requests'] = withdrawals;
    // Where a withdrawal's CPU goes (the request, its hold, and the event pipeline behind it: outbox, notification, email).
    results.cpuMicrosPerWithdrawal = Object.fromEntries(
      Object.entries(measured.used).map(([name, seconds]) => [name, Math.round((seconds / Math.max(1, withdrawals.totalRequests)) * 1e6)]),
    );
    const check = await fetch(`${gatewayUrl}/api/v1/admin/ledger/check`, { headers: { authorization: `Bearer ${admin.accessToken}` } }).then((response) => response.json());
    results.ledgerCheck = { ok: check.ok, differences: check.differences?.length, transfers: check.transfers };
    say('  ledger: waiting for the notifications and emails behind the withdrawals ...');
    results.pipelineDrainSeconds = await eventPipelineDrained(natsUrl, redisUrl);
    if (floorUrl) await postingFloor({ ...load, url: `${floorUrl}/api/v1/withdrawals` }, withdrawals);
    results.targets.push(
      {
        target: `withdrawal req/s >= ${TARGETS.withdrawalVsTpcb} x pgbench TPC-B tps`,
        actual: `${withdrawals.requestsPerSecond} vs ${Math.round(tps)} (${(withdrawals.requestsPerSecond / tps).toFixed(2)} x)`,
        pass: withdrawals.requestsPerSecond >= TARGETS.withdrawalVsTpcb * tps,
      },
      { target: 'no errors in the withdrawal requests', actual: String(withdrawals.errors), pass: withdrawals.errors === 0 },
      { target: 'ledger check clean after the withdrawals', actual: check.ok ? `ok (${check.transfers} transfers)` : `${check.differences?.length} differences`, pass: check.ok === true },
    );

  }

  /**
   * The same withdrawal requests through the posting floor, measured like the stack's (warm-up,
   * its events worked off, then the run), and the ledger check again: the floor's holds are
   * real postings of the ledger's own statement, so the book must stay clean.
   */
  async function postingFloor(load, withdrawals) {
    say(`  ledger: the same withdrawal requests through the posting floor: warm-up ${settings.warmupSeconds} s, then ${settings.durationSeconds} s ...`);
    let next = 0;
    const floorLoad = { ...load, setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${customers[next++ % customers.length].accessToken}` }) };
    await cannon({ ...floorLoad, duration: settings.warmupSeconds });
    await eventPipelineDrained(natsUrl, redisUrl);
    next = 0;
    const measured = await cpuUse(() => cannon({ ...floorLoad, duration: settings.durationSeconds }));
    const floor = summary(measured.result);
    results.workloads['withdrawal floor'] = floor;
    results.cpuMicrosPerFloorWithdrawal = Object.fromEntries(Object.entries(measured.used).map(([name, seconds]) => [name, Math.round((seconds / Math.max(1, floor.totalRequests)) * 1e6)]));
    await eventPipelineDrained(natsUrl, redisUrl);
    const check = await fetch(`${gatewayUrl}/api/v1/admin/ledger/check`, { headers: { authorization: `Bearer ${admin.accessToken}` } }).then((response) => response.json());
    results.targets.push(
      {
        target: `withdrawal req/s >= ${TARGETS.withdrawalVsFloor} x the posting floor`,
        actual: `${withdrawals.requestsPerSecond} vs ${floor.requestsPerSecond} (${(withdrawals.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} x)`,
        pass: withdrawals.requestsPerSecond >= TARGETS.withdrawalVsFloor * floor.requestsPerSecond,
      },
      { target: 'no errors in the posting floor', actual: String(floor.errors), pass: floor.errors === 0 },
      { target: 'ledger check clean after the posting floor', actual: check.ok ? `ok (${check.transfers} transfers)` : `${check.differences?.length} differences`, pass: check.ok === true },
    );
  }

  async function listWorkload() {
    say(`  ledger: seeding ${TARGETS.seededTransactions.toLocaleString('en-US')} transactions with generate_series ...`);
    const seedStarted = Date.now();
    await seedTransactions(databaseUrl, TARGETS.seededTransactions);
    results.seedSeconds = (Date.now() - seedStarted) / 1000;
    // Access tokens are short-lived: a fresh sign-in for the list and export runs.
    const lister = await signIn(api, admin.email, admin.password);
    const queries = ['', 'q=Harbor', 'q=DEP-S4242', 'q=northwind%20savings%20branch%2017', 'type=withdrawal', 'type=fee', 'status=pending', 'status=failed', 'type=deposit&status=processing', 'method=crypto', `from=${new Date(Date.now() - 86_400_000).toISOString()}`];
    const pages = [];
    // Untimed, like every other workload's warm-up: the first pages after start-up pay for
    // opening pooled database connections and compiling the list's code, once.
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 4 }, () => timedGet(`${gatewayUrl}/api/v1/admin/transactions?limit=20`, lister.accessToken)));
    toggleProfiles(['gateway', 'ledger', 'identity']);
    const listed = await cpuUse(async () => {
      for (const query of queries) pages.push(await pageLatency(gatewayUrl, lister.accessToken, query));
    });
    toggleProfiles(['gateway', 'ledger', 'identity']);
    results.pages = pages;
    // Where a page's CPU goes: the pages queue for two cores, so this is what their latency is made of.
    const pageCount = pages.reduce((sum, page) => sum + page.samples + page.errors, 0);
    results.cpuMicrosPerPage = Object.fromEntries(Object.entries(listed.used).map(([name, seconds]) => [name, Math.round((seconds / Math.max(1, pageCount)) * 1e6)]));
    const worst = pages.reduce((max, page) => (page.p95 > max.p95 ? page : max), pages[0]);
    const pageErrors = pages.reduce((sum, page) => sum + page.errors, 0);
    results.targets.push(
      { target: `every list page p95 <= ${TARGETS.pageP95Ms} ms (search, each filter, 20 pages deep)`, actual: `worst ${worst.p95} ms (${worst.query})`, pass: worst.p95 <= TARGETS.pageP95Ms },
      { target: 'no errors in the list pages', actual: String(pageErrors), pass: pageErrors === 0 },
    );

    say('  ledger: CSV export of the fees (100,000 rows) ...');
    const exporter = await signIn(api, admin.email, admin.password);
    const exported = await exportRun(gatewayUrl, exporter.accessToken, 'type=fee', pids.gateway);
    results.export = exported;
    results.targets.push({
      target: `CSV export of ${TARGETS.exportRows.toLocaleString('en-US')} rows streams with flat gateway memory (< +100 MB)`,
      actual: `${exported.rows} rows, ${exported.megabytes} MB in ${exported.seconds} s, gateway RSS ${exported.gatewayRssMb.before} -> peak ${exported.gatewayRssMb.peak} MB`,
      pass: exported.rows >= TARGETS.exportRows && exported.gatewayRssMb.peak - exported.gatewayRssMb.before < 100,
    });
  }
}

/** The ledger's figures, printed after the bench's own tables. */
function reportLedger(results, say, table) {
  const w = results.workloads['withdrawal requests'];
  if (w) {
    say('\n' + table([
      ['ledger workload', 'per second', 'p50 ms', 'p99 ms', 'errors'],
      ['pgbench TPC-B (tps)', results.workloads['pgbench TPC-B'].transactionsPerSecond, '-', '-', '-'],
      ['withdrawal requests', w.requestsPerSecond, w.latencyMs.p50, w.latencyMs.p99, w.errors],
      ...(results.workloads['withdrawal floor'] ? [['withdrawal floor (bare two-hop, same SQL)', results.workloads['withdrawal floor'].requestsPerSecond, results.workloads['withdrawal floor'].latencyMs.p50, results.workloads['withdrawal floor'].latencyMs.p99, results.workloads['withdrawal floor'].errors]] : []),
    ]));
    say(`\nnotifications and emails of the withdrawals all done ${results.pipelineDrainSeconds} s after the ledger check`);
  }
  if (results.cpuMicrosPerWithdrawal) {
    const entries = Object.entries(results.cpuMicrosPerWithdrawal).filter(([, micros]) => micros > 0);
    say('\n' + table([['CPU per withdrawal (µs)', ...entries.map(([name]) => name)], ['', ...entries.map(([, micros]) => micros)]]));
  }
  if (results.cpuMicrosPerFloorWithdrawal) {
    const entries = Object.entries(results.cpuMicrosPerFloorWithdrawal).filter(([, micros]) => micros > 0);
    say('\n' + table([['CPU per floor withdrawal (µs)', ...entries.map(([name]) => name)], ['', ...entries.map(([, micros]) => micros)]]));
  }
  if (!results.pages) return;
  say(`\nseeded 1,000,000 transactions in ${results.seedSeconds} s`);
  say('\n' + table([['admin list query', 'samples', 'p50 ms', 'p95 ms', 'errors', 'total'], ...results.pages.map((page) => [page.query.slice(0, 60), page.samples, page.p50, page.p95, page.errors, page.total])]));
  if (results.cpuMicrosPerPage) {
    const entries = Object.entries(results.cpuMicrosPerPage).filter(([, micros]) => micros > 0);
    say('\n' + table([['CPU per list page (µs)', ...entries.map(([name]) => name)], ['', ...entries.map(([, micros]) => micros)]]));
  }
}

module.exports = { runLedgerBench, reportLedger, seedTransactions };
