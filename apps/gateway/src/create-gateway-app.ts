import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import { BadRequestException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { JsonLogger, Logger } from '@portal/logging';
import { AdminAreaGate } from './admin/admin-area.gate';
import { AccessTokenAuthenticator } from './auth/access-token.authenticator';
import { apiDocsEnabled, GatewayConfig, sourceMapsEnabled, trustProxySetting } from './config/gateway-environment';
import { refuseDeclaredOversizedUploads, UPLOAD_LIMITS } from './files/multipart-upload';
import { GatewayModule } from './gateway.module';
import { refuseUnsafeInput, registerBodyParsers } from './http/body-parsing';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { noPublicMetrics, recordHttpMetrics } from './http/http-metrics';
import { RateLimiter } from './http/rate-limit';
import { answerStalledBodies } from './http/stalled-bodies';
import { assignRequestId, RequestHook, runInRequestContext } from './http/request-context';
import { corsOptions, noStoreApiResponses, securityHeadersHook } from './http/security-headers';
import { requestValidationPipe } from './http/validation';
import { serveAsyncApiDocument } from './openapi/asyncapi-document';
import { serveOpenApiDocument } from './openapi/openapi-document';
import { registerResponseCompression } from './web-app/response-compression';
import { registerWebApp, webAppFallback } from './web-app/serve-web-app';

/** Runs `hooks` one after the other as one hook, stopping at the first that fails or answers. */
function inOrder(hooks: RequestHook[]): RequestHook {
  return (request, reply, done) => {
    let index = 0;
    const next = (error?: Error) => {
      if (error || index === hooks.length) return done(error as Parameters<HookHandlerDoneFunction>[0]);
      hooks[index++](request, reply, next as HookHandlerDoneFunction);
    };
    next();
  };
}

/**
 * Builds the gateway on Nest's Fastify platform with its whole HTTP pipeline, without
 * connecting to anything: NATS and Redis connect when the app is initialised (listen /
 * init). That lets the OpenAPI writer build the very same app offline. The order of the
 * pipeline matters and is all here; each step is a Fastify hook or plugin.
 */
export async function createGatewayApp(config: GatewayConfig, logger: Logger): Promise<NestFastifyApplication> {
  const { environment } = config;
  // First of all, before CORS answers a preflight: the request id, the access log, metrics
  // and the security headers, so every answer has them.
  const first = inOrder([assignRequestId(logger), recordHttpMetrics(), securityHeadersHook(environment)]);
  const errors = new HttpExceptionFilter(logger);
  const adapter = new FastifyAdapter({
    trustProxy: trustProxySetting(environment.TRUST_PROXY),
    // Routing ignores case and a trailing slash, and takes long path segments, as it always has.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 2048 },
    // A client that trickles its headers or body would otherwise hold a socket for minutes.
    requestTimeout: environment.HTTP_REQUEST_TIMEOUT_MS,
    // How often Node looks for requests past those time-outs: every 30 s by default, which
    // would stretch each bound by up to half a minute. Only taken when the server is created.
    http: { connectionsCheckingInterval: 1_000 },
    keepAliveTimeout: environment.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // Request ids and the access log are our own (assignRequestId); Fastify logs nothing.
    logger: false,
    requestIdHeader: false,
    // No Nest middleware: every step below is a hook.
    skipMiddie: true,
    // A path the router cannot decode (bad percent-encoding): 400 in the envelope, with the
    // request id and the security headers, instead of Fastify's own text naming the path.
    frameworkErrors: (_error: Error, request: unknown, reply: unknown) => {
      const answer = reply as FastifyReply;
      first(request as FastifyRequest, answer, () => void answer.code(400).type('application/json; charset=utf-8').send(errors.toBody(new BadRequestException())));
    },
  });
  adapter.setOnRequestHook(first as unknown as Parameters<FastifyAdapter['setOnRequestHook']>[0]);

  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config, logger), adapter, {
    logger: new JsonLogger(logger),
    // Parsed by our own parsers (registerBodyParsers), with our limit and error messages.
    bodyParser: false,
  });
  const server = app.getHttpServer();
  server.headersTimeout = environment.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = environment.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = environment.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Declared up front, so every request object has the same shape.
  fastify.decorateRequest('requestId', '');
  fastify.decorateRequest('user', undefined);
  fastify.decorateRequest('traceContext', undefined);

  // The plugin itself rather than app.enableCors(): Nest's wrapper copies every reply's
  // headers onto the Node response on each request, for middleware this app does not
  // have (a tenth of the headers' cost per read). Answers written straight to the Node
  // response take the reply's headers, CORS's included, with them (takeOverResponse).
  // Before anything that may wait (CORS, Redis): a body that stops arriving is answered 408 however far the request got.
  fastify.addHook('onRequest', answerStalledBodies(environment.HTTP_BODY_TIMEOUT_MS, (error) => errors.toBody(error)));
  await fastify.register(fastifyCors, corsOptions(environment));
  fastify.addHook('onRequest', noPublicMetrics());
  fastify.addHook('onRequest', noStoreApiResponses());
  await registerResponseCompression(fastify);
  if (environment.WEB_DIST_DIR) {
    await registerWebApp(fastify, environment.WEB_DIST_DIR, { sourceMaps: sourceMapsEnabled(environment) });
    fastify.addHook('onRequest', webAppFallback());
  }
  // The revocation read and the rate limit's count leave in one Redis round trip (see earlyRevocationRead).
  fastify.addHook('onRequest', inOrder([app.get(AccessTokenAuthenticator).earlyRevocationRead(), app.get(RateLimiter).hook()]));
  // An upload that declares more than the route can accept is refused before its body is read (counted by the rate limit first).
  fastify.addHook('onRequest', refuseDeclaredOversizedUploads());
  // Only the auth endpoints read a cookie (the refresh token's, scoped to their path): parsed there, not here.
  await fastify.register(fastifyCookie, { hook: false });
  registerBodyParsers(fastify, environment.BODY_LIMIT);
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  fastify.addHook('preValidation', refuseUnsafeInput());
  fastify.addHook('preHandler', runInRequestContext());
  fastify.addHook('preHandler', app.get(AdminAreaGate).hook());

  app.useGlobalPipes(requestValidationPipe());
  app.useGlobalFilters(errors);
  if (apiDocsEnabled(environment)) {
    serveOpenApiDocument(app);
    serveAsyncApiDocument(app);
  }
  return app;
}
