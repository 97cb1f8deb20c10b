// Unit and integration tests of every project (each project's jest.config.js). The API
// end-to-end suite has its own config because it needs the whole stack running.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/apps/*/jest.config.js'],
};
