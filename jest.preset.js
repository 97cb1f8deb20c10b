// Shared jest settings: TypeScript through ts-jest (transpile only, fast), workspace
// libs resolved to their sources so tests never depend on a previous build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
  },
  moduleNameMapper: {
    '^@portal/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    // A lib's test entry point (package.json "exports"), e.g. @portal/messaging/testing.
    '^@portal/([a-z-]+)/testing$': path.join(__dirname, 'libs/$1/src/testing/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // Integration suites start their own database, NATS and Redis: on a busy two-core machine
  // that alone can take longer than jest's default of five seconds.
  testTimeout: 30_000,
};
