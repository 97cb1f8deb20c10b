// Makes a production set of command-signing keys: one Ed25519 key per process (the gateway
// and each service) and the list of every public key they all trust. Needs a build.
//   npm run -s command-keys -- --out DIR
// Writes DIR/<process>.command-keys.env (COMMAND_SIGNING_KEY, COMMAND_SIGNERS), readable by
// its owner only: each becomes part of that process's own Secret (README: Commands are signed).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { COMMAND_SIGNERS, commandPublicKeyOf, newCommandSigningKey } = require('@portal/messaging');

const index = process.argv.indexOf('--out');
const out = index === -1 ? undefined : process.argv[index + 1];
if (!out || out.startsWith('--')) {
  console.error('usage: npm run -s command-keys -- --out DIR');
  process.exit(64);
}
const directory = resolve(out);
const keys = Object.fromEntries(COMMAND_SIGNERS.map((signer) => [signer, newCommandSigningKey()]));
const signers = COMMAND_SIGNERS.map((signer) => `${signer}:${commandPublicKeyOf(keys[signer])}`).join(',');
mkdirSync(directory, { recursive: true, mode: 0o700 });
for (const signer of COMMAND_SIGNERS) {
  writeFileSync(join(directory, `${signer}.command-keys.env`), `COMMAND_SIGNING_KEY=${keys[signer]}\nCOMMAND_SIGNERS=${signers}\n`, { mode: 0o600 });
}
console.log(`Wrote ${COMMAND_SIGNERS.map((signer) => `${signer}.command-keys.env`).join(', ')} in ${directory}`);
