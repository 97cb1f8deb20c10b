// The posting floor's service hop (issue 33): a plain Node process (nats + pg pool of 10,
// no Nest, no ORM) that answers a withdrawal request with the ledger's own hold statement
// (ATOMIC_POSTING_SQL from apps/ledger/dist/book/book.js: the transaction row, the balances,
// the transfer and its entries, the outbox event and the idempotency key in one statement,
// one transaction), as the ledger does, without the service around it.
'use strict';
const { randomUUID } = require('node:crypto');
const path = require('node:path');
const { connect } = require('nats');
const { Pool } = require('pg');
const { POSTING_SUBJECT, codec, runHop } = require('./hop');

const root = path.resolve(__dirname, '..', '..', '..');
const { ATOMIC_POSTING_SQL } = require(path.join(root, 'apps/ledger/dist/book/book.js'));

runHop(async () => {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const nc = await connect({ servers: process.env.NATS_URL, name: `bench-floor-posting-${process.pid}` });
  /** A customer's account ids, read once (the ledger keeps them too). */
  const accounts = new Map();
  const accountsOf = async (userId, currency) => {
    const key = `${userId}:${currency}`;
    if (!accounts.has(key)) {
      const { rows } = await pool.query('SELECT id, kind FROM ledger.accounts WHERE user_id = $1 AND currency = $2', [userId, currency]);
      accounts.set(key, Object.fromEntries(rows.map((row) => [row.kind, String(row.id)])));
    }
    return accounts.get(key);
  };
  const hold = async ({ userId, amount, currency, account, idempotencyKey }) => {
    const minor = BigInt(Math.round(Number(amount) * 100));
    const { available, held } = await accountsOf(userId, currency);
    const id = randomUUID();
    const at = new Date();
    const reference = `WTH-${Date.now()}-${Math.floor(Math.random() * 36 ** 4).toString(36).toUpperCase().padStart(4, '0')}`;
    const description = `Withdrawal of ${(Number(minor) / 100).toFixed(2)} ${currency} to ${account.bankName} (${account.accountName})`;
    const view = { id, type: 'withdrawal', status: 'pending', amount: (Number(minor) / 100).toFixed(2), currency, reference, createdAt: at.toISOString() };
    const event = { transactionId: id, userId, type: 'withdrawal', status: 'pending', reference, amount: view.amount, currency, reason: null, occurredAt: at.toISOString() };
    await pool.query(ATOMIC_POSTING_SQL, [
      [available, held],
      [(-minor).toString(), minor.toString()],
      id,
      userId, 'withdrawal', 'pending', minor.toString(), currency, 'bank', reference, description, JSON.stringify(account),
      at,
      randomUUID(),
      'withdrawal_hold',
      [randomUUID()],
      ['ledger.withdrawal.requested.v1'],
      [JSON.stringify(event)],
      [null],
      idempotencyKey ? userId : null,
      idempotencyKey ?? null,
      idempotencyKey ? 'withdrawal' : null,
      idempotencyKey ? '0'.repeat(64) : null,
      idempotencyKey ? JSON.stringify(view) : null,
    ]);
    return view;
  };
  nc.subscribe(POSTING_SUBJECT, {
    queue: 'bench-floor-posting',
    callback: (error, message) => {
      if (error) return;
      hold(codec.decode(message.data)).then(
        (view) => message.respond(codec.encode({ response: view })),
        (failure) => message.respond(codec.encode({ err: { statusCode: failure.constraint ? 409 : 500, message: failure.message } })),
      );
    },
  });
  await nc.flush();
  return { ready: {}, closers: [() => nc.drain(), () => pool.end()] };
});

