export * from './subjects';
export * from './session';
export * from './auth';
export * from './events';
export * from './audit';
export * from './settings';
export * from './directory';
