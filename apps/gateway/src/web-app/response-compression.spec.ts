import express from 'express';
import request from 'supertest';
import { responseCompression } from './response-compression';

// A reply large enough to compress, as JSON and as a stream of server-sent events.
const big = 'x'.repeat(4096);

function anApp() {
  const app = express();
  app.use(responseCompression());
  app.get('/json', (_req, res) => res.json({ big }));
  app.get('/tiny', (_req, res) => res.json({ ok: true }));
  app.get('/events', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.write(`data: ${big}\n\n`);
    res.end();
  });
  return app;
}

describe('response compression', () => {
  it('compresses JSON over the threshold, Brotli first', async () => {
    const response = await request(anApp()).get('/json').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toEqual({ big });
  });

  it('leaves replies under 1 KB as they are', async () => {
    const response = await request(anApp()).get('/tiny').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses server-sent events, which must reach the browser as they are written', async () => {
    const response = await request(anApp()).get('/events').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(`data: ${big}\n\n`);
  });
});
