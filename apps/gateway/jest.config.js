module.exports = {
  ...require('../../jest.preset'),
  displayName: 'gateway',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // Each integration suite starts its own NATS and Redis and an in-process gateway.
  testTimeout: 30_000,
};
