// ESLint (flat config) for the gateway: typescript-eslint's type-checked recommended rules, a few rules a payment
// codebase wants on top, and a hard 120-character line. Formatting is prettier's (.prettierrc); eslint-config-prettier
// turns off every rule that would fight it. Why each choice: docs/decisions.md ("eslint and prettier").
import eslint from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TESTS = ['test/**', '**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.reliability-spec.ts', 'libs/testing/**'];
const SCRIPTS = ['**/*.js', '**/*.mjs', '**/*.cjs'];
const NODE_GLOBALS = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
  process: 'readonly',
  console: 'readonly',
  Buffer: 'readonly',
  URL: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', '.data/', 'bench/.results/', 'test/artifacts/', '**/*.d.ts']),

  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // Plain JavaScript (jest configs, dependency-cruiser, two test helpers, these tools): no types to check; CommonJS.
  {
    files: SCRIPTS,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: NODE_GLOBALS },
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS files: require() is how they import
  },
  prettier,

  // What a payment codebase wants on top
  {
    plugins: { '@stylistic': stylistic },
    rules: {
      // A hard limit, for code, strings, templates and comments alike (scripts/wrap-long-lines.mjs breaks what prettier
      // cannot); no ignore patterns: not even URLs needed one.
      '@stylistic/max-len': ['error', { code: 120, tabWidth: 2 }],
      eqeqeq: ['error', 'always', { null: 'ignore' }], // `x == null` (null or undefined) is the one loose comparison
      // a `let` that a callback defined before its assignment reads cannot be a const
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': 'error', // apps and libs log through the logger (request ids, redaction)
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` marks a deliberately unused binding: a field dropped with a rest pattern, an interface's parameter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      // passing on a rejection we did not make (a caught `unknown`) is allowed, as only-throw-error allows rethrowing
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // a switch over a union (an event type, a status) names every member or says `default`
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },

  // The command-line tools, the benchmarks and the tests write to the terminal on purpose.
  {
    files: ['apps/cli/**', 'bench/**', 'scripts/**', 'tools/**', ...TESTS, ...SCRIPTS],
    rules: { 'no-console': 'off' },
  },

  // Tests: supertest's response.body and jest's mocks are `any` by design, and the suites cast (`as any`) to reach
  // private state or send malformed input on purpose; the type-checked `any` rules would flag every response read.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(mock.method).toHaveBeenCalled() passes a method unbound on purpose
      '@typescript-eslint/unbound-method': 'off',
      // fakes implement async interfaces without awaiting anything
      '@typescript-eslint/require-await': 'off',
    },
  },
);
