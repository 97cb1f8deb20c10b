// Unit and integration tests of every project (each project's jest.config.js). The API
// end-to-end suite has its own config because it needs the whole stack running.
module.exports = {
  // Global, not per project: jest ignores a project's own testTimeout in a multi-project run.
  // Integration suites start their own database, NATS and Redis and hash passwords with
  // argon2, which on a busy two-core machine can take longer than the default five seconds.
  testTimeout: 30_000,
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/apps/*/jest.config.js', '<rootDir>/scripts/jest.config.js', '<rootDir>/examples/jest.config.js'],
};
