// Tests of the repository's own tooling (scripts/): the per-app image contents, the Kubernetes manifest check.
module.exports = {
  ...require('../jest.preset'),
  displayName: 'scripts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.int-spec.ts'],
};
