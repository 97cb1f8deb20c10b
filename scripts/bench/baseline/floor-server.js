// The read floor (issue 33): the baseline's two hops plus what the security model requires
// on every read and nothing else. A bare Fastify server (no logging) that:
//   1. verifies the RS256 access token once and keeps the result until it expires,
//   2. makes one Redis round trip: the session's revocation mark and the rate-limit counter,
//   3. asks the baseline responder over NATS request/reply for the user's row.
// Its own process, like the gateway; answers GET /api/v1/me, /api/v1/balance and
// /api/v1/notifications/unread-count alike (the same single-row read behind each), and
// POST /api/v1/withdrawals through the same checks to the posting floor's responder
// (posting-responder.js: the ledger's own hold statement, nothing around it).
'use strict';
const { JwtService } = require('@nestjs/jwt');
const Fastify = require('fastify');
const { Redis } = require('ioredis');
const { connect } = require('nats');
const { revokedSessionKey } = require('@portal/contracts');
const { POSTING_SUBJECT, SUBJECT, codec, runHop } = require('./hop');

const RATE_LIMIT_WINDOW_MS = 60_000;

runHop(async () => {
  // The library the gateway verifies access tokens with.
  const tokens = new JwtService({ publicKey: process.env.JWT_PUBLIC_KEY, verifyOptions: { algorithms: ['RS256'] } });
  const nc = await connect({ servers: process.env.NATS_URL, name: `bench-floor-server-${process.pid}` });
  const redis = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise((resolve, reject) => (redis.status === 'ready' ? resolve() : (redis.once('ready', resolve), redis.once('error', reject))));
  /** Verified tokens until they expire: each token is checked once, as the gateway does. */
  const verified = new Map();
  const claimsOf = (token) => {
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    const claims = tokens.verify(token);
    verified.set(token, claims);
    return claims;
  };

  const app = Fastify({ logger: false });
  /** The token, checked once, and the one Redis round trip; the caller's claims, or null when refused (answered). */
  const signedIn = async (request, reply) => {
    const header = request.headers.authorization ?? '';
    let claims;
    try {
      claims = claimsOf(header.startsWith('Bearer ') ? header.slice(7) : '');
    } catch {
      return void reply.code(401).send({ statusCode: 401, message: 'Please sign in to continue.' });
    }
    const window = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS);
    const [[, revoked], [, hits]] = await redis
      .pipeline()
      .get(revokedSessionKey(claims.sid))
      .incr(`bench:floor:rate-limit:${request.ip}:${window}`)
      .pexpire(`bench:floor:rate-limit:${request.ip}:${window}`, RATE_LIMIT_WINDOW_MS)
      .exec();
    if (revoked) return void reply.code(401).send({ statusCode: 401, message: 'Your session has ended. Please sign in again.' });
    if (hits > Number.MAX_SAFE_INTEGER) return void reply.code(429).send({ statusCode: 429 });
    return claims;
  };
  const answer = (reply, message) => {
    const answered = codec.decode(message.data);
    if (answered.err) return reply.code(answered.err.statusCode ?? 500).send(answered.err);
    return answered.response;
  };
  const read = async (request, reply) => {
    const claims = await signedIn(request, reply);
    if (!claims) return reply;
    return answer(reply, await nc.request(SUBJECT, codec.encode({ id: claims.sub }), { timeout: 5_000 }));
  };
  const withdraw = async (request, reply) => {
    const claims = await signedIn(request, reply);
    if (!claims) return reply;
    const { amount, currency, accountName, accountNumber, bankName, bankBranchAddress, swiftCode } = request.body ?? {};
    const payload = { userId: claims.sub, amount, currency: currency ?? 'USD', account: { accountName, accountNumber, bankName, bankBranchAddress, swiftCode }, idempotencyKey: request.headers['idempotency-key'] };
    reply.code(201);
    return answer(reply, await nc.request(POSTING_SUBJECT, codec.encode(payload), { timeout: 5_000 }));
  };
  for (const url of ['/api/v1/me', '/api/v1/balance', '/api/v1/notifications/unread-count']) app.get(url, read);
  app.post('/api/v1/withdrawals', withdraw);
  // Port 0: the system picks a free one, which goes back to the bench with "ready".
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { ready: { port: app.server.address().port }, closers: [() => app.close(), () => nc.drain(), () => redis.quit()] };
});
