// The baseline's service hop: a plain Node process (nats + pg, no Nest, no ORM) that
// answers one NATS subject with a single-row read of the bench user. Same pool size as
// the services' TypeORM pool (10), its own process, like identity.
'use strict';
const { connect } = require('nats');
const { Pool } = require('pg');
const { SUBJECT, codec, runHop } = require('./hop');

runHop(async () => {
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
  return { ready: {}, closers: [() => nc.drain(), () => pool.end()] };
});
