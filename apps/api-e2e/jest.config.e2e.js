// Needs the built apps (npm run build): each suite starts the whole stack as processes.
module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
};
