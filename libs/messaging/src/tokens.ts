/** Injection tokens the service runtime provides to every service module. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const SERVICE_ENVIRONMENT = Symbol('SERVICE_ENVIRONMENT');
export const LOGGER = Symbol('LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** A named dependency check a service adds to its health reply (database, Redis, ...). */
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
