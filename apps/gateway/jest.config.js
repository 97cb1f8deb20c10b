const path = require('node:path');

// Packages of the Fastify platform that ship ES modules only (or load one with import()):
// Node runs them as they are, jest on Node 20 cannot, so these are compiled to CommonJS for the tests.
const ES_MODULE_PACKAGES = ['@fastify/cookie/', 'cookie/', 'content-disposition/'];

const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  displayName: 'gateway',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  transform: {
    ...preset.transform,
    [`/node_modules/(${ES_MODULE_PACKAGES.map((name) => name.replace(/[/@]/g, '\\$&')).join('|')}).+\\.js$`]: [
      'ts-jest',
      { tsconfig: { ...require(path.join(__dirname, '../../tsconfig.jest.json')).compilerOptions, allowJs: true, checkJs: false }, diagnostics: false },
    ],
  },
  // Everything else in node_modules as it is.
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ES_MODULE_PACKAGES.join('|')})).*/node_modules/`],
  // Each integration suite starts its own NATS and Redis and an in-process gateway.
  testTimeout: 30_000,
};
