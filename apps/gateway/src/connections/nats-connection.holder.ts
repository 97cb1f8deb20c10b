import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { connectToNats } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG, LOGGER } from './tokens';

/**
 * Owns the gateway's NATS connection. It connects when the application starts (not when
 * the module is built), so the OpenAPI writer can construct the whole app offline.
 */
@Injectable()
export class NatsConnectionHolder implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection: NatsConnection | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = await connectToNats(this.config.environment.NATS_URL, `gateway-${process.pid}`, this.logger, this.config.environment);
  }

  /** The live connection; ServiceClient turns the error thrown before start-up into a 503. */
  get current(): NatsConnection {
    if (!this.connection) throw new Error('NATS is not connected yet');
    return this.connection;
  }

  get connected(): NatsConnection | null {
    return this.connection;
  }

  async onApplicationShutdown(): Promise<void> {
    // Drain lets replies to requests already sent arrive before the connection closes.
    await this.connection?.drain().catch(() => undefined);
    this.connection = null;
  }
}
