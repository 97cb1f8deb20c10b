import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestMicroservice } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AccessTokenClaims,
  Actor,
  AdminRole,
  AuthSession,
  DEFAULT_PREFERENCES,
  EventDefinition,
  IDENTITY_EVENTS_STREAM,
  IdentityCommands,
  IdentityEvents,
  isMfaChallenge,
  RequestMeta,
  SecuritySettings,
  SignInResult,
  SignUpPayload,
  SignUpResult,
} from '@portal/contracts';
import { serviceDataSourceOptions } from '@portal/database';
import { runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { CreateAdmin, NewAdminInput } from '../admins/create-admin';
import { IdentityEnvironment } from '../identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from '../identity-schema';
import { IdentityModule } from '../identity.module';
import { AfterReply } from '../tokens/after-reply';
import { SoftwareAuthenticator } from './software-authenticator';

/** The identity service running against its own PostgreSQL database, NATS and Redis. */
export interface IdentityHarness {
  infrastructure: TestInfrastructure;
  service: INestMicroservice;
  client: TestServiceClient;
  /** Direct access for arranging what a client cannot (expired links, toggles) and for checks. */
  database: Client;
  redis: Redis;
  /** Every event identity published, read back from its stream. */
  events: StreamRecorder;
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
    // Identity owns the platform settings: it answers them itself.
    const infrastructure = await startTestInfrastructure(label, { JWT_KEYS_DIR: keysDir, WEB_URL: TEST_WEB_URL, ...extraEnv }, { platformSettings: 'answered-elsewhere' });
    stops.push(() => infrastructure.stop());
    const service = await runService({ service: 'identity', environment: IdentityEnvironment, module: (environment) => IdentityModule.register(environment), env: infrastructure.env });
    stops.push(() => stopService(service));
    const client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    stops.push(() => client.close());
    const database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
    stops.push(() => database.end());
    const redis = new Redis(infrastructure.redis.url);
    stops.push(() => redis.disconnect());
    const events = await StreamRecorder.open(client.connection, IDENTITY_EVENTS_STREAM);
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
export async function queuedEvents(harness: IdentityHarness, event: EventDefinition, payloadField: string, value: string): Promise<Record<string, unknown>[]> {
  const { rows } = await harness.database.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM identity.outbox_events WHERE subject = $1 AND payload ->> $2 = $3 ORDER BY sequence',
    [event.subject, payloadField, value],
  );
  return rows.map((row) => row.payload);
}

/** Waits for the links that public requests issue after answering (see AfterReply). */
export function afterReplies(harness: IdentityHarness): Promise<void> {
  return harness.service.get(AfterReply).idle();
}

/**
 * Whether a command answers while the given table is locked against writes: one whose answer
 * waits for a write to that table would not. The lock is released before returning.
 */
export async function answersWhileLocked<T>(harness: IdentityHarness, table: string, command: () => Promise<T>, patienceMs = 2_000): Promise<boolean> {
  await harness.database.query('BEGIN');
  try {
    await harness.database.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    const waited = new Promise<'waited'>((resolve) => setTimeout(resolve, patienceMs, 'waited').unref());
    const answer = command().catch(() => 'failed' as const);
    return (await Promise.race([answer, waited])) !== 'waited' && (await answer) !== 'failed';
  } finally {
    await harness.database.query('COMMIT');
  }
}

export { refusalOf as failure } from '@portal/testing';

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

/**
 * Signs a customer up and returns the token of the confirmation link that was emailed, and
 * the new account's id (from that event: sign-up's answer names no account).
 */
export async function signUp(harness: IdentityHarness, form = aCustomer()): Promise<{ form: SignUpPayload; result: SignUpResult & { userId: string }; confirmationToken: string }> {
  const result = await harness.client.send(IdentityCommands.signUp, form);
  const event = await harness.events.waitFor(IdentityEvents.emailConfirmationRequested, (payload) => payload.email === form.email.toLowerCase());
  return { form, result: { ...result, userId: event.payload.userId }, confirmationToken: tokenOf(event.payload.confirmationUrl) };
}

/** A confirmed customer, signed in through the confirmation link. */
export async function confirmedCustomer(harness: IdentityHarness, form = aCustomer(), meta: Partial<RequestMeta> = {}): Promise<{ form: SignUpPayload; session: AuthSession }> {
  const { confirmationToken } = await signUp(harness, form);
  const session = await harness.client.send(IdentityCommands.confirmEmail, { token: confirmationToken }, meta);
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
  const session = sessionOf(await harness.client.send(IdentityCommands.signIn, { email: input.email, password: input.password }));
  return { input, session, actor: actorOf(harness, session) };
}

/** A sign-in's session; fails the test when it answered with a two-factor challenge instead. */
export function sessionOf(result: SignInResult): AuthSession {
  if (isMfaChallenge(result)) throw new Error('expected a session, but sign-in asked for a two-factor code');
  return result;
}

/** The caller as the gateway would describe it from the session's access token. */
export function actorOf(harness: IdentityHarness, session: AuthSession): Actor {
  const claims = harness.verifyAccessToken(session.accessToken);
  return { userId: claims.sub, userType: claims.typ, adminRole: claims.role, sessionId: claims.sid };
}

/** Identity's tables, besides users, that hold rows about one person (by user_id). */
export const PERSONAL_TABLES = [
  'refresh_tokens',
  'user_security',
  'recovery_codes',
  'known_sign_in_devices',
  'user_preferences',
  'email_change_tokens',
  'email_confirmation_tokens',
  'password_reset_tokens',
  'session_end_tokens',
  'passkeys',
] as const;

/** How many rows about the person each of PERSONAL_TABLES holds. */
export async function personalRowsOf(harness: IdentityHarness, userId: string): Promise<Record<(typeof PERSONAL_TABLES)[number], number>> {
  const counts = {} as Record<(typeof PERSONAL_TABLES)[number], number>;
  // One after another: the harness has a single connection.
  for (const table of PERSONAL_TABLES) counts[table] = (await harness.database.query(`SELECT count(*)::int AS n FROM identity.${table} WHERE user_id = $1`, [userId])).rows[0].n;
  return counts;
}

/**
 * Gives a signed-in customer what an active account accumulates: saved preferences, two-factor
 * on (secret and recovery codes), a passkey, and a known sign-in device with its session (a refresh token
 * with the client's address and browser). Sign-ins after this one ask for a code.
 */
export async function withSecurityAndPreferences(harness: IdentityHarness, session: AuthSession): Promise<void> {
  const actor = { actor: actorOf(harness, session) };
  await harness.client.send(IdentityCommands.updatePreferences, { ...DEFAULT_PREFERENCES, app: { ...DEFAULT_PREFERENCES.app, theme: 'dark' } }, actor);
  const enrolment = await harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, actor);
  const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  await harness.client.send(IdentityCommands.confirmTwoFactor, { code }, actor);
  const { publicKey } = await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, actor);
  await harness.client.send(IdentityCommands.registerPasskey, { name: 'Laptop', credential: new SoftwareAuthenticator(TEST_WEB_URL).create(publicKey) }, actor);
}

/** Stores the `security` platform setting as given (null: removed, so the defaults apply). */
export async function setSecuritySettings(harness: IdentityHarness, value: Partial<SecuritySettings> | null): Promise<void> {
  if (value === null) await harness.database.query(`DELETE FROM identity.system_settings WHERE setting_key = 'security'`);
  else
    await harness.database.query(
      `INSERT INTO identity.system_settings (setting_key, setting_value, version) VALUES ('security', $1, 1)
       ON CONFLICT (setting_key) DO UPDATE SET setting_value = EXCLUDED.setting_value, version = identity.system_settings.version + 1`,
      [JSON.stringify(value)],
    );
}
