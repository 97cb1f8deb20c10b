import 'reflect-metadata';
import { Writable } from 'node:stream';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsString } from 'class-validator';
import { defineCommand, EmptyPayload } from '@portal/contracts';
import { createLogger, currentRequestId } from '@portal/logging';
import { CommandPayload, CommandServer, commandValidationPipe, HandlesCommand, ServiceError, ServiceExceptionFilter } from '@portal/messaging';
import { EphemeralServer, startEphemeralNats } from './ephemeral-servers';
import { TestServiceClient } from './service-harness';

class GreetPayload {
  @IsString() name: string;
}

const Greet = defineCommand<GreetPayload, { greeting: string; requestId: string | undefined }>('support.test.greet.v1', GreetPayload);
const Refuse = defineCommand<EmptyPayload, never>('support.test.refuse.v1', EmptyPayload);
const Health = defineCommand<EmptyPayload, { ok: true }>('support.health.test.v1', EmptyPayload);

@Controller()
class GreetController {
  @HandlesCommand(Greet)
  async greet(@CommandPayload() payload: GreetPayload) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Still inside the caller's request id after an await.
    return { greeting: `Hello ${payload.name}`, requestId: currentRequestId() };
  }

  @HandlesCommand(Refuse)
  refuse(): never {
    throw ServiceError.conflict('Not now.', 'not_now');
  }

  @HandlesCommand(Health)
  health(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [GreetController] })
class GreetModule {}

/** What a log line says; the logger writes JSON lines into `lines`. */
type LogLine = Record<string, unknown>;

// The service runtime's command server: the request id and the one log line per command.
describe('the command server', () => {
  let nats: EphemeralServer;
  let service: INestMicroservice;
  let client: TestServiceClient;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    nats = await startEphemeralNats();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('support', 'info', sink);
    service = await NestFactory.createMicroservice(GreetModule, { strategy: new CommandServer({ servers: [nats.url], queue: 'support' }, 1_000, logger), logger: false });
    service.useGlobalPipes(commandValidationPipe());
    service.useGlobalFilters(new ServiceExceptionFilter(logger));
    await service.listen();
    client = await TestServiceClient.connect(nats.url);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
  });

  const commandLines = (requestId: string) => lines.filter((line) => line.message === 'command' && line.requestId === requestId);

  it('runs the handler inside the caller\'s request id and logs one timed line for it', async () => {
    await expect(client.send(Greet, { name: 'Ada' }, { requestId: 'request-greet' })).resolves.toEqual({ greeting: 'Hello Ada', requestId: 'request-greet' });
    expect(commandLines('request-greet')).toEqual([
      expect.objectContaining({ level: 'info', service: 'support', subject: 'support.test.greet.v1', outcome: 'ok', durationMs: expect.any(Number) }),
    ]);
    expect(commandLines('request-greet')[0].durationMs).toBeGreaterThanOrEqual(4);
  });

  it('logs a refusal with its status, and a bad payload with 400', async () => {
    await expect(client.send(Refuse, {}, { requestId: 'request-refused' })).rejects.toMatchObject({ body: { statusCode: 409 } });
    expect(commandLines('request-refused')).toEqual([expect.objectContaining({ subject: 'support.test.refuse.v1', outcome: '409' })]);
    await expect(client.sendUnchecked(Greet, { name: 7 }, { requestId: 'request-invalid' })).rejects.toMatchObject({ body: { statusCode: 400 } });
    expect(commandLines('request-invalid')).toEqual([expect.objectContaining({ subject: 'support.test.greet.v1', outcome: '400' })]);
  });

  it('keeps health checks out of the info log', async () => {
    await expect(client.send(Health, {}, { requestId: 'request-health' })).resolves.toEqual({ ok: true });
    expect(commandLines('request-health')).toEqual([]);
  });

  it('keeps concurrent commands apart', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `request-many-${index}`);
    const replies = await Promise.all(ids.map((requestId, index) => client.send(Greet, { name: `n${index}` }, { requestId })));
    expect(replies.map((reply) => reply.requestId)).toEqual(ids);
    for (const requestId of ids) expect(commandLines(requestId)).toHaveLength(1);
  });
});
