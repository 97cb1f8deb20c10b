import Fastify from 'fastify';
import request from 'supertest';
import { registerResponseCompression } from './response-compression';

// A reply large enough to compress, as JSON and as a stream of server-sent events.
const big = 'x'.repeat(4096);

async function anApp() {
  const app = Fastify();
  await registerResponseCompression(app);
  app.get('/json', () => ({ big }));
  app.get('/tiny', () => ({ ok: true }));
  app.get('/events', (_request, reply) => {
    // As the realtime controller does: the stream is written straight to the socket.
    const res = reply.raw;
    reply.hijack();
    res.setHeader('Content-Type', 'text/event-stream');
    res.write(`data: ${big}\n\n`);
    res.end();
  });
  await app.ready();
  return app;
}

describe('response compression', () => {
  let app: Awaited<ReturnType<typeof anApp>>;

  beforeAll(async () => {
    app = await anApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('compresses JSON over the threshold, Brotli first', async () => {
    const response = await request(app.server).get('/json').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toEqual({ big });
  });

  it('leaves replies under 1 KB as they are', async () => {
    const response = await request(app.server).get('/tiny').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses server-sent events, which must reach the browser as they are written', async () => {
    const response = await request(app.server).get('/events').set('accept-encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(`data: ${big}\n\n`);
  });
});
