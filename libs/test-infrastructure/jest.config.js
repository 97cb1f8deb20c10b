module.exports = { ...require('../../jest.preset'), displayName: 'test-infrastructure', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
