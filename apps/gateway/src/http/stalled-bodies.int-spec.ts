import 'reflect-metadata';
import net from 'node:net';
import { IdentityCommands, KycFileCommands } from '@portal/contracts';
import { samplePdf } from '@portal/testing';
import { customerActor } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

jest.setTimeout(60_000);

/** Bounds these tests run with: a second for a stalled body, four for a whole request. */
const BODY_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 4_000;

interface RawAnswer {
  /** 0 when the server closed the connection without answering; -1 when the client gave up. */
  status: number;
  head: string;
  body: string;
  /** From the first byte sent to the connection closing (or the client giving up). */
  ms: number;
}

/**
 * A client on a bare socket: it sends `head`, then each piece of `pieces` `everyMs` apart
 * (all at once when 0), then nothing more, and waits at most `giveUpMs` for the server to
 * answer and close the connection.
 */
function rawRequest(baseUrl: string, head: string, pieces: Buffer[], options: { everyMs?: number; giveUpMs?: number } = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let started = 0;
    let writer: NodeJS.Timeout | undefined;
    const socket = net.connect(Number(url.port), url.hostname, () => {
      started = Date.now();
      socket.write(head);
      if (!options.everyMs) {
        for (const piece of pieces) socket.write(piece);
        return;
      }
      let next = 0;
      writer = setInterval(() => {
        if (next < pieces.length && !socket.destroyed) socket.write(pieces[next++]);
      }, options.everyMs);
    });
    const settle = (gaveUp: boolean) => {
      clearInterval(writer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [answerHead, ...rest] = text.split('\r\n\r\n');
      const status = gaveUp ? -1 : Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, head: answerHead, body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => settle(false));
    socket.on('error', reject);
    const giveUp = setTimeout(() => {
      settle(true);
      socket.destroy();
    }, options.giveUpMs ?? 10_000);
    socket.on('close', () => clearTimeout(giveUp));
  });
}

const BOUNDARY = 'portal-boundary';

/** A purpose field and the opening of a file part, as a browser sends them: the file's bytes follow. */
function uploadOpening(content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nkyc:id\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
  ]);
}

/** The first half of a document: what a client cut off mid-file has sent. */
const firstHalf = () => samplePdf().subarray(0, 300);

function headers(method: string, path: string, token: string, fields: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost', `Authorization: Bearer ${token}`, ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const STALLED = { statusCode: 408, error: 'Request Timeout', message: 'The request took too long to arrive. Please try again.', code: 'request_timeout' };

// Every request ends within a bounded time, an upload's included: a body that stops arriving
// is answered 408 and its connection closed; the whole request is bounded as well.
describe('requests whose body does not arrive', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-stalled-bodies', {
      HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      // Services that take longer than the body time-out to answer.
      NATS_REQUEST_TIMEOUT_MS: '5000',
    });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  afterEach(async () => {
    await gateway.stopResponders();
  });

  it('answers an upload cut off before its closing boundary (its length right) with 400 at once, and stores nothing', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const complete = await gateway.respond(KycFileCommands.completeUpload, () => ({}));
    const body = uploadOpening(samplePdf());
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('POST', '/api/v1/files', gateway.accessToken(customerActor()), { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': body.length, Connection: 'close' }),
      [body],
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The upload could not be read. Please try again.', code: 'upload_unreadable' });
    // Not waited out: the body was all there.
    expect(answer.ms).toBeLessThan(BODY_TIMEOUT_MS);
    expect(parts.requests).toHaveLength(0);
    expect(complete.requests).toHaveLength(0);
  });

  it('answers an upload whose body stops arriving with 408 within the body time-out, closes the connection and stores nothing', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const sent = uploadOpening(firstHalf());
    const answer = await rawRequest(
      gateway.baseUrl,
      // The length declares a kilobyte more than is ever sent.
      headers('POST', '/api/v1/files', gateway.accessToken(customerActor()), { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': sent.length + 1024 }),
      [sent],
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(STALLED);
    expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.head).toMatch(/\r\nx-request-id: \S+/i);
    expect(answer.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(answer.ms).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
    expect(parts.requests).toHaveLength(0);
  });

  it('answers a chunked upload whose last chunk never comes with 408 within the body time-out', async () => {
    const sent = uploadOpening(firstHalf());
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('POST', '/api/v1/files', gateway.accessToken(customerActor()), { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Transfer-Encoding': 'chunked' }),
      [Buffer.from(`${sent.length.toString(16)}\r\n`), sent, Buffer.from('\r\n')],
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(STALLED);
    expect(answer.ms).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
  });

  it('answers a JSON request whose body never completes with 408 within the body time-out, and passes nothing on', async () => {
    const update = await gateway.respond(IdentityCommands.updateSecurityPreferences, () => ({ loginAlerts: true, biometricLogin: false, twoFactorEnabled: false }));
    const sent = Buffer.from('{"loginAlerts": true, "biometricLo');
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('PUT', '/api/v1/me/security', gateway.accessToken(customerActor()), { 'Content-Type': 'application/json', 'Content-Length': sent.length + 30 }),
      [sent],
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(STALLED);
    expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.ms).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
    expect(update.requests).toHaveLength(0);
  });

  it('bounds a body trickled a byte at a time, each within the body time-out, by the whole-request time-out', async () => {
    const trickle = Array.from({ length: 200 }, () => Buffer.from(' '));
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('PUT', '/api/v1/me/security', gateway.accessToken(customerActor()), { 'Content-Type': 'application/json', 'Content-Length': 10_000 }),
      trickle,
      { everyMs: 300 },
    );
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
  });

  it('lets a slow but steady upload through: a piece every half second, for longer than the body time-out', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    await gateway.respond(KycFileCommands.completeUpload, (req) => ({ id: req.payload.uploadId, name: req.payload.name, size: 1, mimeType: 'application/pdf', purpose: req.payload.purpose, createdAt: new Date().toISOString() }));
    const body = Buffer.concat([uploadOpening(samplePdf()), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const pieces = Array.from({ length: 5 }, (_, index) => body.subarray(Math.floor((index * body.length) / 5), Math.floor(((index + 1) * body.length) / 5)));
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('POST', '/api/v1/files', gateway.accessToken(customerActor()), { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': body.length, Connection: 'close' }),
      pieces,
      { everyMs: 500 },
    );
    expect(answer.status).toBe(201);
    expect(answer.ms).toBeGreaterThan(2 * BODY_TIMEOUT_MS);
    expect(parts.requests).toHaveLength(1);
  });

  it('waits for a service that answers after the body time-out, once the body is in', async () => {
    await gateway.respond(IdentityCommands.updateSecurityPreferences, () => ({ loginAlerts: true, biometricLogin: false, twoFactorEnabled: false }), { delayMs: 2 * BODY_TIMEOUT_MS });
    const body = Buffer.from('{"loginAlerts": true, "biometricLogin": false}');
    const answer = await rawRequest(
      gateway.baseUrl,
      headers('PUT', '/api/v1/me/security', gateway.accessToken(customerActor()), { 'Content-Type': 'application/json', 'Content-Length': body.length, Connection: 'close' }),
      [body],
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ loginAlerts: true, biometricLogin: false, twoFactorEnabled: false });
  });
});
