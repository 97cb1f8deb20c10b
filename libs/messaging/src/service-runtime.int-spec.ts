import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { ServiceEnvironment } from '@portal/config';
import { currentRequestId } from '@portal/logging';
import { defineCommand, EmptyPayload } from '@portal/contracts';
import { connect, NatsConnection } from 'nats';
import { EphemeralServer, startEphemeralNats } from '@portal/test-infrastructure';
import { HandlesCommand } from './command-handler';
import { resolveCommandKeys } from './command-signatures';
import { CommandPayload } from './rpc';
import { ServiceClient } from './service-client';
import { ServiceCallError } from './service-error';
import { runService } from './service-runtime';

class EchoPayload {
  @IsString() text: string;
}

interface Echo {
  text: string;
  requestId: string | undefined;
}

const Echo = defineCommand<EchoPayload, Echo>('support.test.echo.v1', EchoPayload);
const Fail = defineCommand<EmptyPayload, never>('support.test.fail.v1', EmptyPayload);
const Nobody = defineCommand<EmptyPayload, never>('ledger.test.nobody.v1', EmptyPayload);

@Controller()
class EchoController {
  @HandlesCommand(Echo)
  echo(@CommandPayload() payload: EchoPayload): Echo {
    return { text: payload.text, requestId: currentRequestId() };
  }

  @HandlesCommand(Fail)
  fail(): never {
    throw new Error('database exploded at /srv/app/secret.js:12');
  }
}

/** The error a command was refused with; fails when it succeeded. */
async function refusal(call: Promise<unknown>): Promise<ServiceCallError> {
  try {
    await call;
  } catch (error) {
    return error as ServiceCallError;
  }
  throw new Error('expected the command to be refused');
}

@Module({ controllers: [EchoController] })
class EchoModule {}

// The service runtime every service and this harness stand on.
describe('a service command over NATS', () => {
  let nats: EphemeralServer;
  let service: INestMicroservice;
  let connection: NatsConnection;
  let client: ServiceClient;

  beforeAll(async () => {
    nats = await startEphemeralNats();
    service = await runService({ service: 'support', environment: ServiceEnvironment, module: () => EchoModule, env: { NATS_URL: nats.url, LOG_LEVEL: 'silent' } });
    connection = await connect({ servers: nats.url });
    // Signed as the gateway with the development keys the service trusts.
    client = new ServiceClient(() => connection, 20_000, resolveCommandKeys('gateway', { NODE_ENV: 'test' }));
  });

  afterAll(async () => {
    await connection?.close();
    await service?.close();
    await nats?.stop();
  });

  it('runs inside the caller\'s request id', async () => {
    await expect(client.send(Echo, { text: 'hi' }, { requestId: 'request-42' })).resolves.toEqual({ text: 'hi', requestId: 'request-42' });
  });

  it('refuses an invalid payload with 400 and the field', async () => {
    const error = await refusal(client.send(Echo, { text: 7 } as unknown as EchoPayload));
    expect(error).toBeInstanceOf(ServiceCallError);
    expect(error.body).toMatchObject({ statusCode: 400, details: [expect.objectContaining({ field: 'text' })] });
  });

  it('answers an unexpected failure with a bare 500 that reveals nothing', async () => {
    const error = await refusal(client.send(Fail, {}));
    expect(error.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.', code: 'unexpected_error' });
  });

  it('answers 503 at once for a subject nobody serves', async () => {
    const error = await refusal(client.send(Nobody, {}));
    expect(error.body).toMatchObject({ statusCode: 503, message: 'The ledger service is unavailable. Please try again shortly.' });
  });
});
