import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { ServiceEnvironment } from '@portal/config';
import { currentRequestId } from '@portal/logging';
import { defineCommand, EmptyPayload } from '@portal/contracts';
import { CommandPayload, HandlesCommand, runService, ServiceCallError } from '@portal/messaging';
import { EphemeralServer, startEphemeralNats } from './ephemeral-servers';
import { TestServiceClient } from './service-harness';

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
  let client: TestServiceClient;

  beforeAll(async () => {
    nats = await startEphemeralNats();
    service = await runService({ service: 'support', environment: ServiceEnvironment, module: () => EchoModule, env: { NATS_URL: nats.url, LOG_LEVEL: 'silent' } });
    client = await TestServiceClient.connect(nats.url);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
  });

  it('runs inside the caller\'s request id', async () => {
    await expect(client.send(Echo, { text: 'hi' }, { requestId: 'request-42' })).resolves.toEqual({ text: 'hi', requestId: 'request-42' });
  });

  it('refuses an invalid payload with 400 and the field', async () => {
    const error = await refusal(client.sendUnchecked(Echo, { text: 7 }));
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
