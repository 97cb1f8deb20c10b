export * from './process-supervisor';
export * from './local-stack';
