// The baseline's HTTP hop: a bare Fastify server (no logging, no auth, no validation)
// that turns GET /api/v1/me into a NATS request to the baseline responder and returns
// its row. It runs in its own process, like the gateway.
'use strict';
const Fastify = require('fastify');
const { connect } = require('nats');
const { SUBJECT, codec, runHop } = require('./hop');

runHop(async () => {
  const userId = process.env.BENCH_USER_ID;
  const nc = await connect({ servers: process.env.NATS_URL, name: `bench-baseline-server-${process.pid}` });
  const app = Fastify({ logger: false });
  app.get('/api/v1/me', async (_request, reply) => {
    const message = await nc.request(SUBJECT, codec.encode({ id: userId }), { timeout: 5_000 });
    const answer = codec.decode(message.data);
    if (answer.err) return reply.code(answer.err.statusCode ?? 500).send(answer.err);
    return answer.response;
  });
  // Port 0: the system picks a free one, which goes back to the bench with "ready".
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { ready: { port: app.server.address().port }, closers: [() => app.close(), () => nc.drain()] };
});
