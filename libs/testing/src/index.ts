// Named first: its own (with the generated NATS logins) take the place of the infrastructure's.
export { startEphemeralNats, type EphemeralNats } from './ephemeral-servers';
export * from '@portal/test-infrastructure';
export * from './service-harness';
export * from './stand-in-service';
export * from './mail-inbox';
export * from './portal-api';
export * from './accounts';
export * from './test-stack';
export * from './service-basics';
export * from './jetstream';
export * from './customer-state';
export * from './service-under-test';
export * from './sample-files';
export * from './application-documents';
export * from './webhook-receiver';
