import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { CommandKeys, CommandSignerName, natsAuthOptions, resolveCommandKeys, ServiceClient } from './library';
import { Actor, CommandDefinition, IdentityCommands, RequestMeta, SettingValue } from '@portal/contracts';
import { answerCommand } from './stand-in-service';
import {
  createTestDatabase,
  EphemeralServer,
  infrastructureSource,
  InfrastructureSource,
  startEphemeralRedis,
  startNatsContainer,
  startPostgresContainer,
  startRedisContainer,
  TestDatabase,
} from '@portal/test-infrastructure';
import { EphemeralNats, startEphemeralNats } from './ephemeral-servers';

/** The real infrastructure one integration suite runs against: its own database, NATS and Redis. */
export interface TestInfrastructure {
  source: InfrastructureSource;
  database: TestDatabase;
  /** Its logins (`nats.logins`) when started with `natsAccess: 'least-privilege'`. */
  nats: EphemeralNats;
  redis: EphemeralServer;
  /** Environment for a service under test, pointing at this infrastructure. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * Containers where a container engine exists; otherwise a fresh database on the local
 * PostgreSQL and NATS and Redis servers of the suite's own on free ports. Either way the
 * suite never meets development data or a development stack's services.
 */
export async function startTestInfrastructure(
  label: string,
  extraEnv: NodeJS.ProcessEnv = {},
  options: {
    /**
     * What the platform settings' owner (identity) answers a service that loads them: none
     * set unless given. 'answered-elsewhere' when the suite, or identity itself, answers it.
     * (A service serves nothing that depends on settings until they are loaded.)
     */
    platformSettings?: SettingValue[] | 'answered-elsewhere';
    /**
     * 'least-privilege': NATS runs the generated configuration (one login per process; see
     * startEphemeralNats), as the end-to-end stacks do. Not with containers: those stay open.
     */
    natsAccess?: 'open' | 'least-privilege';
  } = {},
): Promise<TestInfrastructure> {
  const source = await infrastructureSource();
  const [database, nats, redis] =
    source === 'containers'
      ? await Promise.all([startPostgresContainer(label), startNatsContainer().then((server: EphemeralServer): EphemeralNats => ({ ...server, logins: null })), startRedisContainer()])
      : await Promise.all([createTestDatabase(label), startEphemeralNats({ access: options.natsAccess }), startEphemeralRedis()]);
  const settings = options.platformSettings ?? [];
  const settingsOwner = settings === 'answered-elsewhere' ? null : await connect({ servers: nats.url, name: `${label}-platform-settings`, ...natsAuthOptions(nats.logins?.identity) });
  if (settingsOwner && settings !== 'answered-elsewhere') answerCommand(settingsOwner, IdentityCommands.getAllSettings.subject, () => ({ items: settings }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    ...extraEnv,
  };
  return {
    source,
    database,
    nats,
    redis,
    env,
    async stop() {
      await settingsOwner?.close().catch(() => undefined);
      await Promise.allSettled([nats.stop(), redis.stop()]);
      await database.drop();
    },
  };
}

/**
 * Sends commands to services under test as the gateway would, typed by their
 * definitions; `sendUnchecked` sends deliberately malformed input the types would refuse.
 */
/** How long a test waits for a command's answer (see TestServiceClient.connect). */
export const TEST_COMMAND_WAIT_MS = 20_000;

export class TestServiceClient extends ServiceClient {
  private constructor(
    readonly connection: NatsConnection,
    timeoutMs: number,
    keys: CommandKeys | null,
  ) {
    super(() => connection, timeoutMs, keys);
  }

  /**
   * Tests assert what a service answers, not how fast (speed is `npm run bench`'s): on a
   * two-core CI machine running suites beside PostgreSQL, a password hash or a stalled
   * event loop can hold an answer past the five seconds a real caller waits. A lost
   * command still fails its test, after this wait.
   */
  static async connect(natsUrl: string, timeoutMs = TEST_COMMAND_WAIT_MS, options: { env?: NodeJS.ProcessEnv; signAs?: CommandSignerName | null } = {}): Promise<TestServiceClient> {
    const env = options.env ?? process.env;
    const signer = options.signAs === undefined ? 'gateway' : options.signAs;
    // Signed as the gateway with the development keys the services under test trust
    // (beside the JWT keys of `env`); `signAs: null` sends unsigned commands.
    const keys = signer ? resolveCommandKeys(signer, { NODE_ENV: 'test', JWT_KEYS_DIR: env.JWT_KEYS_DIR }) : null;
    // The login of `options.env` when it has one (an end-to-end stack's env: the operators' login).
    return new TestServiceClient(await connect({ servers: natsUrl, ...natsAuthOptions(options.env) }), timeoutMs, keys);
  }

  /** A payload outside the command's type (a wrong field type, an unknown value) to prove the service refuses it. */
  sendUnchecked<R = unknown>(command: CommandDefinition<object, R>, payload: unknown, meta: Partial<RequestMeta> = {}): Promise<R> {
    return this.request<R>(command.subject, payload, meta);
  }

  as(actor: Actor, extra: Partial<RequestMeta> = {}) {
    return {
      send: <P extends object, R>(command: CommandDefinition<P, R>, payload: NoInfer<P>) => this.send(command, payload, { ...extra, actor }),
      sendWithAttachment: <P extends object, R>(command: CommandDefinition<P, R>, payload: NoInfer<P>, attachment: Uint8Array) => this.sendWithAttachment(command, payload, attachment, { ...extra, actor }),
      sendUnchecked: <R>(command: CommandDefinition<object, R>, payload: unknown) => this.sendUnchecked(command, payload, { ...extra, actor }),
    };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export async function stopService(app: INestMicroservice | undefined): Promise<void> {
  if (app) await app.close();
}

