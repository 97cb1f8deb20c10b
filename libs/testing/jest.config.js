// No specs of its own today (the bus helpers' suites live in libs/messaging); any added here still run.
module.exports = { ...require('../../jest.preset'), displayName: 'testing', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'], passWithNoTests: true };
