import { hostname } from 'node:os';
import { Controller, DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Type } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { NatsConnection } from 'nats';
import { BackendService, healthCommand, IdentityCommands, RecordRefusedCommandPayload, ServiceHealth } from '@portal/contracts';
import { Clock, clockFromEnvironment, ConfigurationError, loadEnvironment, ServiceEnvironment } from '@portal/config';
import { createLogger, JsonLogger, Logger } from '@portal/logging';
import { CommandKeys, CommandVerifier, resolveCommandKeys } from './command-signatures';
import { CommandServer, RefusedCommand } from './command-server';
import { checkDependencies, HealthPort, serviceHealthChecks } from './health-port';
import { configureStreams } from './jetstream';
import { labelMetrics } from './metrics';
import { connectToNats, natsAuthOptions } from './nats-connection';
import { HandlesCommand } from './command-handler';
import { DeadLetterOffice, deadLetterController } from './dead-letters';
import { EventConsumerRegistry } from './event-consumer';
import { commandValidationPipe, ServiceExceptionFilter } from './rpc';
import { ServiceClient } from './service-client';
import { LOGGER, NATS_CONNECTION, SERVICE_ENVIRONMENT, SERVICE_NAME } from './tokens';

export { HEALTH_CHECKS, LOGGER, NATS_CONNECTION, SERVICE_ENVIRONMENT, SERVICE_NAME } from './tokens';
export type { HealthCheck } from './tokens';

@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly connection: NatsConnection) {}
  async onApplicationShutdown() {
    await this.connection.drain().catch(() => undefined);
  }
}

function healthController(service: BackendService): Type<unknown> {
  @Controller()
  class HealthController {
    private readonly instance = `${hostname()}:${process.pid}`;
    constructor(private readonly moduleRef: ModuleRef) {}

    @HandlesCommand(healthCommand(service))
    async check(): Promise<ServiceHealth> {
      const dependencies = await checkDependencies(serviceHealthChecks(this.moduleRef));
      const status = dependencies.every((dependency) => dependency.status === 'up') ? 'up' : 'down';
      return { service, status, instance: this.instance, dependencies };
    }
  }
  return HealthController;
}

/**
 * What every backend service shares: its validated environment, a JSON logger, a NATS
 * connection (for events and for commands to other services) and the health reply.
 */
@Global()
@Module({})
export class ServiceRuntimeModule {
  static forService<E extends ServiceEnvironment>(
    service: BackendService,
    environment: E,
    logger: Logger,
    clock: Clock = clockFromEnvironment(environment),
    keys: CommandKeys = resolveCommandKeys(service, environment),
  ): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      controllers: [healthController(service), deadLetterController(service)],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: SERVICE_ENVIRONMENT, useValue: environment },
        { provide: LOGGER, useValue: logger },
        { provide: Clock, useValue: clock },
        { provide: NATS_CONNECTION, useFactory: () => connectToNats(environment.NATS_URL, `${service}-${process.pid}`, logger, environment) },
        {
          provide: ServiceClient,
          inject: [NATS_CONNECTION],
          useFactory: (connection: NatsConnection) => new ServiceClient(() => connection, environment.NATS_REQUEST_TIMEOUT_MS, keys),
        },
        NatsConnectionCloser,
        HealthPort,
        EventConsumerRegistry,
        {
          provide: DeadLetterOffice,
          inject: [NATS_CONNECTION, EventConsumerRegistry],
          useFactory: (connection: NatsConnection, registry: EventConsumerRegistry) => new DeadLetterOffice(service, connection, registry),
        },
      ],
      exports: [SERVICE_NAME, SERVICE_ENVIRONMENT, LOGGER, Clock, NATS_CONNECTION, ServiceClient, EventConsumerRegistry],
    };
  }
}

export interface RunServiceOptions<E extends ServiceEnvironment> {
  service: BackendService;
  environment: new () => E;
  /** Builds the service's root module from its validated environment. */
  module: (environment: E, logger: Logger) => DynamicModule | Type<unknown>;
  /** Environment to read instead of process.env (tests); a bad one throws instead of exiting. */
  env?: NodeJS.ProcessEnv;
  /** The service's clock instead of the wall clock (tests move time with a ManualClock). */
  clock?: Clock;
}

/**
 * Starts a service as a Nest microservice on NATS. Its command handlers subscribe in a
 * queue group named after the service, so replicas share the work. Configuration errors
 * stop the process with the variable's name before anything connects.
 */
export async function runService<E extends ServiceEnvironment>(options: RunServiceOptions<E>) {
  const bootLogger = createLogger(options.service);
  let environment: E;
  try {
    environment = loadEnvironment(options.environment, options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigurationError && !options.env) {
      bootLogger.fatal({ problems: error.problems }, error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(options.service, environment.LOG_LEVEL);
  let keys: CommandKeys;
  try {
    keys = resolveCommandKeys(options.service, environment);
  } catch (error) {
    if (error instanceof ConfigurationError && !options.env) {
      bootLogger.fatal({ problems: error.problems }, error.message);
      process.exit(78);
    }
    throw error;
  }
  const refusals = new RefusalReporter(options.service, logger);
  configureStreams({
    replicas: environment.JETSTREAM_REPLICAS,
    maxBytes: environment.JETSTREAM_MAX_BYTES,
    maxAgeDays: environment.JETSTREAM_MAX_AGE_DAYS,
    deadLetterMaxAgeDays: environment.JETSTREAM_DEAD_LETTER_MAX_AGE_DAYS,
  });
  labelMetrics(options.service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    {
      module: class ServiceRootModule {},
      imports: [ServiceRuntimeModule.forService(options.service, environment, logger, options.clock, keys), options.module(environment, logger)],
    } as unknown as Type<unknown>,
    {
      strategy: new CommandServer(
        {
          servers: environment.NATS_URL.split(','),
          queue: options.service,
          name: `${options.service}-commands-${process.pid}`,
          ...natsAuthOptions(environment),
          reconnect: true,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
        },
        environment.NATS_REQUEST_TIMEOUT_MS,
        logger,
        { verifier: new CommandVerifier(keys.trusted), refused: (command) => refusals.report(command) },
      ),
      logger: new JsonLogger(logger),
    },
  );
  app.useGlobalPipes(commandValidationPipe());
  app.useGlobalFilters(new ServiceExceptionFilter(logger));
  app.enableShutdownHooks();
  refusals.reportThrough(app.get(ServiceClient));
  try {
    // Streams are reconciled while starting: one that cannot take its configuration stops the process here.
    await app.listen();
  } catch (error) {
    if (error instanceof ConfigurationError && !options.env) {
      logger.fatal({ problems: error.problems }, error.message);
      process.exit(78);
    }
    await app.close().catch(() => undefined);
    throw error;
  }
  logger.info({ queueGroup: options.service }, `${options.service} service ready`);
  return app;
}

/**
 * Each refused command is logged and written to the audit trail (identity's, through a
 * signed command of this service). A flood of forged commands must not become a flood of
 * audit rows: past REPORTS_PER_MINUTE a minute, refusals are only counted, and the count
 * goes into the next record.
 */
const REPORTS_PER_MINUTE = 30;

class RefusalReporter {
  private client: ServiceClient | null = null;
  private windowStartedAt = 0;
  private reportedInWindow = 0;
  private unreported = 0;

  constructor(
    private readonly service: BackendService,
    private readonly logger: Logger,
  ) {}

  reportThrough(client: ServiceClient): void {
    this.client = client;
  }

  report(command: RefusedCommand): void {
    this.logger.warn({ subject: command.subject, refusal: command.refusal, signer: command.signer, requestId: command.requestId }, 'command refused: not signed by a trusted caller');
    const now = Date.now();
    if (now - this.windowStartedAt >= 60_000) {
      this.windowStartedAt = now;
      this.reportedInWindow = 0;
    }
    if (!this.client || this.reportedInWindow >= REPORTS_PER_MINUTE) {
      this.unreported += 1;
      return;
    }
    this.reportedInWindow += 1;
    const payload: RecordRefusedCommandPayload = {
      service: this.service,
      subject: command.subject.slice(0, 200),
      refusal: command.refusal,
      signer: command.signer?.slice(0, 50),
      claimedActor: claimedActorOf(command.claimedActor),
      requestId: typeof command.requestId === 'string' ? command.requestId.slice(0, 100) : undefined,
      alsoRefusedUnreported: this.unreported,
    };
    this.unreported = 0;
    this.client.send(IdentityCommands.recordRefusedCommand, payload).catch((error: unknown) => {
      this.logger.error({ err: error, subject: command.subject }, 'a refused command could not be written to the audit trail');
    });
  }
}

/** Who the envelope claimed to act as, kept only in the shape an actor has. */
function claimedActorOf(value: unknown): RecordRefusedCommandPayload['claimedActor'] {
  if (!value || typeof value !== 'object') return undefined;
  const actor = value as Record<string, unknown>;
  const text = (field: unknown, length: number) => (typeof field === 'string' ? field.slice(0, length) : undefined);
  return { userId: text(actor.userId, 100), userType: text(actor.userType, 20), adminRole: text(actor.adminRole, 20) };
}
