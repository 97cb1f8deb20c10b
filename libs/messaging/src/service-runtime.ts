import { hostname } from 'node:os';
import { Controller, DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Type } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { NatsConnection } from 'nats';
import { BackendService, healthCommand, ServiceHealth } from '@portal/contracts';
import { Clock, clockFromEnvironment, ConfigurationError, loadEnvironment, ServiceEnvironment } from '@portal/config';
import { createLogger, JsonLogger, Logger } from '@portal/logging';
import { CommandServer } from './command-server';
import { checkDependencies, HealthPort, serviceHealthChecks } from './health-port';
import { configureStreamReplicas } from './jetstream';
import { labelMetrics } from './metrics';
import { connectToNats } from './nats-connection';
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
  static forService<E extends ServiceEnvironment>(service: BackendService, environment: E, logger: Logger, clock: Clock = clockFromEnvironment(environment)): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      controllers: [healthController(service), deadLetterController(service)],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: SERVICE_ENVIRONMENT, useValue: environment },
        { provide: LOGGER, useValue: logger },
        { provide: Clock, useValue: clock },
        { provide: NATS_CONNECTION, useFactory: () => connectToNats(environment.NATS_URL, `${service}-${process.pid}`, logger) },
        {
          provide: ServiceClient,
          inject: [NATS_CONNECTION],
          useFactory: (connection: NatsConnection) => new ServiceClient(() => connection, environment.NATS_REQUEST_TIMEOUT_MS),
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
  configureStreamReplicas(environment.JETSTREAM_REPLICAS);
  labelMetrics(options.service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    {
      module: class ServiceRootModule {},
      imports: [ServiceRuntimeModule.forService(options.service, environment, logger, options.clock), options.module(environment, logger)],
    } as unknown as Type<unknown>,
    {
      strategy: new CommandServer(
        {
          servers: environment.NATS_URL.split(','),
          queue: options.service,
          name: `${options.service}-commands-${process.pid}`,
          reconnect: true,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
        },
        environment.NATS_REQUEST_TIMEOUT_MS,
        logger,
      ),
      logger: new JsonLogger(logger),
    },
  );
  app.useGlobalPipes(commandValidationPipe());
  app.useGlobalFilters(new ServiceExceptionFilter(logger));
  app.enableShutdownHooks();
  await app.listen();
  logger.info({ queueGroup: options.service }, `${options.service} service ready`);
  return app;
}
