// A small rule set, each rule here for a reason this project has had (docs/decisions/2026-11-25-lint-rules.md).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'bench/results/**',
      'test/architecture/fixtures/**',
      'test/e2e/screenshots/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.mjs',
            'vitest.perf.config.ts',
            'scripts/*.mjs',
            'bench/lib/*.mjs',
            'web/vite.config.ts',
          ],
        },
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error: a write that failed would look acknowledged.
      '@typescript-eslint/no-floating-promises': 'error',
      // Dead code and forgotten parameters; a leading underscore says "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `==` coerces; only `== null` (null or undefined) reads better than its alternative.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // An empty block hides a swallowed error; a comment saying why makes it not empty.
      'no-empty': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    rules: {
      // Types at every boundary: `any` in product code switches the checker off.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // The server logs through pino (levels, redaction); main.ts writes its start line to stdout itself.
      'no-console': 'error',
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
