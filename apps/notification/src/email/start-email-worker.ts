import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { createLogger, JsonLogger } from '@portal/logging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailWorkerModule } from './email-worker.module';

const PROCESS_NAME = 'notification-email-worker';

/**
 * Starts the email worker as its own Nest application context (no transport, no HTTP).
 * Configuration errors stop the process with the variable's name, as services do.
 */
export async function startEmailWorker(options: { env?: NodeJS.ProcessEnv } = {}): Promise<INestApplicationContext> {
  let environment: NotificationEnvironment;
  try {
    environment = loadEnvironment(NotificationEnvironment, options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigurationError && !options.env) {
      createLogger(PROCESS_NAME).fatal({ problems: error.problems }, error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(PROCESS_NAME, environment.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(EmailWorkerModule.standalone(environment, logger), { logger: new JsonLogger(logger) });
  app.enableShutdownHooks();
  logger.info('email worker process ready');
  return app;
}
