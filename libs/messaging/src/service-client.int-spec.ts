import { connect, JSONCodec, NatsConnection } from 'nats';
import { defineCommand, EmptyPayload } from '@portal/contracts';
import { EphemeralServer, startEphemeralNats } from '@portal/test-infrastructure';
import { ServiceClient } from './service-client';

const codec = JSONCodec();
class EchoPayload {
  n: number;
}
const echo = defineCommand<EchoPayload, { n: number }>('ledger.echo.v1', EchoPayload);
const nobody = defineCommand<EmptyPayload, unknown>('kyc.nobody.v1', EmptyPayload);
const silent = defineCommand<EmptyPayload, unknown>('support.silent.v1', EmptyPayload);

// ServiceClient over a real NATS server: its reply inbox must pair every answer with its
// request and fail as the transport does.
describe('ServiceClient over NATS', () => {
  let nats: EphemeralServer;
  let service: NatsConnection;
  let caller: NatsConnection;
  let client: ServiceClient;

  beforeAll(async () => {
    nats = await startEphemeralNats();
    service = await connect({ servers: nats.url });
    caller = await connect({ servers: nats.url, noAsyncTraces: true });
    // Answers like Nest's NATS transport, out of order: a larger n waits less.
    service.subscribe(echo.subject, {
      callback: (_error, message) => {
        const packet = codec.decode(message.data) as { id: string; data: { payload: { n: number } } };
        setTimeout(() => message.respond(codec.encode({ id: packet.id, response: { n: packet.data.payload.n }, isDisposed: true })), 50 - packet.data.payload.n);
      },
    });
    service.subscribe(silent.subject, { callback: () => undefined });
    await service.flush();
    client = new ServiceClient(() => caller, 5_000, null);
  });

  afterAll(async () => {
    await service?.close();
    await caller?.close().catch(() => undefined);
    await nats?.stop();
  });

  it('gives each of many concurrent callers its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => client.send(echo, { n })));
    expect(answers).toEqual(Array.from({ length: 50 }, (_, n) => ({ n })));
  });

  it('answers 503 at once when no instance of the service is running', async () => {
    const startedAt = Date.now();
    await expect(client.send(nobody, {})).rejects.toMatchObject({ body: { statusCode: 503, message: 'The kyc service is unavailable. Please try again shortly.' } });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('answers 504 when the service takes the request and never answers', async () => {
    await expect(client.send(silent, {}, {}, 100)).rejects.toMatchObject({ body: { statusCode: 504, message: 'The support service took too long to answer. Please try again.' } });
  });

  it('answers 503 to a caller still waiting when the connection closes, and to every later one', async () => {
    const own = await connect({ servers: nats.url, noAsyncTraces: true });
    const closing = new ServiceClient(() => own, 30_000, null);
    const waiting = closing.send(silent, {}).catch((error: unknown) => error);
    await own.flush();
    await own.close();
    expect(await waiting).toMatchObject({ body: { statusCode: 503 } });
    await expect(closing.send(echo, { n: 1 })).rejects.toMatchObject({ body: { statusCode: 503 } });
  });
});
