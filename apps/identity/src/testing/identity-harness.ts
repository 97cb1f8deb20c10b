import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestMicroservice } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Redis } from 'ioredis';
import { ConsumerMessages, JSONCodec, NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AccessTokenClaims,
  Actor,
  AdminRole,
  AuthSession,
  ErrorBody,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityCommands,
  IdentityEvents,
  RequestMeta,
  SignUpPayload,
  SignUpResult,
} from '@portal/contracts';
import { serviceDataSourceOptions } from '@portal/database';
import { runService, ServiceCallError } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { CreateAdmin, NewAdminInput } from '../admins/create-admin';
import { IdentityEnvironment } from '../identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from '../identity-schema';
import { IdentityModule } from '../identity.module';

const codec = JSONCodec();

/** Every event identity publishes, read back from JetStream as a consumer would. */
export class IdentityEventLog {
  private constructor(
    readonly received: EventEnvelope[],
    private readonly messages: ConsumerMessages,
    private readonly reading: Promise<void>,
  ) {}

  static async open(connection: NatsConnection): Promise<IdentityEventLog> {
    const jsm = await connection.jetstreamManager();
    // The service's outbox relay creates the stream on its first round.
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await jsm.streams.info(IDENTITY_EVENTS_STREAM.name);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const consumer = await connection.jetstream().consumers.get(IDENTITY_EVENTS_STREAM.name);
    const messages = await consumer.consume();
    const received: EventEnvelope[] = [];
    const reading = (async () => {
      for await (const message of messages) received.push(codec.decode(message.data) as EventEnvelope);
    })();
    return new IdentityEventLog(received, messages, reading);
  }

  /** The first event on the subject whose payload matches, waiting for the relay to publish it. */
  async waitFor<P>(subject: string, matches: (payload: P) => boolean = () => true, timeoutMs = 5_000): Promise<EventEnvelope<P>> {
    return (await this.waitForCount<P>(subject, matches, 1, timeoutMs))[0];
  }

  /** The matching events once at least `count` of them have arrived. */
  async waitForCount<P>(subject: string, matches: (payload: P) => boolean, count: number, timeoutMs = 5_000): Promise<EventEnvelope<P>[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.all<P>(subject, matches);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`${found.length} of ${count} ${subject} events arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  all<P>(subject: string, matches: (payload: P) => boolean = () => true): EventEnvelope<P>[] {
    return this.received.filter((event): event is EventEnvelope<P> => event.subject === subject && matches(event.payload as P));
  }

  async close(): Promise<void> {
    await this.messages.close();
    await this.reading.catch(() => undefined);
  }
}

/** The identity service running against its own PostgreSQL database, NATS and Redis. */
export interface IdentityHarness {
  infrastructure: TestInfrastructure;
  service: INestMicroservice;
  client: TestServiceClient;
  /** Direct access for arranging what a client cannot (expired links, toggles) and for checks. */
  database: Client;
  redis: Redis;
  events: IdentityEventLog;
  /** Verifies access tokens as the gateway does, with the public key. */
  verifyAccessToken(token: string): AccessTokenClaims & { iss: string; aud: string; iat: number; exp: number };
  stop(): Promise<void>;
}

export const TEST_WEB_URL = 'http://portal.test';

export async function startIdentity(label: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<IdentityHarness> {
  const keysDir = mkdtempSync(join(tmpdir(), 'identity-jwt-'));
  const stops: (() => Promise<unknown> | unknown)[] = [() => rmSync(keysDir, { recursive: true, force: true })];
  // Stops what has started, newest first; also when starting fails half-way, so jest can exit.
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    const infrastructure = await startTestInfrastructure(label, { JWT_KEYS_DIR: keysDir, WEB_URL: TEST_WEB_URL, ...extraEnv });
    stops.push(() => infrastructure.stop());
    const service = await runService({ service: 'identity', environment: IdentityEnvironment, module: (environment) => IdentityModule.register(environment), env: infrastructure.env });
    stops.push(() => stopService(service));
    const client = await TestServiceClient.connect(infrastructure.nats.url);
    stops.push(() => client.close());
    const database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
    stops.push(() => database.end());
    const redis = new Redis(infrastructure.redis.url);
    stops.push(() => redis.disconnect());
    const events = await IdentityEventLog.open(client.connection);
    stops.push(() => events.close());
    const jwt = new JwtService({ publicKey: readFileSync(join(keysDir, 'public.pem'), 'utf8') });
    return {
      infrastructure,
      service,
      client,
      database,
      redis,
      events,
      verifyAccessToken: (token) => jwt.verify(token, { algorithms: ['RS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Events a command queued, read from the outbox: committed before the command answered,
 * so counting them needs no waiting (the JetStream path is asserted with IdentityEventLog).
 */
export async function queuedEvents(harness: IdentityHarness, subject: string, payloadField: string, value: string): Promise<Record<string, unknown>[]> {
  const { rows } = await harness.database.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM identity.outbox_events WHERE subject = $1 AND payload ->> $2 = $3 ORDER BY occurred_at',
    [subject, payloadField, value],
  );
  return rows.map((row) => row.payload);
}

/** The error a command answered with; fails the test when it succeeded instead. */
export async function failure(call: Promise<unknown>): Promise<ErrorBody> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceCallError) return error.body;
    throw error;
  }
  throw new Error('expected the command to fail, but it succeeded');
}

/** A sign-up form of a new, unique customer. */
export function aCustomer(overrides: Partial<SignUpPayload> = {}): SignUpPayload {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id}@example.com`,
    password: 'analytical-engine',
    confirmPassword: overrides.password ?? 'analytical-engine',
    userType: 'customer',
    ...overrides,
  };
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Signs a customer up and returns the token of the confirmation link that was emailed. */
export async function signUp(harness: IdentityHarness, form = aCustomer()): Promise<{ form: SignUpPayload; result: SignUpResult; confirmationToken: string }> {
  const result = await harness.client.send<SignUpResult>(IdentityCommands.signUp, form);
  const event = await harness.events.waitFor<{ email: string; confirmationUrl: string }>(IdentityEvents.emailConfirmationRequested, (payload) => payload.email === form.email.toLowerCase());
  return { form, result, confirmationToken: tokenOf(event.payload.confirmationUrl) };
}

/** A confirmed customer, signed in through the confirmation link. */
export async function confirmedCustomer(harness: IdentityHarness, form = aCustomer(), meta: Partial<RequestMeta> = {}): Promise<{ form: SignUpPayload; session: AuthSession }> {
  const { confirmationToken } = await signUp(harness, form);
  const session = await harness.client.send<AuthSession>(IdentityCommands.confirmEmail, { token: confirmationToken }, meta);
  return { form, session };
}

/** A TypeORM connection to the harness's database, for use cases that have no command yet. */
export async function withDataSource<T>(harness: IdentityHarness, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = await new DataSource(
    serviceDataSourceOptions({ schema: IDENTITY_SCHEMA, url: harness.infrastructure.database.url, entities: identityEntities, migrations: identityMigrations, poolSize: 2 }),
  ).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** An administrator created as the create-admin command does, then signed in. */
export async function signedInAdmin(harness: IdentityHarness, adminRole: AdminRole = 'super_admin'): Promise<{ input: Required<Pick<NewAdminInput, 'email' | 'password'>>; session: AuthSession; actor: Actor }> {
  const input = { email: `admin.${randomUUID().slice(0, 8)}@example.com`, password: 'Admin#Pass2026', firstName: 'Grace', lastName: 'Hopper', adminRole };
  await withDataSource(harness, (dataSource) => new CreateAdmin(dataSource).execute(input, { actor: null, source: 'cli' }));
  const session = await harness.client.send<AuthSession>(IdentityCommands.signIn, { email: input.email, password: input.password });
  return { input, session, actor: actorOf(harness, session) };
}

/** The caller as the gateway would describe it from the session's access token. */
export function actorOf(harness: IdentityHarness, session: AuthSession): Actor {
  const claims = harness.verifyAccessToken(session.accessToken);
  return { userId: claims.sub, userType: claims.typ, adminRole: claims.role, sessionId: claims.sid };
}
