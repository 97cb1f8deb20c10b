// Servers an integration suite runs against (a fresh database, NATS with JetStream, Redis,
// PgBouncer; containers where an engine answers), depending on no other @portal lib so
// that every lib's own specs may use it (@portal/testing re-exports it).
export * from './ephemeral-servers';
export * from './test-database';
export * from './container-servers';
export * from './pgbouncer';
export * from './nats-cluster';
