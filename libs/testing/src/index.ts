export * from './ephemeral-servers';
export * from './test-database';
export * from './service-harness';
export * from './mail-inbox';
export * from './portal-api';
export * from './accounts';
export * from './test-stack';
export * from './service-basics';
