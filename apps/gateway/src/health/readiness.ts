import { Inject, Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, BackendService, healthCommand } from '@portal/contracts';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { RedisClient, redisHealthCheck } from '@portal/redis';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { REDIS } from '../connections/tokens';
import { DependencyStatus, ReadinessReport, ServiceStatus } from './readiness.report';

/** How long readiness waits for any one answer: a probe must answer well within its own time-out. */
export const READINESS_TIMEOUT_MS = 1_500;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Asks NATS, Redis and every backend service, all at once, whether they can serve. */
@Injectable()
export class Readiness {
  constructor(
    private readonly nats: NatsConnectionHolder,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly services: ServiceClient,
  ) {}

  /** Everything: the gateway's own dependencies and every backend service (for administrators). */
  async check(): Promise<ReadinessReport> {
    const [own, services] = await Promise.all([this.ownDependencies(), this.backendServices()]);
    const up = own.every((entry) => entry.status === 'up') && services.every((entry) => entry.status === 'up');
    return { status: up ? 'up' : 'down', dependencies: own, services };
  }

  /**
   * What this gateway itself needs to serve: NATS and Redis. A stopped backend service
   * does not make the gateway unready (its own endpoints answer 503 instead), so the
   * orchestrator never takes every gateway out of service because one service is down.
   */
  async ownDependencies(): Promise<DependencyStatus[]> {
    return Promise.all([
      this.dependency('nats', async () => {
        const connection = this.nats.connected;
        if (!connection || connection.isClosed()) throw new Error('not connected');
        await connection.flush();
      }),
      this.dependency('redis', () => redisHealthCheck(this.redis).check()),
    ]);
  }

  /** Every backend service, asked at once. */
  backendServices(): Promise<ServiceStatus[]> {
    return Promise.all(BACKEND_SERVICES.map((service) => this.service(service)));
  }

  private async dependency(name: string, check: () => Promise<void>): Promise<DependencyStatus> {
    try {
      await withTimeout(check(), READINESS_TIMEOUT_MS);
      return { name, status: 'up' };
    } catch (error) {
      return { name, status: 'down', error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async service(service: BackendService): Promise<ServiceStatus> {
    try {
      const health = await this.services.send(healthCommand(service), {}, {}, READINESS_TIMEOUT_MS);
      return { service, status: health.status === 'up' ? 'up' : 'down', instances: [health.instance], dependencies: health.dependencies };
    } catch (error) {
      return { service, status: 'down', error: error instanceof ServiceCallError ? error.body.message : 'no answer' };
    }
  }
}
