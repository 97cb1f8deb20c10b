// The broadcast part of `npm run bench` (workloads "broadcast" and "unread"):
//   broadcast  seeds 10,000 customers in bulk (one INSERT ... SELECT generate_series into
//              identity's users, as a migration-free fixture), connects a number of bells
//              (live-update streams of seeded customers, BENCH_BROADCAST_BELLS, all 10,000 by
//              default), then an admin broadcasts to all customers in one request. Measured:
//              the request, every notification stored, and every connected bell updated
//              (its live event arrived carrying its new unread count, 1, as the browser
//              reads it; without one it asks, as the browser does). Target: all within 3 s.
//   unread     GET /api/v1/notifications/unread-count under autocannon, compared with the
//              read floor (req/s >= 0.8 x floor, p99 <= 1.5 x floor p99; targets.js).
// Tokens for the seeded customers are signed with the bench stack's own key (the seeded
// people have no password to sign in with); sessions are live unless revoked, as for any token.
'use strict';
const { floorTargets } = require('./targets');
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { JwtService } = require('@nestjs/jwt');
const { Client } = require('pg');
const { adminAccount, PortalApi } = require('@portal/testing');

const AUDIENCE = 10_000;
const TARGET_MS = 3_000;

const signers = new Map();
function tokenFor(privateKey, userId, userType = 'customer') {
  if (!signers.has(privateKey)) signers.set(privateKey, new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: 'portal-identity', audience: 'portal', expiresIn: 900 } }));
  return signers.get(privateKey).sign({ sub: userId, sid: randomUUID(), typ: userType, role: null });
}

async function seedCustomers(databaseUrl, count) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO identity.users (id, email, password_hash, first_name, last_name, user_type, user_status, kyc_status, email_confirmed_at)
       SELECT gen_random_uuid(), 'bench-' || n || '-' || $2 || '@example.test', 'not-a-password', 'Bench', 'Customer ' || n, 'customer', 'active', 'pending', now()
       FROM generate_series(1, $1) AS n RETURNING id`,
      [count, Date.now()],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

async function countNotifications(databaseUrl, broadcastId) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) FROM notification.notifications WHERE broadcast_id = $1', [broadcastId])).rows[0].count);
  } finally {
    await client.end();
  }
}

/** One connected bell: a live stream, and on a notification event a fresh unread count, as the web app does. */
async function connectBell(gatewayUrl, token, agent) {
  const api = new PortalApi(gatewayUrl).withToken(token);
  const ticket = await api.post('/api/v1/events/tickets');
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status}`);
  return new Promise((resolve, reject) => {
    const bell = { updatedAt: null, count: null, close: () => undefined };
    const req = http.get(`${gatewayUrl}/api/v1/events?ticket=${encodeURIComponent(ticket.body.ticket)}`, { agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: ready')) resolve(bell);
          if (block.startsWith('event: notification')) {
            // As the web app does: the count the event carries, else ask for it.
            const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
            if (typeof data.unreadCount === 'number') {
              bell.count = data.unreadCount;
              bell.updatedAt = Date.now();
              continue;
            }
            api.get('/api/v1/notifications/unread-count').then((answer) => {
              bell.count = answer.body.count;
              bell.updatedAt = Date.now();
            });
          }
        }
      });
    });
    req.on('error', reject);
    bell.close = () => req.destroy();
  });
}

async function inBatches(items, size, work) {
  const results = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/**
 * Runs the broadcast and unread-count workloads; returns workload rows for the table and
 * targets for the verdict. `measure(name, loads)` is bench.js's autocannon runner.
 */
async function runBroadcastBench({ gatewayUrl, databaseUrl, env, root, privateKey, customer, settings, measure, toggleProfiles, say }) {
  const workloads = {};
  const targets = [];
  const cpu = {};
  const cpuPerRequest = {};
  let broadcast = null;
  if (settings.workloads.includes('broadcast')) {
    const bells = Number(process.env.BENCH_BROADCAST_BELLS || AUDIENCE);
    say(`  broadcast: seeding ${AUDIENCE} customers, connecting ${bells} bells ...`);
    const seeded = await seedCustomers(databaseUrl, AUDIENCE);
    const admin = await adminAccount(new PortalApi(gatewayUrl), { root, env, role: 'support' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const connected = await inBatches(seeded.slice(0, bells), 100, (userId) => connectBell(gatewayUrl, tokenFor(privateKey, userId), agent));
    const startedAt = Date.now();
    const sent = await admin.api.post('/api/v1/admin/notifications/broadcast', {
      title: 'Scheduled Maintenance',
      message: 'The platform will undergo scheduled maintenance.',
      type: 'warning',
      expiresAt: null,
      audience: { kind: 'all_customers' },
    });
    const answeredMs = Date.now() - startedAt;
    if (sent.status !== 200) throw new Error(`broadcast answered ${sent.status}: ${JSON.stringify(sent.body)}`);
    const deadline = startedAt + 30_000;
    while (connected.some((bell) => bell.count !== 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = connected.filter((bell) => bell.count === 1);
    const allBellsMs = updated.length === connected.length ? Math.max(...updated.map((bell) => bell.updatedAt)) - startedAt : null;
    const stored = await countNotifications(databaseUrl, sent.body.broadcastId);
    for (const bell of connected) bell.close();
    agent.destroy();
    say(`  broadcast: "${sent.body.message}" answered in ${answeredMs} ms; ${stored} stored; ${updated.length}/${connected.length} bells updated${allBellsMs === null ? '' : ` in ${allBellsMs} ms`}`);
    broadcast = { audience: AUDIENCE, recipients: sent.body.recipientCount, stored, requestMs: answeredMs, bells: connected.length, bellsUpdated: updated.length, allBellsUpdatedMs: allBellsMs };
    targets.push({
      target: `broadcast to ${AUDIENCE} customers: all stored and ${connected.length} bells updated within ${TARGET_MS / 1000} s`,
      actual: `${stored} stored (${sent.body.recipientCount} recipients incl. the bench customer); request ${answeredMs} ms; bells ${allBellsMs === null ? `${updated.length}/${connected.length}` : `${allBellsMs} ms`}`,
      pass: stored >= AUDIENCE && allBellsMs !== null && allBellsMs <= TARGET_MS,
    });
  }
  if (settings.workloads.includes('unread')) {
    toggleProfiles(['gateway', 'notification']);
    const { results, cpuCores, cpuMicrosPerRequest } = await measure('unread count', [{ url: `${gatewayUrl}/api/v1/notifications/unread-count`, connections: settings.connections, headers: { authorization: `Bearer ${customer.accessToken}` } }]);
    toggleProfiles(['gateway', 'notification']);
    workloads['unread count'] = results[0];
    cpu['unread count'] = cpuCores;
    cpuPerRequest['unread count'] = cpuMicrosPerRequest;
  }
  return { workloads, targets, cpu, cpuPerRequest, broadcast };
}

/** The read path's targets applied to the unread count (same baseline as GET /me). */
/** The unread count against the read floor (issue 33): a signed-in single-row read like the others. */
function unreadTargets(workloads) {
  const unread = workloads['unread count'];
  if (!unread) return [];
  return [{ target: 'no errors in the unread-count reads', actual: String(unread.errors), pass: unread.errors === 0 }, ...floorTargets('unread count', unread, workloads.floor)];
}

module.exports = { runBroadcastBench, unreadTargets };
