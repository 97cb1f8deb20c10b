import { ErrorCode, JSONCodec, Msg, NatsConnection, NatsError } from 'nats';
import { defineCommand, EmptyPayload, errorBody } from '@portal/contracts';
import { runWithRequestContext } from '@portal/logging';
import { ServiceCallError } from './service-error';
import { ServiceClient } from './service-client';

const codec = JSONCodec();
const getBalance = defineCommand<EmptyPayload, { balanceCents: number }>('ledger.balance.get.v1', EmptyPayload);

interface SentRequest {
  subject: string;
  packet: { pattern: string; id: string; data: { meta: Record<string, unknown>; payload: unknown } };
}

/**
 * A stand-in for the NATS connection: answers every request on its reply subject with
 * `answer` (a reply packet). An `answer` that throws a NatsError plays the transport's
 * failure: no responders comes back as the server's 503 status, a time-out never answers,
 * anything else is thrown by publish (as a closed connection does).
 */
function fakeConnection(answer: () => unknown) {
  const sent: SentRequest[] = [];
  let inbox: ((error: null, message: Msg) => void) | null = null;
  const connection = {
    subscribe: (_subject: string, options: { callback: (error: null, message: Msg) => void }) => {
      inbox = options.callback;
      return { closed: new Promise(() => undefined) };
    },
    publish: (subject: string, data: Uint8Array, options: { reply: string }) => {
      sent.push({ subject, packet: codec.decode(data) as SentRequest['packet'] });
      let reply: unknown;
      try {
        reply = answer();
      } catch (error) {
        const code = (error as NatsError).code;
        if (code === ErrorCode.Timeout) return;
        if (code !== ErrorCode.NoResponders) throw error;
        setImmediate(() => inbox?.(null, { subject: options.reply, data: new Uint8Array(0), headers: { code: 503 } } as unknown as Msg));
        return;
      }
      setImmediate(() => inbox?.(null, { subject: options.reply, data: codec.encode(reply) } as unknown as Msg));
    },
  } as unknown as NatsConnection;
  return { connection, sent };
}

function failingWith(code: string) {
  return () => {
    throw new NatsError(code, code);
  };
}

async function callError(promise: Promise<unknown>): Promise<ServiceCallError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceCallError);
  return error as ServiceCallError;
}

describe('ServiceClient', () => {
  it('sends the command in the packet of Nest NATS transport and resolves with the reply', async () => {
    const { connection, sent } = fakeConnection(() => ({ id: 'x', response: { balanceCents: 4200 }, isDisposed: true }));
    const client = new ServiceClient(() => connection, 5_000, null);
    const reply = await client.send(getBalance, {}, { requestId: 'req-1', actor: null, clientIp: '203.0.113.9' });
    expect(reply).toEqual({ balanceCents: 4200 });
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('ledger.balance.get.v1');
    expect(sent[0].packet.pattern).toBe('ledger.balance.get.v1');
    expect(sent[0].packet.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].packet.data).toEqual({ meta: { requestId: 'req-1', actor: null, clientIp: '203.0.113.9' }, payload: {} });
  });

  it("takes the request id of the caller's request context", async () => {
    const { connection, sent } = fakeConnection(() => ({ response: { balanceCents: 0 } }));
    const client = new ServiceClient(() => connection, 5_000, null);
    await runWithRequestContext({ requestId: 'from-context' }, () => client.send(getBalance, {}));
    expect(sent[0].packet.data.meta.requestId).toBe('from-context');
  });

  it('gives up at the per-call time-out rather than the default one', async () => {
    const client = new ServiceClient(() => fakeConnection(failingWith(ErrorCode.Timeout)).connection, 60_000, null);
    const startedAt = Date.now();
    const error = await callError(client.send(getBalance, {}, {}, 50));
    expect(error.body.statusCode).toBe(504);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('answers 503 with the service name when no instance of the service is running', async () => {
    const client = new ServiceClient(() => fakeConnection(failingWith(ErrorCode.NoResponders)).connection, 5_000, null);
    const error = await callError(client.send(getBalance, {}));
    expect(error.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The ledger service is unavailable. Please try again shortly.',
      code: 'service_unavailable',
      params: { name: 'ledger' },
    });
    expect(error.message).toBe('The ledger service is unavailable. Please try again shortly.');
  });

  it.each([ErrorCode.ConnectionClosed, ErrorCode.Disconnect])('answers 503 when the NATS connection is away (%s)', async (code) => {
    const client = new ServiceClient(() => fakeConnection(failingWith(code)).connection, 5_000, null);
    const error = await callError(client.send(getBalance, {}));
    expect(error.body).toMatchObject({ statusCode: 503, message: 'The ledger service is unavailable. Please try again shortly.', code: 'service_unavailable' });
  });

  it('answers 504 when the service does not answer in time', async () => {
    const client = new ServiceClient(() => fakeConnection(failingWith(ErrorCode.Timeout)).connection, 50, null);
    const error = await callError(client.send(getBalance, {}));
    expect(error.body).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The ledger service took too long to answer. Please try again.',
      code: 'service_timeout',
      params: { name: 'ledger' },
    });
  });

  it('answers 503 "could not be reached" for any other transport failure', async () => {
    const client = new ServiceClient(() => fakeConnection(() => {
      throw new Error('socket hang up');
    }).connection, 5_000, null);
    const error = await callError(client.send(getBalance, {}));
    expect(error.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The ledger service could not be reached. Please try again shortly.',
      code: 'service_unreachable',
      params: { name: 'ledger' },
    });
  });

  it("passes a service's refusal through with its whole error body", async () => {
    const refusal = errorBody(400, 'The amount is invalid.', { code: 'invalid_amount', details: [{ field: 'amountCents', message: 'must be positive' }] });
    const client = new ServiceClient(() => fakeConnection(() => ({ id: 'x', err: refusal, isDisposed: true })).connection, 5_000, null);
    const error = await callError(client.send(getBalance, {}));
    expect(error.body).toEqual(refusal);
  });

  it.each([['a string', 'Internal server error'], ['an object without a status', { message: 'relation "users" does not exist', stack: 'at ...' }], ['a number', 42]])(
    'turns an error reply of unknown shape (%s) into a bare 500 that reveals nothing',
    async (_shape, err) => {
      const client = new ServiceClient(() => fakeConnection(() => ({ id: 'x', err, isDisposed: true })).connection, 5_000, null);
      const error = await callError(client.send(getBalance, {}));
      expect(error.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.', code: 'unexpected_error' });
    },
  );
});
