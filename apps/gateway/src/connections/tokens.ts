/** The validated GatewayConfig. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
/** The process's JSON logger (pino). */
export const LOGGER = Symbol('LOGGER');
/** The ioredis client shared by rate limiting, session revocation and readiness. */
export const REDIS = Symbol('REDIS');
