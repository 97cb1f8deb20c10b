export * from './redis-client';
export * from './redis.module';
export * from './session-revocation-keys';
export * from './cluster-slot';
