import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '@portal/config';
import { commandPublicKeyOf, newCommandSigningKey } from '@portal/messaging';
import { apiDocsEnabled, loadGatewayConfig, sourceMapsEnabled, trustProxySetting } from './gateway-environment';

describe('gateway configuration', () => {
  let keysDir: string;

  beforeAll(() => {
    keysDir = mkdtempSync(join(tmpdir(), 'portal-gateway-config-'));
  });

  afterAll(() => {
    rmSync(keysDir, { recursive: true, force: true });
  });

  const load = (env: NodeJS.ProcessEnv) => loadGatewayConfig({ NODE_ENV: 'test', JWT_KEYS_DIR: keysDir, ...env });

  function problemsOf(env: NodeJS.ProcessEnv): string[] {
    try {
      load(env);
    } catch (error) {
      if (error instanceof ConfigurationError) return error.problems;
      throw error;
    }
    throw new Error('expected a ConfigurationError');
  }

  it('has working defaults and reads numbers from strings', () => {
    const defaults = load({});
    expect(defaults.environment).toMatchObject({
      PORT: 3000,
      BODY_LIMIT: '100kb',
      TRUST_PROXY: 'false',
      RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: 20,
      RATE_LIMIT_AUTH_SESSION_PER_MINUTE: 60,
      RATE_LIMIT_API_PER_MINUTE: 600,
      RATE_LIMIT_EXPORTS_PER_MINUTE: 10,
      RATE_LIMIT_BROADCASTS_PER_MINUTE: 5,
    });
    expect(defaults.environment.WEB_DIST_DIR).toBeUndefined();
    expect(defaults.jwtPublicKey).toContain('BEGIN PUBLIC KEY');
    expect(load({ PORT: '8080', NATS_REQUEST_TIMEOUT_MS: '2500', RATE_LIMIT_API_PER_MINUTE: '5' }).environment).toMatchObject({ PORT: 8080, NATS_REQUEST_TIMEOUT_MS: 2500, RATE_LIMIT_API_PER_MINUTE: 5 });
  });

  it('names each bad variable', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT \(bad value\)/)]);
    expect(problemsOf({ BODY_LIMIT: 'lots' })).toEqual([expect.stringMatching(/^BODY_LIMIT \(bad value\): must be a size/)]);
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toEqual([expect.stringMatching(/^TRUST_PROXY \(bad value\)/)]);
    expect(problemsOf({ RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: '0' })).toEqual([expect.stringMatching(/^RATE_LIMIT_AUTH_EMAIL_PER_MINUTE/)]);
    expect(problemsOf({ RATE_LIMIT_EXPORTS_PER_MINUTE: '0' })).toEqual([expect.stringMatching(/^RATE_LIMIT_EXPORTS_PER_MINUTE/)]);
    expect(problemsOf({ RATE_LIMIT_BROADCASTS_PER_MINUTE: 'lots' })).toEqual([expect.stringMatching(/^RATE_LIMIT_BROADCASTS_PER_MINUTE/)]);
    expect(problemsOf({ WEB_URL: 'localhost' })).toEqual([expect.stringMatching(/^WEB_URL \(bad value\)/)]);
  });

  it('refuses a WEB_DIST_DIR without a built app', () => {
    const empty = mkdtempSync(join(tmpdir(), 'portal-web-empty-'));
    try {
      expect(problemsOf({ WEB_DIST_DIR: empty })).toEqual([expect.stringMatching(/^WEB_DIST_DIR \(bad value\): .* has no index\.html/)]);
      writeFileSync(join(empty, 'index.html'), '<!doctype html>');
      expect(load({ WEB_DIST_DIR: empty }).environment.WEB_DIST_DIR).toBe(empty);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('requires the public key in production', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/JWT_PUBLIC_KEY/);
  });

  /** The gateway's command-signing keys, as `npm run command-keys` makes them for production. */
  const commandKeys = (() => {
    const gateway = newCommandSigningKey();
    return { COMMAND_SIGNING_KEY: gateway, COMMAND_SIGNERS: `gateway:${commandPublicKeyOf(gateway)},ledger:${commandPublicKeyOf(newCommandSigningKey())}` };
  })();

  it('requires its command-signing keys in production', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: publicKey })).toThrow(/COMMAND_SIGNING_KEY \(missing\)/);
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: publicKey, ...commandKeys }).commandKeys?.signer).toBe('gateway');
  });

  it('refuses to start with a public key it could never verify a token with', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: 'changeme' })).toThrow(/JWT_PUBLIC_KEY \(unusable\)/);
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: weak.publicKey })).toThrow(/at least 2048 bits/);
    const good = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: good.publicKey.replace(/\n/g, '\\n'), ...commandKeys }).jwtPublicKey).toBe(good.publicKey);
  });

  describe('API docs and source maps', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const production = (env: NodeJS.ProcessEnv) => loadGatewayConfig({ NODE_ENV: 'production', JWT_PUBLIC_KEY: publicKey, ...commandKeys, ...env }).environment;
    const served = (environment: ReturnType<typeof production>) => ({ docs: apiDocsEnabled(environment), sourceMaps: sourceMapsEnabled(environment) });

    it('serves both in development and tests unless turned off', () => {
      expect(served(load({}).environment)).toEqual({ docs: true, sourceMaps: true });
      expect(served(load({ NODE_ENV: 'development' }).environment)).toEqual({ docs: true, sourceMaps: true });
      expect(served(load({ API_DOCS_ENABLED: 'false', SOURCE_MAPS_ENABLED: '0' }).environment)).toEqual({ docs: false, sourceMaps: false });
    });

    it('serves neither in production unless turned on', () => {
      expect(served(production({}))).toEqual({ docs: false, sourceMaps: false });
      expect(served(production({ API_DOCS_ENABLED: 'true' }))).toEqual({ docs: true, sourceMaps: false });
      expect(served(production({ SOURCE_MAPS_ENABLED: 'yes' }))).toEqual({ docs: false, sourceMaps: true });
    });

    it('names a flag that is neither true nor false', () => {
      expect(problemsOf({ API_DOCS_ENABLED: 'maybe' })).toEqual([expect.stringMatching(/^API_DOCS_ENABLED \(bad value\): must be true or false/)]);
      expect(problemsOf({ SOURCE_MAPS_ENABLED: 'sometimes' })).toEqual([expect.stringMatching(/^SOURCE_MAPS_ENABLED \(bad value\): must be true or false/)]);
    });
  });

  it('maps TRUST_PROXY to the trust-proxy settings', () => {
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(trustProxySetting('uniquelocal')).toEqual(['uniquelocal']);
  });

  it('refuses a hop count for TRUST_PROXY: it cannot tell a proxy from a client', () => {
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([expect.stringMatching(/^TRUST_PROXY \(bad value\): .*a hop count cannot tell a proxy from a client/)]);
    expect(load({ TRUST_PROXY: 'uniquelocal, 192.0.2.10' }).environment.TRUST_PROXY).toBe('uniquelocal, 192.0.2.10');
  });
});
