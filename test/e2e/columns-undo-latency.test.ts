// Column widths that survive a reload, undo that returns to the sheet it happened on, and
// keypress-to-paint latency while editing.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { cell, expectCellText, goTo, typeInto } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';
import { keypressToPaint, percentile } from './timings.js';

describe.skipIf(!hasChromium)('columns, undo across sheets, input latency', () => {
  const suite = useBrowserSuite();

  it('[LAY-01] dragging the border between A and B widens A by the drag, and it stays after a reload', async () => {
    await suite.open();
    const page = suite.ui.page;
    const before = await cell(page, 'A1').boundingBox();
    const header = await page.getByTestId('col-header-A').boundingBox();
    const border = header!.x + header!.width;
    await page.mouse.move(border - 1, header!.y + header!.height / 2);
    await page.mouse.down();
    await page.mouse.move(border + 49, header!.y + header!.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(
      (width) =>
        Math.abs(
          document.querySelector('[data-testid="cell-A1"]')!.getBoundingClientRect().width - width,
        ) <= 2,
      before!.width + 50,
    );
    await page.reload();
    await page.getByTestId('cell-A1').waitFor();
    const after = await cell(page, 'A1').boundingBox();
    expect(Math.abs(after!.width - (before!.width + 50))).toBeLessThanOrEqual(2);
  });

  it('[UNDO-03] Ctrl+Z of an edit made on another sheet opens that sheet and reverts it', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Sheet2' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('sheet-tab-Sheet2').click();
    await page.locator('[data-testid="sheet-tab-Sheet2"][aria-selected="true"]').waitFor();
    await typeInto(page, 'A1', 'on two');
    await expectCellText(page, 'A1', 'on two');
    await page.getByTestId('sheet-tab-Sheet1').click();
    await page.locator('[data-testid="sheet-tab-Sheet1"][aria-selected="true"]').waitFor();
    await goTo(page, 'C3');
    await page.keyboard.press('Control+z');
    await page.locator('[data-testid="sheet-tab-Sheet2"][aria-selected="true"]').waitFor();
    await expectCellText(page, 'A1', '');
  });

  it('[PERF-04] every typed character reaches the editor and the formula bar while editing (latency printed; gated by npm run test:perf)', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2');
    await page.keyboard.type('x');
    await page.getByTestId('cell-editor').waitFor();
    const latencies = await keypressToPaint(page, 50);
    const p95 = percentile(latencies, 0.95);
    process.stdout.write(
      `[e2e] keypress to paint while editing: median ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${latencies.length} keys)\n`,
    );
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toHaveLength(51);
    await expect(page.getByTestId('formula-bar').inputValue()).resolves.toHaveLength(51);
  });
});
