import 'reflect-metadata';
import { Writable } from 'node:stream';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsString } from 'class-validator';
import { defineCommand, EmptyPayload } from '@portal/contracts';
import { createLogger, currentRequestId } from '@portal/logging';
import { createHash, randomUUID } from 'node:crypto';
import { connect, headers as natsHeaders, JSONCodec, NatsConnection } from 'nats';
import { EphemeralServer, startEphemeralNats } from '@portal/test-infrastructure';
import { ATTACHMENT_HEADER, CommandAttachment } from './command-attachment';
import { HandlesCommand } from './command-handler';
import { CommandServer, RefusedCommand } from './command-server';
import { CommandVerifier, commandPublicKeyOf, newCommandSigningKey, resolveCommandKeys, signCommand } from './command-signatures';
import { CommandPayload, commandValidationPipe, ServiceExceptionFilter } from './rpc';
import { ServiceClient } from './service-client';
import { ServiceError } from './service-error';

class GreetPayload {
  @IsString() name: string;
}

/** Names the greet handler ran for: a refused command must never reach it. */
const greetings: string[] = [];

const Greet = defineCommand<GreetPayload, { greeting: string; requestId: string | undefined }>('support.test.greet.v1', GreetPayload);
const Refuse = defineCommand<EmptyPayload, never>('support.test.refuse.v1', EmptyPayload);
const Health = defineCommand<EmptyPayload, { ok: true }>('support.health.test.v1', EmptyPayload);
/** Hands back what it received as the attachment: its length and digest, or that none came. */
const Digest = defineCommand<GreetPayload, { name: string; bytes: number | null; sha256: string | null }>('support.test.digest.v1', GreetPayload);
/** Answers with bytes (a Buffer): every byte value, `name` kilobytes long; "none" refuses instead. */
const Bytes = defineCommand<GreetPayload, Buffer>('support.test.bytes.v1', GreetPayload);
function bytesOfLength(kilobytes: number): Buffer {
  const bytes = Buffer.alloc(kilobytes * 1024);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7 + 3) % 256;
  return bytes;
}

@Controller()
class GreetController {
  @HandlesCommand(Greet)
  async greet(@CommandPayload() payload: GreetPayload) {
    greetings.push(payload.name);
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

  @HandlesCommand(Bytes)
  bytes(@CommandPayload() payload: GreetPayload): Buffer {
    if (payload.name === 'none') throw ServiceError.of(404, 'file_part_not_found');
    return bytesOfLength(Number(payload.name));
  }

  @HandlesCommand(Digest)
  digest(@CommandPayload() payload: GreetPayload, @CommandAttachment() attachment: Buffer | undefined) {
    if (attachment) greetings.push(payload.name);
    return { name: payload.name, bytes: attachment?.length ?? null, sha256: attachment ? createHash('sha256').update(attachment).digest('hex') : null };
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
  let connection: NatsConnection;
  let client: ServiceClient;
  const lines: LogLine[] = [];
  const refused: RefusedCommand[] = [];

  beforeAll(async () => {
    nats = await startEphemeralNats();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('support', 'info', sink);
    // The development keys every local process shares (a test's client signs as the gateway).
    const guard = { verifier: new CommandVerifier(resolveCommandKeys('support', { NODE_ENV: 'test' }).trusted), refused: (command: RefusedCommand) => refused.push(command) };
    service = await NestFactory.createMicroservice(GreetModule, { strategy: new CommandServer({ servers: [nats.url], queue: 'support' }, 1_000, logger, guard), logger: false });
    service.useGlobalPipes(commandValidationPipe());
    service.useGlobalFilters(new ServiceExceptionFilter(logger));
    await service.listen();
    connection = await connect({ servers: nats.url });
    client = new ServiceClient(() => connection, 20_000, resolveCommandKeys('gateway', { NODE_ENV: 'test' }));
  });

  afterAll(async () => {
    await connection?.close();
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
    await expect(client.send(Greet, { name: 7 } as unknown as GreetPayload, { requestId: 'request-invalid' })).rejects.toMatchObject({ body: { statusCode: 400 } });
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

  describe('raw bytes after the JSON envelope', () => {
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    it('hands the handler the exact bytes (binary, any length under a NATS message) beside its validated payload, and none to a command sent without', async () => {
      const bytes = Buffer.from(Array.from({ length: 512 * 1024 }, (_, index) => (index * 7 + 3) % 256));
      await expect(client.sendWithAttachment(Digest, { name: 'part' }, bytes)).resolves.toEqual({ name: 'part', bytes: bytes.length, sha256: sha256(bytes) });
      // Bytes that look like JSON are still the attachment's, not the envelope's.
      const jsonish = Buffer.from(' {"name":"other"} ');
      await expect(client.sendWithAttachment(Digest, { name: 'jsonish' }, jsonish)).resolves.toEqual({ name: 'jsonish', bytes: jsonish.length, sha256: sha256(jsonish) });
      await expect(client.send(Digest, { name: 'plain' })).resolves.toEqual({ name: 'plain', bytes: null, sha256: null });
      await expect(client.sendWithAttachment(Digest, { name: 7 } as unknown as GreetPayload, bytes)).rejects.toMatchObject({ body: { statusCode: 400 } });
    });

    it('answers a handler\'s Buffer as raw bytes after the reply\'s envelope (not base64 in JSON), which the client hands back as the same Buffer', async () => {
      const received = await client.send(Bytes, { name: '512' }, { requestId: 'request-bytes' });
      expect(Buffer.isBuffer(received) && received.equals(bytesOfLength(512))).toBe(true);
      expect(commandLines('request-bytes')).toEqual([expect.objectContaining({ subject: Bytes.subject, outcome: 'ok' })]);
      await expect(client.send(Bytes, { name: '0' })).resolves.toEqual(Buffer.alloc(0));
      await expect(client.send(Bytes, { name: 'none' })).rejects.toMatchObject({ body: { statusCode: 404, code: 'file_part_not_found' } });

      // On the wire: the length header, and the bytes themselves after a small envelope.
      const gateway = resolveCommandKeys('gateway', { NODE_ENV: 'test' });
      const envelope = JSONCodec().encode({ pattern: Bytes.subject, id: randomUUID(), data: { meta: { requestId: 'request-bytes-raw' }, payload: { name: '64' } } });
      const reply = await connection.request(Bytes.subject, envelope, { timeout: 5_000, headers: signCommand(gateway, Bytes.subject, envelope, 5_000, natsHeaders()) });
      expect(reply.headers?.get(ATTACHMENT_HEADER)).toBe(String(64 * 1024));
      expect(reply.data.length).toBeLessThan(64 * 1024 + 200);
      expect(Buffer.from(reply.data.subarray(reply.data.length - 64 * 1024)).equals(bytesOfLength(64))).toBe(true);
    });

    it('refuses a signed command whose attached bytes, or the length that says where they begin, were changed on the way', async () => {
      const gateway = resolveCommandKeys('gateway', { NODE_ENV: 'test' });
      const codec = JSONCodec();
      const envelope = codec.encode({ pattern: Digest.subject, id: randomUUID(), data: { meta: { requestId: 'request-attached' }, payload: { name: 'Tampered' } } });
      // Leading spaces: moving the boundary still leaves valid JSON, so only the signature can tell.
      const attachment = Buffer.from('   %PDF-1.7 genuine');
      const body = Buffer.concat([envelope, attachment]);
      const signedHeaders = () => {
        const headers = natsHeaders();
        headers.set(ATTACHMENT_HEADER, String(attachment.length));
        return signCommand(gateway, Digest.subject, body, 5_000, headers);
      };
      const send = async (data: Uint8Array, headers: ReturnType<typeof signCommand>) =>
        JSONCodec().decode((await connection.request(Digest.subject, data, { timeout: 5_000, headers })).data) as { response?: unknown; err?: { statusCode: number; code?: string } };

      const swapped = Buffer.from(body);
      swapped[swapped.length - 1] ^= 0xff;
      expect((await send(swapped, signedHeaders())).err).toMatchObject({ statusCode: 401, code: 'command_signature_invalid' });
      const moved = signedHeaders();
      moved.set(ATTACHMENT_HEADER, String(attachment.length - 3));
      expect((await send(body, moved)).err).toMatchObject({ statusCode: 401, code: 'command_signature_invalid' });
      const dropped = signedHeaders();
      dropped.delete(ATTACHMENT_HEADER);
      expect((await send(body, dropped)).err).toMatchObject({ statusCode: 401 });
      expect(greetings).not.toContain('Tampered');
      // The same command untouched is taken.
      expect((await send(body, signedHeaders())).response).toEqual({ name: 'Tampered', bytes: attachment.length, sha256: sha256(attachment) });
    });
  });

  describe('commands not signed by a trusted key', () => {
    const codec = JSONCodec();
    const admin = { userId: randomUUID(), userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() };
    const packet = (name: string, requestId: string) => codec.encode({ pattern: Greet.subject, id: randomUUID(), data: { meta: { requestId, actor: admin }, payload: { name } } });

    /** Sends raw bytes with the given headers as a forger on the bus would, and reads the answer. */
    async function sendRaw(body: Uint8Array, headers?: ReturnType<typeof signCommand>, subject = Greet.subject) {
      const answer = await connection.request(subject, body, { timeout: 5_000, headers });
      return codec.decode(answer.data) as { response?: unknown; err?: { statusCode: number; code: string } };
    }

    it('refuses an unsigned command with a forged admin actor before its handler runs, and reports the actor it claimed', async () => {
      const answer = await sendRaw(packet('Mallory', 'request-unsigned'));
      expect(answer.err).toMatchObject({ statusCode: 401, code: 'command_signature_invalid' });
      expect(greetings).not.toContain('Mallory');
      expect(refused).toContainEqual(expect.objectContaining({ subject: Greet.subject, refusal: 'unsigned', claimedActor: admin, requestId: 'request-unsigned' }));
    });

    it('refuses a command signed with a key it does not trust, though it names the gateway', async () => {
      const seed = newCommandSigningKey();
      const stranger = resolveCommandKeys('gateway', { NODE_ENV: 'production', COMMAND_SIGNING_KEY: seed, COMMAND_SIGNERS: `gateway:${commandPublicKeyOf(seed)}` });
      const body = packet('Stranger', 'request-stranger');
      expect((await sendRaw(body, signCommand(stranger, Greet.subject, body, 5_000))).err).toMatchObject({ statusCode: 401 });
      expect(refused).toContainEqual(expect.objectContaining({ refusal: 'bad_signature', signer: 'gateway', requestId: 'request-stranger' }));
      expect(greetings).not.toContain('Stranger');
    });

    it('refuses a signed command whose body or subject was changed, an expired one, and one sent a second time', async () => {
      const gateway = resolveCommandKeys('gateway', { NODE_ENV: 'test' });
      const signed = packet('Alice', 'request-signed');
      const headers = signCommand(gateway, Greet.subject, signed, 5_000);

      // Another body under the same signature (the actor or the amount changed on the way).
      expect((await sendRaw(packet('Eve', 'request-tampered'), headers)).err).toMatchObject({ statusCode: 401 });
      expect(refused).toContainEqual(expect.objectContaining({ refusal: 'bad_signature', requestId: 'request-tampered' }));
      // The same signature on another command subject.
      expect((await sendRaw(signed, headers, Health.subject)).err).toMatchObject({ statusCode: 401 });

      // The genuine one is taken once; the same bytes again are refused.
      expect((await sendRaw(signed, headers)).response).toMatchObject({ greeting: 'Hello Alice' });
      expect((await sendRaw(signed, headers)).err).toMatchObject({ statusCode: 401 });
      expect(refused).toContainEqual(expect.objectContaining({ refusal: 'replayed', requestId: 'request-signed' }));
      expect(greetings.filter((name) => name === 'Alice')).toHaveLength(1);

      const late = packet('Late', 'request-expired');
      expect((await sendRaw(late, signCommand(gateway, Greet.subject, late, -60_000))).err).toMatchObject({ statusCode: 401 });
      expect(refused).toContainEqual(expect.objectContaining({ refusal: 'expired', requestId: 'request-expired' }));
      expect(greetings).not.toContain('Late');
    });
  });
});
