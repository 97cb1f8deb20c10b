export * from './load-environment';
export * from './service-environment';
export * from './jwt-keys';
export * from './settings-secrets';
export * from './flags';
export * from './clock';
