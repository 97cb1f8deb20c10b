export * from './load-environment';
export * from './service-environment';
export * from './integer-variable';
export * from './redis-sentinels';
export * from './jwt-keys';
export * from './settings-secrets';
export * from './flags';
export * from './clock';
