import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '@portal/config';
import { COMMAND_SIGNERS, commandPublicKeyOf, CommandVerifier, newCommandSigningKey, resolveCommandKeys, signCommand } from './command-signatures';

const body = Buffer.from('{"pattern":"ledger.transaction.approve.v1"}');

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

describe('command keys', () => {
  it('are shared by every process started with the same development key directory, and differ in another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'command-keys-'));
    const gateway = resolveCommandKeys('gateway', { NODE_ENV: 'development', JWT_KEYS_DIR: dir });
    const ledger = resolveCommandKeys('ledger', { NODE_ENV: 'development', JWT_KEYS_DIR: dir });
    const elsewhere = resolveCommandKeys('ledger', { NODE_ENV: 'development', JWT_KEYS_DIR: mkdtempSync(join(tmpdir(), 'command-keys-')) });
    const headers = signCommand(gateway, 'ledger.transaction.approve.v1', body, 5_000);
    expect(new CommandVerifier(ledger.trusted).check('ledger.transaction.approve.v1', body, headers)).toEqual({ signer: 'gateway' });
    expect(new CommandVerifier(elsewhere.trusted).check('ledger.transaction.approve.v1', body, headers)).toEqual({ refusal: 'bad_signature', signer: 'gateway' });
  });

  it('are required in production, and must be usable and agree with each other', () => {
    expect(problemsOf(() => resolveCommandKeys('ledger', { NODE_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^COMMAND_SIGNING_KEY \(missing\)/),
      expect.stringMatching(/^COMMAND_SIGNERS \(missing\)/),
    ]);
    const ledgerKey = newCommandSigningKey();
    const gatewayKey = newCommandSigningKey();
    const signers = `gateway:${commandPublicKeyOf(gatewayKey)},ledger:${commandPublicKeyOf(ledgerKey)}`;
    expect(problemsOf(() => resolveCommandKeys('ledger', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: 'short', COMMAND_SIGNERS: signers }))).toEqual([expect.stringMatching(/^COMMAND_SIGNING_KEY \(unusable\)/)]);
    expect(problemsOf(() => resolveCommandKeys('ledger', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: gatewayKey, COMMAND_SIGNERS: signers }))).toEqual([expect.stringMatching(/not COMMAND_SIGNERS' key for ledger/)]);
    expect(problemsOf(() => resolveCommandKeys('ledger', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: ledgerKey, COMMAND_SIGNERS: `${signers},robot:${commandPublicKeyOf(gatewayKey)}` }))).toEqual([expect.stringMatching(/^COMMAND_SIGNERS \(unusable\)/)]);

    const ledger = resolveCommandKeys('ledger', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: ledgerKey, COMMAND_SIGNERS: signers });
    const gateway = resolveCommandKeys('gateway', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: gatewayKey, COMMAND_SIGNERS: signers });
    expect(new CommandVerifier(ledger.trusted).check('ledger.x.v1', body, signCommand(gateway, 'ledger.x.v1', body, 5_000))).toEqual({ signer: 'gateway' });
  });
});

describe('npm run command-keys', () => {
  it('makes a production set in which each process starts with its own key and trusts the others', () => {
    const out = mkdtempSync(join(tmpdir(), 'command-keys-out-'));
    const run = spawnSync(process.execPath, [resolve(__dirname, '../../../scripts/command-keys.js'), '--out', out], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const envOf = (signer: string) => Object.fromEntries(readFileSync(join(out, `${signer}.command-keys.env`), 'utf8').trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    const keys = Object.fromEntries(COMMAND_SIGNERS.map((signer) => [signer, resolveCommandKeys(signer, { NODE_ENV: 'production', ...envOf(signer) })]));
    expect(new Set(COMMAND_SIGNERS.map((signer) => envOf(signer).COMMAND_SIGNING_KEY)).size).toBe(COMMAND_SIGNERS.length);
    const headers = signCommand(keys.gateway, 'ledger.x.v1', body, 5_000);
    expect(new CommandVerifier(keys.ledger.trusted).check('ledger.x.v1', body, headers)).toEqual({ signer: 'gateway' });
  });
});

describe('the command verifier', () => {
  const keys = resolveCommandKeys('gateway', { NODE_ENV: 'development', JWT_KEYS_DIR: mkdtempSync(join(tmpdir(), 'command-keys-')) });

  it('accepts an envelope until a little after it expires, and none that claims to live for minutes', () => {
    const verifier = new CommandVerifier(keys.trusted);
    const now = Date.now();
    const headers = signCommand(keys, 'ledger.x.v1', body, 5_000);
    expect(verifier.check('ledger.x.v1', body, headers, now + 9_000)).toEqual({ signer: 'gateway' });
    expect(new CommandVerifier(keys.trusted).check('ledger.x.v1', body, headers, now + 12_000)).toEqual({ refusal: 'expired', signer: 'gateway' });
    // A forged expiry far ahead does not verify anyway; one signed for long is capped when signed.
    const long = signCommand(keys, 'ledger.x.v1', body, 3_600_000);
    expect(Number(long.get('Portal-Expires'))).toBeLessThanOrEqual(Date.now() + 120_000);
  });

});
