// Operators' view of the events a service could not handle: lists its dead letters, or
// replays one once the cause is fixed. Needs a build (`npm run build`).
//   npm run dead-letters -- <service>                   list
//   npm run dead-letters -- <service> replay <sequence> handle it again, once
const { connect } = require('nats');
const { BACKEND_SERVICES, deadLetterCommands } = require('@portal/contracts');
const { natsAuthOptions, resolveCommandKeys, ServiceClient, ServiceCallError } = require('@portal/messaging');

async function main() {
  const [service, action, sequence] = process.argv.slice(2);
  if (!BACKEND_SERVICES.includes(service) || (action && action !== 'replay') || (action === 'replay' && !/^\d+$/.test(sequence ?? ''))) {
    console.error(`usage: npm run dead-letters -- <${BACKEND_SERVICES.join('|')}> [replay <sequence>]`);
    process.exit(64);
  }
  // On a NATS with logins (`npm run nats:config`): the operators' login (operator.env) from the environment.
  const connection = await connect({ servers: (process.env.NATS_URL || 'nats://127.0.0.1:4222').split(','), ...natsAuthOptions(process.env) });
  // Signed as the service itself: run it where that service's keys are (its pod, or a
  // development machine, where every process shares generated keys).
  const keys = resolveCommandKeys(service, { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' });
  const client = new ServiceClient(() => connection, 10_000, keys);
  const commands = deadLetterCommands(service);
  try {
    if (action === 'replay') {
      const result = await client.send(commands.replay, { sequence: Number(sequence) });
      console.log(result.handled ? `Replayed ${result.eventId}: handled.` : `Replayed ${result.eventId}: it had already been handled; nothing was done twice.`);
    } else {
      const { items, total } = await client.send(commands.list, {});
      console.log(`${total} dead letter(s) for ${service}${total > items.length ? ` (oldest ${items.length} shown)` : ''}`);
      for (const letter of items) {
        console.log(`#${letter.sequence}  ${letter.deadLetteredAt}  ${letter.subject}  event ${letter.event?.id ?? '(undecodable)'}  after ${letter.deliveries} deliveries\n    ${letter.error}`);
      }
    }
  } catch (error) {
    console.error(error instanceof ServiceCallError ? `${error.body.statusCode}: ${error.body.message}` : String(error));
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

main();
