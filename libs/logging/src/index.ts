export * from './request-context';
export * from './logger';
export * from './trace-id';
export * from './command-output';
