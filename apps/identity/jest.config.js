module.exports = {
  ...require('../../jest.preset'),
  displayName: 'identity',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // Integration suites hash passwords with argon2 and start their own infrastructure.
  testTimeout: 30_000,
};
