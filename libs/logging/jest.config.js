module.exports = { ...require('../../jest.preset'), displayName: 'logging', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
