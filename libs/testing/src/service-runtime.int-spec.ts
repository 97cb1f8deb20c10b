import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IsString } from 'class-validator';
import { ServiceEnvironment } from '@portal/config';
import { currentRequestId } from '@portal/logging';
import { CommandPayload, runService, ServiceCallError } from '@portal/messaging';
import { EphemeralServer, startEphemeralNats } from './ephemeral-servers';
import { TestServiceClient } from './service-harness';

class EchoPayload {
  @IsString() text: string;
}

@Controller()
class EchoController {
  @MessagePattern('support.test.echo.v1')
  echo(@CommandPayload() payload: EchoPayload) {
    return { text: payload.text, requestId: currentRequestId() };
  }

  @MessagePattern('support.test.fail.v1')
  fail(): never {
    throw new Error('database exploded at /srv/app/secret.js:12');
  }
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
    await expect(client.send('support.test.echo.v1', { text: 'hi' }, { requestId: 'request-42' })).resolves.toEqual({ text: 'hi', requestId: 'request-42' });
  });

  it('refuses an invalid payload with 400 and the field', async () => {
    const error = await client.send<never>('support.test.echo.v1', { text: 7 }).catch((caught: ServiceCallError) => caught);
    expect(error).toBeInstanceOf(ServiceCallError);
    expect(error.body).toMatchObject({ statusCode: 400, details: [expect.objectContaining({ field: 'text' })] });
  });

  it('answers an unexpected failure with a bare 500 that reveals nothing', async () => {
    const error = await client.send<never>('support.test.fail.v1', {}).catch((caught: ServiceCallError) => caught);
    expect(error.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.' });
  });

  it('answers 503 at once for a subject nobody serves', async () => {
    const error = await client.send<never>('ledger.test.nobody.v1', {}).catch((caught: ServiceCallError) => caught);
    expect(error.body).toMatchObject({ statusCode: 503, message: 'The ledger service is unavailable. Please try again shortly.' });
  });
});
