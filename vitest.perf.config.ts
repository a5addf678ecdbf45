import { defineConfig } from 'vitest/config';

// The UI performance suite of ui.md §4.4 (`npm run test:perf`), kept out of `npm test`: it
// seeds a 5 M-cell workbook and measures timings, which only mean something when the files
// run one at a time. The server runs inside the test process, hence the larger heap.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/perf/**/*.perf.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
    execArgv: ['--max-old-space-size=8192'],
  },
});
