import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { connect, NatsConnection } from 'nats';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AccessTokenClaims,
  AdminRole,
  CommandDefinition,
  DEFAULT_ADMIN_ROLE_PERMISSIONS,
  IDENTITY_EVENTS_STREAM,
  IdentityCommands,
  UserType,
} from '@portal/contracts';
import { resolveJwtKeys } from '@portal/config';
import { createLogger } from '@portal/logging';
import { ensureStream } from '@portal/messaging';
import { answerCommand, StandIn, StandInRequest, startTestInfrastructure, TestInfrastructure } from '@portal/testing';
import { loadGatewayConfig } from '../config/gateway-environment';
import { createGatewayApp } from '../create-gateway-app';

/** Thrown by a fake service handler to reply with an error, as a Nest service's ServiceError does. */
export { FakeServiceError } from '@portal/testing';

/** What a played service answers to a request (throw a FakeServiceError to refuse). */
export type FakeHandler = (request: StandInRequest) => unknown;

/** One fake NATS responder: what it was asked, and a way to stop answering. */
export type FakeResponder = StandIn;

export interface TestActor {
  userId: string;
  sessionId: string;
  userType: UserType;
  adminRole?: AdminRole | null;
}

/**
 * The real gateway app, in process and listening on a free port, against a NATS and a
 * Redis of its own. Backend services are played by small NATS responders speaking Nest's
 * packet format, so each test decides what "identity" answers, how slowly, or not at all.
 */
export class GatewayHarness {
  private readonly responders = new Set<FakeResponder>();

  private constructor(
    readonly app: NestFastifyApplication,
    readonly baseUrl: string,
    readonly infrastructure: TestInfrastructure,
    readonly nats: NatsConnection,
    readonly redis: Redis,
    private readonly jwt: JwtService,
    private readonly keysDir: string,
  ) {}

  static async start(label: string, env: NodeJS.ProcessEnv = {}): Promise<GatewayHarness> {
    const keysDir = mkdtempSync(join(tmpdir(), 'portal-gateway-jwt-'));
    const infrastructure = await startTestInfrastructure(label, {
      JWT_KEYS_DIR: keysDir,
      WEB_URL: 'http://localhost:5173',
      NATS_REQUEST_TIMEOUT_MS: '1000',
      RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: '1000',
      RATE_LIMIT_AUTH_SESSION_PER_MINUTE: '1000',
      RATE_LIMIT_API_PER_MINUTE: '10000',
      RATE_LIMIT_EXPORTS_PER_MINUTE: '10000',
      RATE_LIMIT_BROADCASTS_PER_MINUTE: '10000',
      ...env,
    });
    const { privateKey } = resolveJwtKeys({ nodeEnv: 'test', needPrivateKey: true, keysDir, env: {} });
    // Identity's stream exists before a gateway starts, as in a deployment: the gateway only reads it.
    const owner = await connect({ servers: infrastructure.nats.url });
    await ensureStream(await owner.jetstreamManager(), IDENTITY_EVENTS_STREAM);
    await owner.close();
    const config = loadGatewayConfig(infrastructure.env);
    const app = await createGatewayApp(config, createLogger('gateway', infrastructure.env.LOG_LEVEL));
    await app.listen(0, '127.0.0.1');
    const baseUrl = await app.getUrl();
    const nats = await connect({ servers: infrastructure.nats.url });
    const redis = new Redis(infrastructure.redis.url);
    const jwt = new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } });
    return new GatewayHarness(app, baseUrl.replace('[::1]', '127.0.0.1'), infrastructure, nats, redis, jwt, keysDir);
  }

  /** An access token as identity would sign it. */
  accessToken(actor: TestActor, options: { expiresIn?: number; audience?: string; issuer?: string; issuedAt?: Date } = {}): string {
    const claims: AccessTokenClaims = { sub: actor.userId, sid: actor.sessionId, typ: actor.userType, role: actor.adminRole ?? null };
    const issued = options.issuedAt ? { iat: Math.floor(options.issuedAt.getTime() / 1000) } : {};
    return this.jwt.sign({ ...claims, ...issued }, { expiresIn: options.expiresIn ?? 300, ...(options.audience ? { audience: options.audience } : {}), ...(options.issuer ? { issuer: options.issuer } : {}) });
  }

  /** Answers the command like a Nest microservice would: `{id, response}` or `{id, err, isDisposed}`. */
  async respond(command: CommandDefinition, handler: FakeHandler, options: { delayMs?: number } = {}): Promise<FakeResponder> {
    const responder = answerCommand(this.nats, command, (_payload, request) => handler(request), options);
    this.responders.add(responder);
    // The subscription must be known to the server before the gateway's request is sent.
    await this.nats.flush();
    return responder;
  }

  /** Plays identity telling the gateway what each admin role may do (spec 02 §6 defaults unless given). */
  grantRolePermissions(roles: Record<AdminRole, string[]> = DEFAULT_ADMIN_ROLE_PERMISSIONS): Promise<FakeResponder> {
    return this.respond(IdentityCommands.getMyAdminPermissions, (request) => {
      const adminRole = request.meta.actor?.adminRole ?? null;
      return { adminRole, permissions: adminRole ? roles[adminRole] : [] };
    });
  }

  /** Identity, asked by the routes that need a recent sign-in, answers that every session proved itself `minutesAgo` ago. */
  proveSignIn(minutesAgo = 0): Promise<FakeResponder> {
    return this.respond(IdentityCommands.signInProof, () => ({ provedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() }));
  }

  async stopResponders(): Promise<void> {
    // Forgotten first: a second call (after close) has nothing left to stop.
    const stopping = [...this.responders];
    this.responders.clear();
    await Promise.all(stopping.map((responder) => responder.stop()));
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.stopResponders();
    await this.nats.close();
    this.redis.disconnect();
    await this.infrastructure.stop();
    rmSync(this.keysDir, { recursive: true, force: true });
  }
}

/**
 * A gateway for the enclosing describe block: started before its first test and handed to
 * `use`, its stand-in responders stopped after each test, closed after the last.
 */
export function useGatewayHarness(label: string, use: (gateway: GatewayHarness) => void, env: NodeJS.ProcessEnv = {}): void {
  let started: GatewayHarness | undefined;
  beforeAll(async () => {
    started = await GatewayHarness.start(label, env);
    use(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(async () => {
    await started?.stopResponders();
  });
}

/** Waits until `condition` holds (for work the gateway does without waiting, such as audit records). */
export async function eventually(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
