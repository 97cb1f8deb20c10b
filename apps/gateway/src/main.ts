import './tracing';
import 'reflect-metadata';
import { networkInterfaces } from 'node:os';
import { ConfigurationError } from '@portal/config';
import { createLogger } from '@portal/logging';
import { apiDocsEnabled, GatewayConfig, loadGatewayConfig } from './config/gateway-environment';
import { createGatewayApp } from './create-gateway-app';

async function main(): Promise<void> {
  let config: GatewayConfig;
  try {
    config = loadGatewayConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      createLogger('gateway').fatal({ problems: error.problems }, error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger('gateway', config.environment.LOG_LEVEL);
  const app = await createGatewayApp(config, logger);
  // On SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then drain NATS and close Redis.
  app.enableShutdownHooks();
  // Every interface, as Node's own listen does (Fastify's default is localhost only): IPv6 and IPv4 where there is IPv6.
  const host = Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.family === 'IPv6')) ? '::' : '0.0.0.0';
  await app.listen(config.environment.PORT, host);
  logger.info(
    { port: config.environment.PORT, webApp: config.environment.WEB_DIST_DIR ?? null, docs: apiDocsEnabled(config.environment) ? '/api/docs' : null },
    `gateway listening on port ${config.environment.PORT}`,
  );
}

main().catch((error: Error) => {
  createLogger('gateway').fatal({ err: { message: error.message, stack: error.stack } }, 'gateway failed to start');
  process.exit(1);
});
