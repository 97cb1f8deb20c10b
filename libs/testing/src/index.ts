// Named first: its own (with the generated NATS logins) take the place of the infrastructure's.
export { startEphemeralNats, type EphemeralNats } from '@portal/messaging/testing';
export * from '@portal/test-infrastructure';
// The bus helpers live beside the code they test (libs/messaging/src/testing).
export * from '@portal/messaging/testing';
export * from './mail-inbox';
export * from './portal-api';
export * from './accounts';
export * from './test-stack';
export * from './service-basics';
export * from './customer-state';
export * from './service-under-test';
export * from './sample-files';
export * from './application-documents';
export * from './webhook-receiver';
