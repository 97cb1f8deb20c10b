module.exports = { ...require('../../jest.preset'), displayName: 'tracing', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
