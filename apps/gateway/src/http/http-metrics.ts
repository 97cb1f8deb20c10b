import { createServer, Server } from 'node:http';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { httpRequestDuration, metricsRegistry } from '@portal/messaging';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from './api-error';
import { isUnder, pathOf, RequestHook, routedPathOf } from './request-context';

/**
 * Times every request by method, route (the matched pattern, never the raw path, so ids
 * do not explode the label set) and status; the web app's files are all `web-app`.
 */
export function recordHttpMetrics(): RequestHook {
  return (request, reply, done) => {
    const startedAt = process.hrtime.bigint();
    const res = reply.raw;
    res.on('finish', () => {
      const pattern = request.is404 ? undefined : request.routeOptions.url;
      const served = pattern !== undefined && (isUnder(pattern, '/api') || isUnder(pattern, '/health'));
      const route = served ? pattern : pathOf(request).startsWith('/api/') ? 'unmatched' : 'web-app';
      httpRequestDuration.observe({ method: request.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - startedAt) / 1e9);
    });
    done();
  };
}

/** Metrics are for the operations port only; the public one says so rather than serving the web app. */
export function noPublicMetrics(): RequestHook {
  return (request, _reply, done) => done(isUnder(routedPathOf(request), '/metrics') ? ApiError.of(404, 'not_found') : undefined);
}

/** /metrics on the gateway's operations port (HEALTH_PORT), which no Ingress exposes. */
@Injectable()
export class GatewayOperationsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.environment.HEALTH_PORT;
    if (!port) return;
    metricsRegistry.setDefaultLabels({ service: 'gateway' });
    this.server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      metricsRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => this.server?.once('error', reject).listen(port, () => resolve()));
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
