/** `npm run test:reliability`: the suites of issue 11 (restarts, crashes, several processes). */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.reliability-spec.ts'],
  testTimeout: 300_000,
  maxWorkers: 1,
};
