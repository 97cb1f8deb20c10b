module.exports = { ...require('../../jest.preset'), displayName: 'domain-rules', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
