import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startTestStack, TestStack, uniqueEmail } from '@portal/testing';
import { useTestStack } from './journeys';

interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
}

/** A stand-in OpenTelemetry collector: takes OTLP/HTTP JSON trace exports and keeps their spans. */
function startCollector(received: ReceivedSpan[]): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        resourceSpans?: { resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }; scopeSpans?: { spans?: { traceId: string; name: string }[] }[] }[];
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) received.push({ service, traceId: span.traceId, name: span.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function logLines(stack: TestStack, process: string): Record<string, unknown>[] {
  return readFileSync(join(stack.logsDirectory, `${process}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function eventually(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('one request, one trace', () => {
  const received: ReceivedSpan[] = [];
  let collector: Server;
  let stack: TestStack;

  beforeAll(async () => {
    collector = await startCollector(received);
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    stack = await startTestStack('api-tracing', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => collector?.close(resolve));
  });

  const spansOf = (traceId: string, service: string) => received.filter((span) => span.traceId === traceId && span.service === service);
  const isQuery = (span: ReceivedSpan) => /select|insert/i.test(span.name) || span.name.startsWith('pg');

  it("follows a browser's request through the gateway into identity and its database, in spans and in both logs", async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await stack.api.get('/api/v1/settings/public', { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    expect(response.status).toBe(200);

    await eventually(() => spansOf(traceId, 'gateway').length > 0 && spansOf(traceId, 'identity').some(isQuery));
    expect(spansOf(traceId, 'gateway').map((span) => span.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^GET/), 'identity.settings.get-public.v1 send']));
    expect(spansOf(traceId, 'identity').map((span) => span.name)).toEqual(expect.arrayContaining(['identity.settings.get-public.v1 process']));

    await eventually(() => logLines(stack, 'gateway').some((line) => line.traceId === traceId) && logLines(stack, 'identity').some((line) => line.traceId === traceId));
    expect(logLines(stack, 'gateway').find((line) => line.traceId === traceId)).toMatchObject({ message: 'request', path: '/api/v1/settings/public', status: 200 });
    expect(logLines(stack, 'identity').find((line) => line.traceId === traceId)).toMatchObject({ message: 'command', outcome: 'ok' });
  });

  it("follows a sign-up on into the event it raises, through identity's outbox into notification's handling of it", async () => {
    const traceId = randomBytes(16).toString('hex');
    const email = uniqueEmail();
    const signUp = { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct-horse-7', confirmPassword: 'correct-horse-7', userType: 'customer' };
    const response = await stack.api.post('/api/v1/auth/signup', signUp, { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    expect(response.status).toBe(201);

    const handling = 'identity.user.email-confirmation-requested.v1 process';
    await eventually(() => spansOf(traceId, 'notification').some((span) => span.name === handling) && spansOf(traceId, 'notification').some(isQuery));
    expect(spansOf(traceId, 'gateway').map((span) => span.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^POST/)]));

    await eventually(() => logLines(stack, 'notification').some((line) => line.traceId === traceId && line.message === 'email queued'));
    expect(logLines(stack, 'notification').find((line) => line.traceId === traceId && line.message === 'email queued')).toMatchObject({ subject: 'identity.user.email-confirmation-requested.v1' });
  });
});

describe('one request, one trace id in the logs, with nowhere to send spans', () => {
  let stack: TestStack;

  useTestStack('api-trace-ids', (started) => (stack = started));

  it("carries the caller's trace id, or one of the gateway's own, from the access log into the service's command log", async () => {
    const traceId = randomBytes(16).toString('hex');
    const followed = await stack.api.get('/api/v1/settings/public', { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    const own = await stack.api.get('/api/v1/settings/public');
    expect([followed.status, own.status]).toEqual([200, 200]);

    const requestLine = (requestId: string) => logLines(stack, 'gateway').find((line) => line.requestId === requestId && line.message === 'request');
    const commandLine = (requestId: string) => logLines(stack, 'identity').find((line) => line.requestId === requestId && line.message === 'command');
    const [followedId, ownId] = [followed.headers.get('x-request-id') as string, own.headers.get('x-request-id') as string];
    await eventually(() => [followedId, ownId].every((id) => requestLine(id) && commandLine(id)));

    expect(requestLine(followedId)?.traceId).toBe(traceId);
    expect(commandLine(followedId)?.traceId).toBe(traceId);
    expect(requestLine(ownId)?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(requestLine(ownId)?.traceId).not.toBe(traceId);
    expect(commandLine(ownId)?.traceId).toBe(requestLine(ownId)?.traceId);
  });
});
