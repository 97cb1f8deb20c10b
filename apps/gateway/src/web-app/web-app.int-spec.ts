import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { GatewayHarness } from '../testing/gateway-harness';

describe('serving the built web app', () => {
  let gateway: GatewayHarness;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
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
    const bundle = await request(gateway.baseUrl).get('/assets/index-abc123.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(gateway.baseUrl).get('/favicon.svg')).status).toBe(200);
  });

  it('keeps the API, health and missing files out of the fallback', async () => {
    const missingFile = await request(gateway.baseUrl).get('/assets/missing-123.js');
    expect(missingFile.status).toBe(404);
    expect(missingFile.body).toMatchObject({ statusCode: 404 });
    const api = await request(gateway.baseUrl).get('/api/v1/unknown').set('accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ statusCode: 404, message: 'The requested resource was not found.' });
    expect((await request(gateway.baseUrl).get('/health')).body).toEqual({ status: 'ok' });
    expect((await request(gateway.baseUrl).post('/app/dashboard')).status).toBe(404);
  });
});
