/** @type {import('jest').Config} */
const swcConfig = JSON.parse(require('node:fs').readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcConfig.$schema;

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig, swcrc: false }] },
  moduleNameMapper: {
    '^@gateway/worker$': '<rootDir>/apps/worker/src',
    '^@gateway/fixed-instruments/domain$': '<rootDir>/libs/fixed-instruments/src/domain',
    '^@gateway/(.*)$': '<rootDir>/libs/$1/src',
  },
  globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
  // The OpenAPI contract check fails a test file whose apps broke it (docs/api-reference.md).
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-contract.setup.ts'],
  globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
