import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { GatewayHarness } from '../testing/gateway-harness';

/** A GET as a browser sends it, answered with the bytes as they came over the wire (supertest would decompress them). */
function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A file as the build leaves it: the original with its Brotli and gzip copies beside it. */
function writeWithCompressedCopies(path: string, content: string): Buffer {
  const bytes = Buffer.from(content);
  writeFileSync(path, bytes);
  writeFileSync(`${path}.br`, brotliCompressSync(bytes));
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  return bytes;
}

describe('serving the built web app', () => {
  let gateway: GatewayHarness;
  let dist: string;
  let bundle: Buffer;
  let page: Buffer;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    page = writeWithCompressedCopies(
      join(dist, 'index.html'),
      `<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>${'<!-- padding -->'.repeat(100)}`,
    );
    bundle = writeWithCompressedCopies(
      join(dist, 'assets', 'index-abc123.js'),
      Array.from({ length: 400 }, (_, line) => `console.log("portal line ${line}");`).join('\n'),
    );
    writeWithCompressedCopies(join(dist, 'assets', 'index-abc123.js.map'), JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    gateway = await GatewayHarness.start('gateway-web', { WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html, never cached, under the CSP', async () => {
    for (const path of ['/', '/app/dashboard', '/auth/email-confirmed?token=abc', '/admin/users']) {
      const response = await request(gateway.baseUrl).get(path).set('accept', 'text/html');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed bundles as immutable and other files as they are', async () => {
    const bundleResponse = await request(gateway.baseUrl).get('/assets/index-abc123.js');
    expect(bundleResponse.status).toBe(200);
    expect(bundleResponse.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(gateway.baseUrl).get('/favicon.svg')).status).toBe(200);
  });

  it('keeps the API, health and missing files out of the fallback', async () => {
    const missingFile = await request(gateway.baseUrl).get('/assets/missing-123.js');
    expect(missingFile.status).toBe(404);
    expect(missingFile.body).toMatchObject({ statusCode: 404 });
    const api = await request(gateway.baseUrl).get('/api/v1/unknown').set('accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ statusCode: 404, message: 'The requested resource was not found.' });
    // Percent-encoded, as the router reads it: still the API, never the app's page.
    const encoded = await request(gateway.baseUrl).get('/%61pi/v1/unknown').set('accept', 'text/html');
    expect(encoded.status).toBe(404);
    expect(encoded.body).toMatchObject({ statusCode: 404 });
    expect((await request(gateway.baseUrl).get('/health')).body).toEqual({ status: 'ok' });
    expect((await request(gateway.baseUrl).post('/app/dashboard')).status).toBe(404);
  });

  describe('compression', () => {
    const bundleUrl = () => `${gateway.baseUrl}/assets/index-abc123.js`;

    it('sends a bundle Brotli-compressed to a client that accepts it, as the same bytes, still immutable', async () => {
      const response = await fetchRaw(bundleUrl(), { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body.length).toBeLessThan(bundle.length);
      expect(brotliDecompressSync(response.body).equals(bundle)).toBe(true);
    });

    it('sends gzip to a client that accepts only gzip', async () => {
      const response = await fetchRaw(bundleUrl(), { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(gunzipSync(response.body).equals(bundle)).toBe(true);
    });

    it('prefers Brotli when a browser accepts both', async () => {
      const response = await fetchRaw(bundleUrl(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.headers['content-encoding']).toBe('br');
    });

    it('sends the file as it is to a client that accepts no compression', async () => {
      const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
      for (const headers of clients) {
        const response = await fetchRaw(bundleUrl(), headers);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body.equals(bundle)).toBe(true);
      }
    });

    it('compresses the page served for client-side routes too, never cached', async () => {
      const response = await fetchRaw(`${gateway.baseUrl}/app/dashboard`, { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.body).equals(page)).toBe(true);
    });

    it('compresses a large JSON API response for a client that accepts it, and leaves tiny replies alone', async () => {
      const plain = await fetchRaw(`${gateway.baseUrl}/api/docs-json`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const brotli = await fetchRaw(`${gateway.baseUrl}/api/docs-json`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/^application\/json/);
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(JSON.parse(plain.body.toString()));

      const gzip = await fetchRaw(`${gateway.baseUrl}/api/docs-json`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));

      const health = await fetchRaw(`${gateway.baseUrl}/health`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    });
  });

  describe('API docs and source maps', () => {
    let production: GatewayHarness;

    beforeAll(async () => {
      // As production has them by default (NODE_ENV=production also needs real keys and secrets).
      production = await GatewayHarness.start('gateway-web-prod', { WEB_DIST_DIR: dist, API_DOCS_ENABLED: 'false', SOURCE_MAPS_ENABLED: 'false' });
    });

    afterAll(async () => {
      await production?.close();
    });

    it('serves Swagger UI, the OpenAPI document and the source maps where they are enabled (development and tests)', async () => {
      expect((await request(gateway.baseUrl).get('/api/docs/').set('accept', 'text/html')).text).toContain('swagger-ui');
      expect((await request(gateway.baseUrl).get('/api/docs-json')).body).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
      // The event catalogue next to it: the same document npm run asyncapi writes to docs/asyncapi.json.
      const events = await request(gateway.baseUrl).get('/api/docs/asyncapi.json');
      expect({ status: events.status, type: events.headers['content-type'] }).toEqual({ status: 200, type: 'application/json; charset=utf-8' });
      expect(events.body).toMatchObject({ asyncapi: '3.0.0', channels: { 'ledger.deposit.completed.v1': { address: 'ledger.deposit.completed.v1', 'x-jetstream-stream': 'LEDGER_EVENTS' } } });
      const map = await request(gateway.baseUrl).get('/assets/index-abc123.js.map');
      expect(map.status).toBe(200);
      expect(JSON.parse(map.text)).toMatchObject({ sources: ['src/main.tsx'] });
    });

    it('answers 404 for the docs and the source maps where they are off, and still serves the app', async () => {
      for (const path of ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs/asyncapi.json', '/assets/index-abc123.js.map']) {
        const response = await fetchRaw(`${production.baseUrl}${path}`, { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.body.toString()).not.toContain('src/main.tsx');
      }
      expect((await request(production.baseUrl).get('/assets/index-abc123.js')).status).toBe(200);
      expect((await request(production.baseUrl).get('/app/dashboard').set('accept', 'text/html')).text).toContain('<div id="root">');
    });
  });
});
