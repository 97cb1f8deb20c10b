export * from './common/request';
export * from './common/errors';
export * from './common/events';
export * from './common/health';
export * from './common/validators';
export * from './notification/queues';
export * from './identity';
export * from './common/validation-errors';
