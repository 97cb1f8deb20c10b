export * from './ephemeral-servers';
export * from './test-database';
export * from './service-harness';
