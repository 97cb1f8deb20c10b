export * from './tracing';
export * from './async-scope-context-manager';
