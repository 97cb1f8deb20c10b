// The examples for teams outside this repository, run against real servers (issue 34).
module.exports = {
  ...require('../jest.preset'),
  displayName: 'examples',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.int-spec.ts'],
};
