import { createServer, Server } from 'node:http';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { httpRequestDuration, metricsRegistry } from '@portal/messaging';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from './api-error';

/**
 * Times every request by method, route (the matched pattern, never the raw path, so ids
 * do not explode the label set) and status.
 */
export function recordHttpMetrics(): RequestHandler {
  return (req, res, next) => {
    const startedAt = process.hrtime.bigint();
    res.on('finish', () => {
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : req.path.startsWith('/api/') ? 'unmatched' : 'web-app';
      httpRequestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - startedAt) / 1e9);
    });
    next();
  };
}

/** Metrics are for the operations port only; the public one says so rather than serving the web app. */
export function noPublicMetrics(): RequestHandler {
  return (_req, _res, next) => next(ApiError.of(404, 'Not found.', { code: 'not_found' }));
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
