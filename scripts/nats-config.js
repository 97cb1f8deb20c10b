// Writes a complete nats-server configuration with one login per process (and the
// events reader) whose permissions come from the bus access registry
// (libs/contracts/src/bus/access.ts), and one env file per login. Needs a build.
//   npm run -s nats:config -- --out DIR [--host 0.0.0.0] [--port 4222] [--store-dir DIR/jetstream]
// Writes DIR/nats.conf and DIR/<user>.env (NATS_USER, NATS_PASSWORD); new passwords on every run.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { natsConfiguration, natsEnvFile } = require('@portal/messaging');

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) usage(`--${name} needs a value`);
  return value;
}

function usage(problem) {
  console.error(`${problem}\nusage: npm run -s nats:config -- --out DIR [--host 0.0.0.0] [--port 4222] [--store-dir DIR/jetstream]`);
  process.exit(64);
}

const args = process.argv.slice(2);
const out = option(args, 'out');
if (!out) usage('--out is required');
const port = Number(option(args, 'port', '4222'));
if (!Number.isInteger(port) || port < 1 || port > 65_535) usage('--port must be a port number');
const directory = resolve(out);
const { conf, logins } = natsConfiguration({ host: option(args, 'host', '0.0.0.0'), port, storeDir: resolve(option(args, 'store-dir', join(directory, 'jetstream'))) });
mkdirSync(directory, { recursive: true, mode: 0o700 });
// Secrets: readable by their owner only.
writeFileSync(join(directory, 'nats.conf'), conf, { mode: 0o600 });
for (const login of logins) writeFileSync(join(directory, `${login.user}.env`), natsEnvFile(login), { mode: 0o600 });
console.log(`Wrote ${join(directory, 'nats.conf')} and ${logins.map((login) => `${login.user}.env`).join(', ')}`);
