'use strict';
/**
 * The investment day's workloads of `npm run bench` (issue 28): the compiled InvestmentDay
 * (apps/ledger/dist) against the bare set-based SQL that writes the same rows, side by side
 * in the same run, each on a database of its own (created, migrated with the ledger's
 * migrations, dropped after):
 *  1. accrual: 100,000 active USD investments (one customer each, all five accounts,
 *     invested balance seeded through the book) accrue one day. The floor is one statement
 *     writing the day's accrual rows, the investments' accrued figures, one entry per
 *     returns account plus the system returns_paid entry, the transfer and the balances,
 *     in a transaction rolled back; then InvestmentDay.run(D) for real. A round per day
 *     (D, D+1, ...), medians compared: target <= 2.0 x.
 *  2. maturity: 10,000 investments maturing on one day (fully accrued, returns balances
 *     seeded through the book): the floor writes the same return and fee transactions,
 *     transfers, entries, balances, investments and outbox events in one statement (rolled
 *     back); then InvestmentDay.run(M) for real. A fresh group of 10,000 per round.
 * Before every measured statement the touched tables are vacuumed and analysed and a
 * checkpoint is taken (untimed), as a day's autovacuum would leave them; after the rounds
 * the book's invariants (those of the admin ledger check) are verified.
 *
 * Alone: node scripts/bench/investment-day-bench.js (builds apps/ledger when its dist is
 * missing or older than its sources, unless BENCH_SKIP_BUILD=1). Settings (environment):
 * BENCH_INVESTMENT_ROUNDS (5), BENCH_INVESTMENTS_ACCRUING (100000), BENCH_INVESTMENTS_MATURING
 * (10000), BENCH_INVESTMENT_PARTS (accrual,maturity), BENCH_INVESTMENT_EXPLAIN=1 (one more
 * round of each part with every statement's plan, EXPLAIN ANALYZE by auto_explain, printed),
 * BENCH_INVESTMENT_DAY_LIMIT_SECONDS (a day running longer is cancelled and reported failed;
 * default 20 x the floor, at least 60 s), BENCH_DATABASE_SERVER_URL.
 */
const { execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..', '..');
const TARGETS = { ratio: 2.0, accruing: 100_000, maturing: 10_000 };
const settings = {
  rounds: Number(process.env.BENCH_INVESTMENT_ROUNDS || 5),
  accruing: Number(process.env.BENCH_INVESTMENTS_ACCRUING || TARGETS.accruing),
  maturing: Number(process.env.BENCH_INVESTMENTS_MATURING || TARGETS.maturing),
  parts: (process.env.BENCH_INVESTMENT_PARTS || 'accrual,maturity').split(',').map((part) => part.trim()),
  explain: process.env.BENCH_INVESTMENT_EXPLAIN === '1',
};

// The seeded investments' terms (minor units): 10,000.00 for 6 months, 750.00 return, 125.00 fee.
const TERMS = { amount: 1_000_000, expectedReturn: 75_000, fee: 12_500, months: 6 };
/** The accrual's first business date (its investments started the day before) and the maturity's first day. */
const ACCRUAL_DAY = '2027-01-04';
const MATURITY_DAY = '2027-07-05';

const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (value) => Math.round(value * 10) / 10;
/** Minor units as the wire's decimal string, in SQL (as book/post-investment-day.ts writes them). */
const decimal = (column) => `((${column}) / 100)::text || '.' || lpad(((${column}) % 100)::text, 2, '0')`;
/** The bench's customers: one uuid per number, recognisable in the book. */
const userId = (number) => `('00000000-0000-4000-8000-' || lpad(to_hex(${number}), 12, '0'))::uuid`;

// ---------------------------------------------------------------- the code under test

/** The compiled ledger (apps/ledger/dist): built by `npm run build` or `npx tsc -b apps/ledger`. */
function ledgerDist() {
  const dist = path.join(root, 'apps', 'ledger', 'dist');
  const file = path.join(dist, 'investments', 'investment-day.js');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run npm run build (or npx tsc -b apps/ledger) first`);
  require('reflect-metadata');
  return {
    InvestmentDay: require(file).InvestmentDay,
    Book: require(path.join(dist, 'book', 'book.js')).Book,
    ledgerMigrations: require(path.join(dist, 'migrations', 'index.js')).ledgerMigrations,
    ManualClock: require('@portal/config').ManualClock,
    maturedSubject: require('@portal/contracts').LedgerEvents.investmentMatured.subject,
    database: require('@portal/database'),
    DataSource: require('typeorm').DataSource,
  };
}

/** Run alone: the ledger's dist is rebuilt when a source is newer than it (tsc -b is incremental). */
function ensureBuilt() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const built = path.join(root, 'apps', 'ledger', 'dist', 'investments', 'investment-day.js');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return Math.max(max, newest(full));
      return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? Math.max(max, fs.statSync(full).mtimeMs) : max;
    }, 0);
  const sources = ['apps/ledger/src', 'libs/config/src', 'libs/database/src', 'libs/contracts/src', 'libs/messaging/src'].map((dir) => newest(path.join(root, dir)));
  if (builtAt >= Math.max(...sources)) return;
  process.stdout.write('investment day: apps/ledger/dist is missing or older than its sources: npx tsc -b apps/ledger ...\n');
  execFileSync('npx', ['tsc', '-b', 'apps/ledger'], { cwd: root, stdio: 'inherit' });
}

// ---------------------------------------------------------------- databases

async function onServer(serverUrl, sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The bench's databases not dropped yet (an interrupted run alone drops them on its way out). */
const openDatabases = new Map();

/** A fresh database of the bench's own, the ledger's migrations run; dropped when `work` is done. */
async function withLedgerDatabase(serverUrl, dist, label, work) {
  const name = `bench_investments_${process.pid}_${label}`;
  await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  openDatabases.set(name, serverUrl);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const options = (poolSize) => dist.database.serviceDataSourceOptions({ schema: 'ledger', url, entities: [], migrations: dist.ledgerMigrations, poolSize });
  // The migrations as a service runs them at start (one connection holds the lock, another migrates).
  const migrator = new dist.DataSource(options(2));
  // Then one connection: the floor and the day take turns on it, never both at once.
  const dataSource = new dist.DataSource(options(1));
  try {
    await migrator.initialize();
    await dist.database.migrateServiceSchema(migrator, 'ledger');
    await migrator.destroy();
    await dataSource.initialize();
    return await work(dataSource);
  } finally {
    if (migrator.isInitialized) await migrator.destroy();
    if (dataSource.isInitialized) await dataSource.destroy();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    openDatabases.delete(name);
  }
}

const TOUCHED_TABLES = ['accounts', 'entries', 'transfers', 'investments', 'investment_accruals', 'transactions', 'transaction_stats', 'outbox_events'];

/** What a day's autovacuum leaves: dead rows gone, statistics current, dirty pages written out. */
async function settle(dataSource) {
  await dataSource.query(`VACUUM (ANALYZE) ${TOUCHED_TABLES.map((table) => `ledger.${table}`).join(', ')}`);
  await dataSource.query('CHECKPOINT');
}

/** Customers 1..count (offset by `first`): all five USD accounts each, ordered as a customer opens them. */
async function seedCustomers(dataSource, first, count) {
  await dataSource.query(
    `INSERT INTO ledger.accounts (user_id, currency, kind)
     SELECT ${userId('n')}, 'USD', k.kind FROM generate_series($1::int, $2::int) AS n
     CROSS JOIN unnest(ARRAY['available', 'held', 'locked', 'invested', 'returns']) WITH ORDINALITY AS k(kind, position)
     ORDER BY n, k.position`,
    [first, first + count - 1],
  );
}

/**
 * Active USD investments of customers first..first+count-1, one each, started on `start`,
 * 6 months long, accrued `accrued` through `accruedThrough` (null: nothing yet).
 */
async function seedInvestments(dataSource, { first, count, start, accruedThrough, accrued }) {
  await dataSource.query(
    `INSERT INTO ledger.investments (id, application_id, user_id, investment_type, currency, amount, funded, duration_months, return_rate, expected_return, fee_rate, fee,
                                     accrued, accrued_through, status, opened_on, funding_deadline, start_date, maturity_date)
     SELECT gen_random_uuid(), gen_random_uuid(), ${userId('n')}, 'personal', 'USD', $3, $3, $4, 7.50, $5, 1.25, $6,
            $7, $8::date, 'active', $9::date - 5, $9::date + 2, $9::date, ($9::date + make_interval(months => $4))::date
     FROM generate_series($1::int, $2::int) AS n`,
    [first, first + count - 1, TERMS.amount, TERMS.months, TERMS.expectedReturn, TERMS.fee, accrued, accruedThrough, start],
  );
}

/**
 * The money behind the seeded investments, through the book so its invariants hold: one
 * transfer crediting each invested account with its principal and each returns account
 * with what was accrued, against the system accounts (incoming_bank, returns_paid).
 */
async function seedBook(dataSource) {
  const transferId = randomUUID();
  await dataSource.query(`INSERT INTO ledger.transfers (id, kind, currency) VALUES ($1, 'bench_seed', 'USD')`, [transferId]);
  await dataSource.query(
    `WITH invested AS (
       SELECT a.id, sum(i.amount) AS amount FROM ledger.investments i JOIN ledger.accounts a ON a.user_id = i.user_id AND a.currency = i.currency AND a.kind = 'invested'
       WHERE i.status = 'active' GROUP BY a.id
     ),
     returns AS (
       SELECT a.id, sum(i.accrued) AS amount FROM ledger.investments i JOIN ledger.accounts a ON a.user_id = i.user_id AND a.currency = i.currency AND a.kind = 'returns'
       WHERE i.status = 'active' GROUP BY a.id HAVING sum(i.accrued) > 0
     ),
     moves AS (
       SELECT id, amount FROM invested UNION ALL SELECT id, amount FROM returns
       UNION ALL SELECT id, -(SELECT coalesce(sum(amount), 0) FROM invested) FROM ledger.accounts WHERE user_id IS NULL AND currency = 'USD' AND kind = 'incoming_bank'
       UNION ALL SELECT id, -(SELECT coalesce(sum(amount), 0) FROM returns) FROM ledger.accounts WHERE user_id IS NULL AND currency = 'USD' AND kind = 'returns_paid'
     ),
     entries AS (INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $1, id, amount FROM moves WHERE amount <> 0)
     UPDATE ledger.accounts a SET balance = a.balance + m.amount FROM moves m WHERE a.id = m.id`,
    [transferId],
  );
  // What was accrued before the bench, as one accrual row per investment (the ledger check
  // compares each investment's accrued figure with the sum of its accrual rows).
  await dataSource.query(
    `INSERT INTO ledger.investment_accruals (investment_id, business_date, amount, transfer_id)
     SELECT id, accrued_through, accrued, $1 FROM ledger.investments WHERE status = 'active' AND accrued > 0`,
    [transferId],
  );
}

/** The admin ledger check's invariants (apps/ledger/src/check/ledger-check.ts), counted. */
async function bookDifferences(dataSource) {
  const [row] = await dataSource.query(`
    SELECT
      (SELECT count(*) FROM (SELECT transfer_id FROM ledger.entries GROUP BY transfer_id HAVING sum(amount) <> 0) x)::int AS transfers_not_zero,
      (SELECT count(*) FROM ledger.entries e JOIN ledger.accounts a ON a.id = e.account_id JOIN ledger.transfers t ON t.id = e.transfer_id WHERE a.currency <> t.currency)::int AS mixed_currencies,
      (SELECT count(*) FROM (SELECT a.currency FROM ledger.entries e JOIN ledger.accounts a ON a.id = e.account_id GROUP BY a.currency HAVING sum(e.amount) <> 0) x)::int AS currencies_not_zero,
      (SELECT count(*) FROM ledger.accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger.entries GROUP BY account_id) s ON s.account_id = a.id
        WHERE a.balance <> coalesce(s.total, 0))::int AS balances_differ,
      (SELECT count(*) FROM ledger.accounts WHERE user_id IS NOT NULL AND balance < 0)::int AS negative,
      (SELECT count(*) FROM (SELECT i.id FROM ledger.investments i LEFT JOIN ledger.investment_accruals a ON a.investment_id = i.id
        GROUP BY i.id HAVING coalesce(sum(a.amount), 0) > i.expected_return OR coalesce(sum(a.amount), 0) <> i.accrued) x)::int AS accruals_differ,
      (SELECT count(*) FROM ledger.investment_accruals a JOIN ledger.investments i ON i.id = a.investment_id
        WHERE a.business_date < i.start_date OR a.business_date >= i.maturity_date)::int AS accruals_outside,
      (SELECT count(*) FROM (SELECT i.id FROM ledger.investments i LEFT JOIN ledger.transactions t ON t.investment_id = i.id AND t.type IN ('return', 'fee')
        WHERE i.status IN ('matured', 'active') GROUP BY i.id
        HAVING (i.status = 'matured' AND (count(t.id) FILTER (WHERE t.type = 'return') <> 1 OR count(t.id) FILTER (WHERE t.type = 'fee') <> CASE WHEN i.fee > 0 THEN 1 ELSE 0 END))
            OR (i.status = 'active' AND count(t.id) > 0)) x)::int AS payouts_differ`);
  return Object.entries(row).filter(([, count]) => count > 0).map(([kind, count]) => `${kind} ${count}`);
}

// ---------------------------------------------------------------- the floors

/**
 * The bare floor of a day's accrual: one statement that writes what the day writes when every
 * due investment owes one day (the day before the business date), no catch-up, no conflict
 * handling, no second pass over the entries, no explicit lock order.
 */
const FLOOR_ACCRUAL = `
  WITH transfer AS (
    INSERT INTO ledger.transfers (id, kind, currency, created_at) VALUES ($2, 'return_accrual', 'USD', $3)
  ),
  due AS (
    SELECT i.id, i.user_id,
           CASE WHEN $1::date - 1 = i.maturity_date - 1
                THEN i.expected_return - (i.expected_return / (i.maturity_date - i.start_date)) * (i.maturity_date - i.start_date - 1)
                ELSE i.expected_return / (i.maturity_date - i.start_date) END AS amount
    FROM ledger.investments i
    WHERE i.status = 'active' AND i.currency = 'USD' AND coalesce(i.accrued_through + 1, i.start_date) < least($1::date, i.maturity_date)
  ),
  accruals AS (
    INSERT INTO ledger.investment_accruals (investment_id, business_date, amount, transfer_id) SELECT id, $1::date - 1, amount, $2 FROM due
  ),
  investments AS (
    UPDATE ledger.investments i SET accrued = i.accrued + due.amount, accrued_through = $1::date - 1, updated_at = now() FROM due WHERE i.id = due.id
  ),
  moves AS (
    SELECT a.id, sum(due.amount) AS amount FROM due JOIN ledger.accounts a ON a.user_id = due.user_id AND a.currency = 'USD' AND a.kind = 'returns' GROUP BY a.id
    UNION ALL
    SELECT id, -(SELECT sum(amount) FROM due) FROM ledger.accounts WHERE user_id IS NULL AND currency = 'USD' AND kind = 'returns_paid'
  ),
  entries AS (
    INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $2, id, amount FROM moves WHERE amount <> 0
  ),
  balances AS (
    UPDATE ledger.accounts a SET balance = a.balance + m.amount, updated_at = now() FROM moves m WHERE a.id = m.id AND m.amount <> 0 RETURNING a.id
  )
  SELECT (SELECT count(*) FROM due)::int AS accruals, (SELECT count(*) FROM moves WHERE amount <> 0)::int AS entries, (SELECT count(*) FROM balances)::int AS balances`;

/**
 * The bare floor of a day's maturity: one statement writing the same investments, return and
 * fee transactions (same descriptions and details), transfers, entries, outbox events and
 * balances as the day's payout does. The references' tail is the investment's id (unique:
 * one return and at most one fee per investment), as in book/post-investment-day.ts.
 */
const FLOOR_MATURITY = `
  WITH matured AS (
    UPDATE ledger.investments SET status = 'matured', closed_on = $1, updated_at = now()
    WHERE status = 'active' AND maturity_date <= $1
    RETURNING id, user_id, currency, investment_type, amount, accrued, fee, start_date, maturity_date, duration_months
  ),
  due AS (
    SELECT m.*, gen_random_uuid() AS return_txn, gen_random_uuid() AS return_transfer, gen_random_uuid() AS fee_txn, gen_random_uuid() AS fee_transfer,
           available.id AS available, invested.id AS invested, returns.id AS returns, fees.id AS fees,
           CASE m.investment_type WHEN 'personal' THEN 'Personal' WHEN 'corporate' THEN 'Corporate' ELSE 'GIPP' END AS label,
           (extract(epoch FROM $2::timestamptz) * 1000)::bigint::text || '-' || upper(replace(m.id::text, '-', '')) AS tail
    FROM matured m
    JOIN ledger.accounts available ON available.user_id = m.user_id AND available.currency = m.currency AND available.kind = 'available'
    JOIN ledger.accounts invested ON invested.user_id = m.user_id AND invested.currency = m.currency AND invested.kind = 'invested'
    JOIN ledger.accounts returns ON returns.user_id = m.user_id AND returns.currency = m.currency AND returns.kind = 'returns'
    JOIN ledger.accounts fees ON fees.user_id IS NULL AND fees.currency = m.currency AND fees.kind = 'fees'
  ),
  transactions AS (
    INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, details, investment_id, created_at, updated_at)
    SELECT return_txn, user_id, 'return', 'completed', amount + accrued, currency, 'balance', 'RET-' || tail,
           label || ' investment matured: principal ' || ${decimal('amount')} || ' and return ' || ${decimal('accrued')} || ' ' || currency,
           jsonb_build_object('investmentId', id, 'investmentType', investment_type, 'principal', ${decimal('amount')}, 'return', ${decimal('accrued')}), id, $2, $2
    FROM due
    UNION ALL
    SELECT fee_txn, user_id, 'fee', 'completed', fee, currency, 'balance', 'FEE-' || tail,
           'Platform fee of ' || label || ' investment: ' || ${decimal('fee')} || ' ' || currency,
           jsonb_build_object('investmentId', id, 'investmentType', investment_type), id, $2, $2
    FROM due WHERE fee > 0
  ),
  transfers AS (
    INSERT INTO ledger.transfers (id, kind, currency, transaction_id, created_at)
    SELECT return_transfer, 'investment_payout', currency, return_txn, $2 FROM due
    UNION ALL SELECT fee_transfer, 'investment_fee', currency, fee_txn, $2 FROM due WHERE fee > 0
  ),
  legs AS (
    SELECT return_transfer AS transfer_id, invested AS account_id, -amount AS amount FROM due
    UNION ALL SELECT return_transfer, returns, -accrued FROM due WHERE accrued > 0
    UNION ALL SELECT return_transfer, available, amount + accrued FROM due
    UNION ALL SELECT fee_transfer, available, -fee FROM due WHERE fee > 0
    UNION ALL SELECT fee_transfer, fees, fee FROM due WHERE fee > 0
  ),
  entries AS (
    INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT transfer_id, account_id, amount FROM legs
  ),
  moves AS (SELECT account_id, sum(amount) AS amount FROM legs GROUP BY account_id),
  balances AS (
    UPDATE ledger.accounts a SET balance = a.balance + moves.amount, updated_at = now() FROM moves WHERE a.id = moves.account_id RETURNING a.id
  ),
  events AS (
    INSERT INTO ledger.outbox_events (id, subject, payload)
    SELECT gen_random_uuid(), $3, jsonb_build_object(
      'investmentId', id, 'userId', user_id, 'investmentType', investment_type, 'status', 'matured',
      'amount', ${decimal('amount')}, 'currency', currency, 'returnAmount', ${decimal('accrued')}, 'feeAmount', ${decimal('fee')},
      'paidOut', ${decimal('amount + accrued - fee')}, 'startDate', to_char(start_date, 'YYYY-MM-DD'), 'maturityDate', to_char(maturity_date, 'YYYY-MM-DD'),
      'durationMonths', duration_months, 'occurredAt', to_char($2::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM due RETURNING id
  )
  SELECT (SELECT count(*) FROM due)::int AS matured, (SELECT count(*) FROM legs)::int AS entries, (SELECT count(*) FROM balances)::int AS balances,
         (SELECT count(*) FROM events)::int AS events`;

/** The floor's statement in a transaction rolled back: the state stays as it was for the day itself. */
async function timedFloor(dataSource, sql, parameters) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const startedAt = process.hrtime.bigint();
    await runner.query('BEGIN');
    const [row] = await runner.query(sql, parameters);
    await runner.query('ROLLBACK');
    return { ms: Number(process.hrtime.bigint() - startedAt) / 1e6, row };
  } finally {
    await runner.release();
  }
}

// ---------------------------------------------------------------- statement timing, plans

/**
 * Times every statement the day sends (wrapping the data source's query runners), so a slow
 * day shows which of its statements is slow.
 */
function recordStatements(dataSource) {
  const recorded = [];
  const create = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (...args) => {
    const runner = create(...args);
    const query = runner.query.bind(runner);
    runner.query = async (sql, parameters, ...rest) => {
      const startedAt = process.hrtime.bigint();
      try {
        return await query(sql, parameters, ...rest);
      } finally {
        recorded.push({ sql: sql.replace(/\s+/g, ' ').trim(), ms: Number(process.hrtime.bigint() - startedAt) / 1e6 });
      }
    };
    return runner;
  };
  return {
    take: () => recorded.splice(0),
  };
}

/** The statements of one day, slowest first (a statement's text shortened). */
function statementLines(statements, limit = 8) {
  return [...statements]
    .filter((statement) => !/^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/.test(statement.sql))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit)
    .map((statement) => `      ${round1(statement.ms).toFixed(1).padStart(8)} ms  ${statement.sql.slice(0, 150)}`);
}

/**
 * Plans with actual times of every statement of `work` (auto_explain at NOTICE level on the
 * one connection, nested statements included), printed.
 */
async function explained(dataSource, say, work) {
  const notices = [];
  const onNotice = (notice) => notices.push(notice.message);
  // The pool holds one connection: the settings made on it hold for the work's statements.
  const runner = dataSource.createQueryRunner();
  const client = await runner.connect();
  client.on('notice', onNotice);
  try {
    await runner.query(`LOAD 'auto_explain'`);
    for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on', 'log_timing = on', 'log_nested_statements = on', `log_level = 'notice'`]) {
      await runner.query(`SET auto_explain.${setting}`);
    }
  } finally {
    await runner.release();
  }
  try {
    await work();
  } finally {
    const reset = dataSource.createQueryRunner();
    await reset.connect();
    await reset.query(`SET auto_explain.log_min_duration = -1`);
    await reset.release();
    client.removeListener('notice', onNotice);
  }
  for (const plan of notices.filter((message) => /duration: ([\d.]+) ms/.exec(message) && Number(/duration: ([\d.]+) ms/.exec(message)[1]) >= 5)) {
    say(plan.split('\n').map((line) => `      ${line}`).join('\n'));
  }
}

// ---------------------------------------------------------------- the workloads

/**
 * An InvestmentDay as the ledger's module wires it, without Nest: its constructor's parameters
 * (design:paramtypes) by type name: the bench's DataSource, one Book, a ManualClock; a class
 * among them (CancelInvestment, SecurityDeposits, ...) is built the same way from its own
 * parameters, and what that one needs beyond these three (platform settings, service clients
 * the day never calls) is a stand-in that fails loudly if the day ever uses it.
 */
function newDay(dist, dataSource) {
  const clock = new dist.ManualClock(`${ACCRUAL_DAY}T00:05:00Z`);
  const known = { DataSource: dataSource, Book: new dist.Book(), Clock: clock };
  const standIn = (name) =>
    new Proxy({}, { get: (_, property) => (property === 'then' ? undefined : () => { throw new Error(`the investment day bench has no ${name} (${String(property)} was called)`); }) });
  const build = (Class, depth) => {
    const types = Reflect.getMetadata('design:paramtypes', Class) ?? [];
    return new Class(...types.map((type) => known[type?.name] ?? (depth === 0 && typeof type === 'function' && Reflect.getMetadata('design:paramtypes', type) ? build(type, depth + 1) : standIn(type?.name ?? 'dependency'))));
  };
  return { day: build(dist.InvestmentDay, 0), clock };
}

/**
 * InvestmentDay.run(businessDate), timed. A day still running after `limitMs` is cancelled
 * (pg_cancel_backend of the bench database's other connections: its transaction rolls back)
 * and reported as failed: far past the target, its exact time says nothing more.
 */
async function timedDay(day, clock, businessDate, dataSource, limitMs) {
  clock.set(`${businessDate}T00:05:00Z`);
  let cancelled = false;
  const timer = setTimeout(() => {
    cancelled = true;
    const client = new Client({ connectionString: dataSource.options.url });
    client
      .connect()
      .then(() => client.query(`SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`))
      .catch(() => undefined)
      .finally(() => client.end().catch(() => undefined));
  }, limitMs);
  const startedAt = process.hrtime.bigint();
  try {
    const report = await day.run(businessDate, { wait: true });
    return { ms: Number(process.hrtime.bigint() - startedAt) / 1e6, report };
  } catch (error) {
    if (cancelled) throw new Error(`did not finish within ${Math.round(limitMs / 1000)} s (cancelled; the limit is BENCH_INVESTMENT_DAY_LIMIT_SECONDS, or ${LIMIT_FACTOR} x the floor)`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** How long a day may run: BENCH_INVESTMENT_DAY_LIMIT_SECONDS, else 20 x the round's floor (at least 60 s). */
const LIMIT_FACTOR = 20;
const dayLimitMs = (floorMs) => (process.env.BENCH_INVESTMENT_DAY_LIMIT_SECONDS ? Number(process.env.BENCH_INVESTMENT_DAY_LIMIT_SECONDS) * 1000 : Math.max(60_000, LIMIT_FACTOR * floorMs));

async function accrualWorkload(dist, serverUrl, say) {
  const count = settings.accruing;
  return withLedgerDatabase(serverUrl, dist, 'accrual', async (dataSource) => {
    say(`  investment day: seeding ${count.toLocaleString('en-US')} active investments (one customer each, five accounts) ...`);
    const seedStarted = Date.now();
    await seedCustomers(dataSource, 1, count);
    await seedInvestments(dataSource, { first: 1, count, start: addDays(ACCRUAL_DAY, -1), accruedThrough: null, accrued: 0 });
    await seedBook(dataSource);
    await settle(dataSource);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const statements = recordStatements(dataSource);
    const { day, clock } = newDay(dist, dataSource);
    const rounds = [];
    let failure = null;
    for (let round = 0; round < settings.rounds + (settings.explain ? 1 : 0); round++) {
      const businessDate = addDays(ACCRUAL_DAY, round);
      const explain = settings.explain && round === settings.rounds;
      await settle(dataSource);
      const floor = explain
        ? await explainedRun(dataSource, say, `floor, accrual of ${businessDate}`, () => timedFloor(dataSource, FLOOR_ACCRUAL, [businessDate, randomUUID(), `${businessDate}T00:05:00Z`]))
        : await timedFloor(dataSource, FLOOR_ACCRUAL, [businessDate, randomUUID(), `${businessDate}T00:05:00Z`]);
      await settle(dataSource);
      statements.take();
      const run = await dayOrFailure(explain ? () => explainedRun(dataSource, say, `InvestmentDay.run(${businessDate})`, () => timedDay(day, clock, businessDate, dataSource, dayLimitMs(floor.ms))) : () => timedDay(day, clock, businessDate, dataSource, dayLimitMs(floor.ms)));
      if (run.error) {
        say(`    ${businessDate}: floor ${round1(floor.ms)} ms, InvestmentDay.run failed: ${run.error}`);
        failure = { businessDate, floorMs: round1(floor.ms), error: run.error };
        break;
      }
      const breakdown = statements.take();
      const [written] = await dataSource.query(
        `SELECT (SELECT count(*) FROM ledger.investment_accruals WHERE business_date = $1::date - 1)::int AS accruals,
                (SELECT count(*) FROM ledger.entries WHERE transfer_id = (SELECT transfer_id FROM ledger.investment_accruals WHERE business_date = $1::date - 1 LIMIT 1))::int AS entries`,
        [businessDate],
      );
      if (run.report.accrued !== count || floor.row.accruals !== count || written.accruals !== count || written.entries !== floor.row.entries) {
        throw new Error(`accrual of ${businessDate}: the day accrued ${run.report.accrued} days (${written.accruals} rows, ${written.entries} entries), the floor ${floor.row.accruals} (${floor.row.entries} entries); expected ${count}`);
      }
      if (explain) break;
      rounds.push({ businessDate, floorMs: round1(floor.ms), dayMs: round1(run.ms), ratio: Math.round((run.ms / floor.ms) * 100) / 100, entries: written.entries, statements: breakdown });
      say(`    ${businessDate}: floor ${round1(floor.ms)} ms, InvestmentDay ${round1(run.ms)} ms (${(run.ms / floor.ms).toFixed(2)} x)`);
    }
    const differences = await bookDifferences(dataSource);
    return summarise('accrual', count, rounds.length ? { accruals: count, entries: rounds[0].entries, transfers: 1 } : {}, rounds, seedSeconds, differences, failure);
  });
}

async function maturityWorkload(dist, serverUrl, say) {
  const count = settings.maturing;
  const groups = settings.rounds + (settings.explain ? 1 : 0);
  return withLedgerDatabase(serverUrl, dist, 'maturity', async (dataSource) => {
    say(`  investment day: seeding ${groups} x ${count.toLocaleString('en-US')} fully accrued investments, one group maturing each day from ${MATURITY_DAY} ...`);
    const seedStarted = Date.now();
    await seedCustomers(dataSource, 1, count * groups);
    for (let group = 0; group < groups; group++) {
      const maturity = addDays(MATURITY_DAY, group);
      const [{ start }] = await dataSource.query(`SELECT to_char($1::date - make_interval(months => $2), 'YYYY-MM-DD') AS start`, [maturity, TERMS.months]);
      // Six months back and forth need not land on the same day (31 August - 6 months + 6 months): the group's maturity is what counts.
      await seedInvestments(dataSource, { first: 1 + group * count, count, start, accruedThrough: null, accrued: TERMS.expectedReturn });
      await dataSource.query(`UPDATE ledger.investments SET maturity_date = $1, accrued_through = $1::date - 1 WHERE accrued_through IS NULL`, [maturity]);
    }
    await seedBook(dataSource);
    await settle(dataSource);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const statements = recordStatements(dataSource);
    const { day, clock } = newDay(dist, dataSource);
    const rounds = [];
    let failure = null;
    for (let round = 0; round < groups; round++) {
      const businessDate = addDays(MATURITY_DAY, round);
      const explain = settings.explain && round === settings.rounds;
      const parameters = [businessDate, `${businessDate}T00:05:00Z`, dist.maturedSubject];
      await settle(dataSource);
      const floor = explain ? await explainedRun(dataSource, say, `floor, maturity of ${businessDate}`, () => timedFloor(dataSource, FLOOR_MATURITY, parameters)) : await timedFloor(dataSource, FLOOR_MATURITY, parameters);
      await settle(dataSource);
      statements.take();
      const run = await dayOrFailure(explain ? () => explainedRun(dataSource, say, `InvestmentDay.run(${businessDate})`, () => timedDay(day, clock, businessDate, dataSource, dayLimitMs(floor.ms))) : () => timedDay(day, clock, businessDate, dataSource, dayLimitMs(floor.ms)));
      if (run.error) {
        say(`    ${businessDate}: floor ${round1(floor.ms)} ms, InvestmentDay.run failed: ${run.error}`);
        failure = { businessDate, floorMs: round1(floor.ms), error: run.error };
        break;
      }
      const breakdown = statements.take();
      const [written] = await dataSource.query(
        `SELECT (SELECT count(*) FROM ledger.transactions t WHERE t.type IN ('return', 'fee') AND t.created_at = $1)::int AS transactions,
                (SELECT count(*) FROM ledger.entries e JOIN ledger.transfers t ON t.id = e.transfer_id WHERE t.kind IN ('investment_payout', 'investment_fee') AND t.created_at = $1)::int AS entries,
                (SELECT count(*) FROM ledger.outbox_events WHERE subject = $2 AND payload->>'maturityDate' = $3)::int AS events`,
        [`${businessDate}T00:05:00Z`, parameters[2], businessDate],
      );
      if (run.report.matured !== count || floor.row.matured !== count || written.entries !== floor.row.entries || written.events !== floor.row.events) {
        throw new Error(`maturity of ${businessDate}: the day matured ${run.report.matured} (${written.entries} entries, ${written.events} events), the floor ${floor.row.matured} (${floor.row.entries} entries, ${floor.row.events} events); expected ${count}`);
      }
      if (explain) break;
      rounds.push({ businessDate, floorMs: round1(floor.ms), dayMs: round1(run.ms), ratio: Math.round((run.ms / floor.ms) * 100) / 100, written, statements: breakdown });
      say(`    ${businessDate}: floor ${round1(floor.ms)} ms, InvestmentDay ${round1(run.ms)} ms (${(run.ms / floor.ms).toFixed(2)} x)`);
    }
    const differences = await bookDifferences(dataSource);
    const written = rounds.length ? { transactions: rounds[0].written.transactions, entries: rounds[0].written.entries, events: rounds[0].written.events } : {};
    return summarise('maturity', count, written, rounds, seedSeconds, differences, failure);
  });
}

async function explainedRun(dataSource, say, label, work) {
  say(`    plans (EXPLAIN ANALYZE by auto_explain, statements of 5 ms or more) of ${label}:`);
  let result;
  await explained(dataSource, say, async () => (result = await work()));
  return result;
}

/** The day's time, or why it failed (a failed day is a finding the bench reports, not a crash). */
async function dayOrFailure(work) {
  try {
    return await work();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function summarise(part, investments, written, rounds, seedSeconds, differences, failure) {
  if (rounds.length === 0) {
    return { part, investments, written, seedSeconds, floorMs: failure?.floorMs ?? null, dayMs: null, ratio: null, rounds: [], statements: null, bookDifferences: differences, error: failure?.error ?? 'no rounds' };
  }
  const floorMs = median(rounds.map((round) => round.floorMs));
  const dayMs = median(rounds.map((round) => round.dayMs));
  const slowest = rounds.reduce((max, round) => (round.dayMs > max.dayMs ? round : max), rounds[0]);
  const middle = [...rounds].sort((a, b) => a.dayMs - b.dayMs)[Math.floor(rounds.length / 2)];
  return {
    part,
    investments,
    written,
    seedSeconds,
    floorMs: round1(floorMs),
    dayMs: round1(dayMs),
    ratio: Math.round((dayMs / floorMs) * 100) / 100,
    rounds: rounds.map(({ statements, ...round }) => round),
    // Where the median day's time goes, statement by statement (the slowest day's too when it differs much).
    statements: { median: middle.statements.map((s) => ({ ms: round1(s.ms), sql: s.sql.slice(0, 300) })), slowestDay: slowest.businessDate },
    bookDifferences: differences,
    error: failure ? `${failure.businessDate}: ${failure.error}` : null,
  };
}

/**
 * Runs the parts on databases of their own on the server. `context`: serverUrl (a
 * PostgreSQL server URL; the bench creates and drops its databases there), say.
 */
async function runInvestmentDayBench({ serverUrl, say }) {
  const dist = ledgerDist();
  const results = { workloads: {}, targets: [], settings };
  say(`  investment day: ${settings.rounds} rounds per part, floor (rolled back) then InvestmentDay.run (committed), medians compared`);
  const parts = { accrual: accrualWorkload, maturity: maturityWorkload };
  for (const part of ['accrual', 'maturity'].filter((name) => settings.parts.includes(name))) {
    const result = await parts[part](dist, serverUrl, say);
    results.workloads[part] = result;
    const label = part === 'accrual' ? `a day's accrual over ${result.investments.toLocaleString('en-US')} active investments` : `maturity of ${result.investments.toLocaleString('en-US')} investments on one day`;
    const failed = result.error ? `; InvestmentDay.run failed on ${result.error}` : '';
    results.targets.push(
      {
        target: `${label} <= ${TARGETS.ratio} x the bare set-based SQL writing the same rows`,
        actual:
          result.ratio === null
            ? `InvestmentDay.run failed: ${result.error} (floor ${result.floorMs} ms)`
            : `${result.dayMs} ms vs ${result.floorMs} ms (${result.ratio.toFixed(2)} x, medians of ${result.rounds.length})${failed}`,
        pass: result.ratio !== null && result.ratio <= TARGETS.ratio && !result.error,
      },
      { target: `book clean after the ${part} (ledger check invariants)`, actual: result.bookDifferences.length ? result.bookDifferences.join(', ') : 'ok', pass: result.bookDifferences.length === 0 },
    );
  }
  return results;
}

/** The investment day's figures, printed after the bench's own tables. */
function reportInvestmentDay(results, say, table) {
  const rows = [['investment day', 'investments', 'rows written', 'floor ms', 'InvestmentDay ms', 'ratio', 'target', 'result']];
  for (const result of Object.values(results.workloads)) {
    const written = Object.entries(result.written).map(([what, count]) => `${count} ${what}`).join(', ');
    const ratio = result.ratio === null ? 'failed' : `${result.ratio.toFixed(2)} x`;
    rows.push([result.part, result.investments, written || '-', result.floorMs ?? '-', result.dayMs ?? 'failed', ratio, `<= ${TARGETS.ratio.toFixed(1)} x`, result.ratio !== null && result.ratio <= TARGETS.ratio && !result.error ? 'PASS' : 'FAIL']);
  }
  say('\n' + table(rows));
  for (const result of Object.values(results.workloads)) {
    if (result.error) say(`\n${result.part}: InvestmentDay.run failed on ${result.error}`);
    if (!result.statements) continue;
    say(`\n${result.part}: rounds ${result.rounds.map((round) => `${round.businessDate} ${round.floorMs}/${round.dayMs} ms`).join(', ')}; seeded in ${result.seedSeconds} s`);
    say(`${result.part}: the median day's statements, slowest first:`);
    say(statementLines(result.statements.median).join('\n'));
  }
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ');
      return index === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

module.exports = { runInvestmentDayBench, reportInvestmentDay };

if (require.main === module) {
  const say = (line = '') => process.stdout.write(line + '\n');
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = true;
      say(`\n${signal}: dropping the bench's databases ...`);
      Promise.all([...openDatabases].map(([name, serverUrl]) => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined))).finally(() => process.exit(130));
    });
  }
  (async () => {
    ensureBuilt();
    const serverUrl = process.env.BENCH_DATABASE_SERVER_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const results = await runInvestmentDayBench({ serverUrl, say });
    reportInvestmentDay(results, say, table);
    say('\n' + table([['target', 'actual', 'result'], ...results.targets.map((t) => [t.target, t.actual, t.pass ? 'PASS' : 'FAIL'])]));
    const outDir = path.join(root, 'tmp', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'investment-day-latest.json');
    fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
    say(`\nresults: ${path.relative(root, file)}`);
    process.exitCode = process.env.BENCH_STRICT === '1' && results.targets.some((t) => !t.pass) ? 1 : 0;
  })().catch((error) => {
    if (interrupted) return; // the signal's handler exits once the databases are dropped
    console.error(`investment day bench failed: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  });
}
