// Scrolling a 100,000-row sheet: frame intervals while wheel-scrolling, values on screen soon
// after the scroll stops, and a jump to row 100,000 showing the right row numbers (docs/ui-rules.md
// PERF-01, PERF-02, GRID-01). Seeded with 100,000 × 3 cells: 100,000 × 50 (5 M cells) takes
// minutes and gigabytes to seed on the server, too much for every test run.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { cell, expectCellText, goTo } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';
import { percentile, startSampler, stopSampler } from './timings.js';

const ROWS = 100_000;

describe.skipIf(!hasChromium)('a 100,000-row sheet in the browser', () => {
  const suite = useBrowserSuite({ page: { width: 1920, height: 1080 } });

  async function seed(): Promise<void> {
    const values = Array.from({ length: ROWS }, (_, row) => [
      row + 1,
      (row * 7) % 1000,
      `r${row + 1}`,
    ]);
    // In writes within GRIDBOOK_MAX_WRITE_CELLS's default, as the page and API clients write.
    const ROWS_PER_WRITE = 5000;
    for (let start = 0; start < ROWS; start += ROWS_PER_WRITE) {
      const response = await suite.server.http.post('/grid/range', {
        target_cell: `A${start + 1}`,
        values: values.slice(start, start + ROWS_PER_WRITE),
      });
      expect(response.status).toBe(200);
    }
  }

  it('[GRID-01][PERF-02] jumping to row 100,000 shows row numbers and values of that place', async () => {
    await seed();
    await suite.open();
    const page = suite.ui.page;
    const started = Date.now();
    await goTo(page, 'A100000');
    await expectCellText(page, 'A100000', '100000');
    const jumpMs = Date.now() - started;
    process.stdout.write(`[e2e] jump to A100000 until its value shows: ${jumpMs} ms\n`);
    await expect(page.getByTestId('row-header-100000').textContent()).resolves.toBe('100000');
    await expect(page.getByTestId('row-header-99990').textContent()).resolves.toBe('99990');
    await expectCellText(page, 'C99995', 'r99995');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('A100000');
    // The mirror cell sits where the canvas draws row 100,000.
    const header = await page.getByTestId('row-header-100000').boundingBox();
    const value = await cell(page, 'A100000').boundingBox();
    expect(Math.abs(header!.y - value!.y)).toBeLessThan(1);
    // The last column, ZZ, is there too.
    await goTo(page, 'ZZ100000');
    await page.getByTestId('col-header-ZZ').waitFor();
    await cell(page, 'ZZ100000').waitFor();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('ZZ100000');
    expect(suite.ui.errors).toEqual([]);
  }, 60_000);

  it('[PERF-01] after wheel scrolling the rows in view show their own values (frame times printed; gated by npm run test:perf)', async () => {
    await seed();
    await suite.open();
    const page = suite.ui.page;
    const grid = await page.getByTestId('grid-area').boundingBox();
    await page.mouse.move(grid!.x + grid!.width / 2, grid!.y + grid!.height / 2);
    await startSampler(page);
    const scrollFor = 3000;
    const until = Date.now() + scrollFor;
    while (Date.now() < until) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(16);
    }
    const stopped = Date.now();
    const samples = await stopSampler(page);
    await page.waitForFunction(
      () => {
        const cells = document.querySelectorAll('[data-testid="grid"] [role="gridcell"]');
        return (
          cells.length > 0 &&
          document.querySelectorAll('[data-testid="grid"] [data-loading="true"]').length === 0
        );
      },
      undefined,
      { timeout: 10_000 },
    );
    const settledMs = Date.now() - stopped;
    const { intervals } = samples;
    const median = percentile(intervals, 0.5);
    const p95 = percentile(intervals, 0.95);
    const firstRow = Number(await page.getByTestId('grid').getAttribute('data-first-row'));
    process.stdout.write(
      `[e2e] wheel scroll ${scrollFor} ms to row ${firstRow}: ${intervals.length} frames, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `long tasks ${samples.longTasks.length} (max ${Math.max(0, ...samples.longTasks).toFixed(0)} ms); values on screen ${settledMs} ms after the scroll stopped\n`,
    );
    expect(firstRow).toBeGreaterThan(200);
    // The visible values belong to the rows shown: column A holds the row number.
    await expectCellText(page, `A${firstRow + 1}`, String(firstRow + 1));
    expect(suite.ui.errors).toEqual([]);
  }, 90_000);
});
