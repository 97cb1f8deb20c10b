import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { JsonLogger, Logger } from '@portal/logging';
import { AdminAreaGate, ADMIN_AREA_PREFIX } from './admin/admin-area.gate';
import { REFRESH_COOKIE_PATH } from './auth/refresh-cookie';
import { apiDocsEnabled, GatewayConfig, sourceMapsEnabled, trustProxySetting } from './config/gateway-environment';
import { GatewayModule } from './gateway.module';
import { bodyParserErrors, jsonBodyParser, refuseUnsafeInput } from './http/body-parsing';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { noPublicMetrics, recordHttpMetrics } from './http/http-metrics';
import { RateLimiter } from './http/rate-limit';
import { assignRequestId, runInRequestContext } from './http/request-context';
import { corsOptions, noStoreApiResponses, securityHeaders } from './http/security-headers';
import { requestValidationPipe } from './http/validation';
import { serveOpenApiDocument } from './openapi/openapi-document';
import { responseCompression } from './web-app/response-compression';
import { serveWebApp } from './web-app/serve-web-app';

/**
 * Builds the gateway with its whole HTTP pipeline, without connecting to anything: NATS
 * and Redis connect when the app is initialised (listen / init). That lets the OpenAPI
 * writer build the very same app offline. The order of the pipeline matters and is all here.
 */
export async function createGatewayApp(config: GatewayConfig, logger: Logger): Promise<NestExpressApplication> {
  const { environment } = config;
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(config, logger), {
    logger: new JsonLogger(logger),
    // Parsed below, after the request id and the rate limit, with our limit and error messages.
    bodyParser: false,
  });
  app.set('trust proxy', trustProxySetting(environment.TRUST_PROXY));
  // A client that trickles its headers or body would otherwise hold a socket for minutes.
  const server = app.getHttpServer() as Server;
  server.headersTimeout = environment.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = environment.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = environment.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  app.disable('x-powered-by');

  app.use(assignRequestId(logger));
  app.use(recordHttpMetrics());
  app.use('/metrics', noPublicMetrics());
  app.use(securityHeaders(environment));
  app.enableCors(corsOptions(environment));
  app.use('/api', noStoreApiResponses());
  app.use(responseCompression());
  if (environment.WEB_DIST_DIR) app.use(...serveWebApp(environment.WEB_DIST_DIR, { sourceMaps: sourceMapsEnabled(environment) }));
  app.use(app.get(RateLimiter).middleware());
  // Only the auth endpoints read a cookie (the refresh token's, scoped to their path).
  app.use(REFRESH_COOKIE_PATH, cookieParser());
  app.use(jsonBodyParser(environment.BODY_LIMIT), bodyParserErrors(), refuseUnsafeInput());
  app.use(runInRequestContext());
  app.use(ADMIN_AREA_PREFIX, app.get(AdminAreaGate).middleware());

  app.useGlobalPipes(requestValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  if (apiDocsEnabled(environment)) serveOpenApiDocument(app);
  return app;
}
