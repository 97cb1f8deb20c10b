// The baseline's service hop: a plain Node process (nats + pg, no Nest, no ORM) that
// answers one NATS subject with a single-row read of the bench user. Same pool size as
// the services' TypeORM pool (10), its own process, like identity.
'use strict';
const { connect, JSONCodec } = require('nats');
const { Pool } = require('pg');

const SUBJECT = 'bench.baseline.users.get';
const codec = JSONCodec();

async function main() {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const nc = await connect({ servers: process.env.NATS_URL, name: `bench-baseline-responder-${process.pid}` });
  nc.subscribe(SUBJECT, {
    queue: 'bench-baseline',
    callback: (error, message) => {
      if (error) return;
      const { id } = codec.decode(message.data);
      pool
        .query('SELECT id, email, first_name, last_name, user_type, admin_role, kyc_status, user_status FROM identity.users WHERE id = $1', [id])
        .then(
          ({ rows }) => message.respond(codec.encode(rows[0] ? { response: rows[0] } : { err: { statusCode: 404 } })),
          (failure) => message.respond(codec.encode({ err: { statusCode: 500, message: failure.message } })),
        );
    },
  });
  await nc.flush();
  process.send?.({ ready: true });
  const stop = async () => {
    await nc.drain().catch(() => undefined);
    await pool.end().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
