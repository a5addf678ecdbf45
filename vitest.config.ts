import { defineConfig } from 'vitest/config';

// CI asks for a JSON report (GRIDBOOK_TEST_REPORT) to print its "N passed, N failed" line.
const report = process.env['GRIDBOOK_TEST_REPORT'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
  },
});
