import { createServer, Server } from 'node:http';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, BeforeApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { DependencyHealth } from '@portal/contracts';
import type { ServiceEnvironment } from '@portal/config';
import type { Logger } from '@portal/logging';
import { metricsRegistry } from './metrics';
import { platformSettingsHealthChecks } from './platform-settings';
import { HEALTH_CHECKS, HealthCheck, LOGGER, NATS_CONNECTION, SERVICE_ENVIRONMENT } from './tokens';

const CHECK_TIMEOUT_MS = 2_000;

/** Runs every registered dependency check (database, Redis ...) at once, each within two seconds. */
export async function checkDependencies(checks: HealthCheck[]): Promise<DependencyHealth[]> {
  return Promise.all(
    checks.map(async ({ name, check }) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)));
        await Promise.race([check(), timeout]);
        return { name, status: 'up' as const };
      } catch (error) {
        return { name, status: 'down' as const, error: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/** The service's own dependency checks (none if it registers none) and, where it has them, its platform settings'. */
export function serviceHealthChecks(moduleRef: Pick<ModuleRef, 'get'>): HealthCheck[] {
  let own: HealthCheck[] = [];
  try {
    own = moduleRef.get<HealthCheck[]>(HEALTH_CHECKS, { strict: false }) ?? [];
  } catch {
    // A service without a database or Redis registers no checks.
  }
  return [...own, ...platformSettingsHealthChecks(moduleRef)];
}

/**
 * The service's operations port (HEALTH_PORT): its probes, for its orchestrator, and its
 * Prometheus metrics at /metrics.
 * /health/live answers while the process and its event loop run; /health/ready while
 * its database, NATS and Redis (where used) answer, and no longer once it is stopping.
 * The port is internal (no Service exposes it), so readiness lists its dependencies.
 */
@Injectable()
export class HealthPort implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private server: Server | null = null;
  private stopping = false;

  constructor(
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: ServiceEnvironment,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.environment.HEALTH_PORT;
    if (!port) return;
    this.server = createServer((req, res) => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET') return answer(405, { status: 'method not allowed' });
      if (req.url === '/health/live') return answer(200, { status: 'ok' });
      if (req.url === '/metrics') {
        void metricsRegistry.metrics().then(
          (text) => {
            res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
            res.end(text);
          },
          () => answer(500, { status: 'metrics unavailable' }),
        );
        return;
      }
      if (req.url === '/health/ready') {
        void this.readiness().then((report) => answer(report.status === 'up' ? 200 : 503, report));
        return;
      }
      answer(404, { status: 'not found' });
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject).listen(port, () => resolve());
    });
    this.logger.info({ port }, 'health probes listening');
  }

  async readiness(): Promise<{ status: 'up' | 'down'; dependencies: DependencyHealth[] }> {
    if (this.stopping) return { status: 'down', dependencies: [{ name: 'service', status: 'down', error: 'stopping' }] };
    const nats: HealthCheck = {
      name: 'nats',
      check: async () => {
        if (this.nats.isClosed()) throw new Error('not connected');
        await this.nats.flush();
      },
    };
    const dependencies = await checkDependencies([nats, ...serviceHealthChecks(this.moduleRef)]);
    return { status: dependencies.every((dependency) => dependency.status === 'up') ? 'up' : 'down', dependencies };
  }

  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
