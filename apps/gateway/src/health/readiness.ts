import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { BACKEND_SERVICES, BackendService, healthCommand } from '@portal/contracts';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { redisHealthCheck } from '@portal/redis';
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
    @Inject(REDIS) private readonly redis: Redis,
    private readonly services: ServiceClient,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [nats, redis, services] = await Promise.all([
      this.dependency('nats', async () => {
        const connection = this.nats.connected;
        if (!connection || connection.isClosed()) throw new Error('not connected');
        await connection.flush();
      }),
      this.dependency('redis', () => redisHealthCheck(this.redis).check()),
      Promise.all(BACKEND_SERVICES.map((service) => this.service(service))),
    ]);
    const dependencies = [nats, redis];
    const up = dependencies.every((entry) => entry.status === 'up') && services.every((entry) => entry.status === 'up');
    return { status: up ? 'up' : 'down', dependencies, services };
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
