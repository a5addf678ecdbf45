// RT-01 in the browser: an open page follows the commit stream, so other people's changes (and
// other tabs') appear as they are committed: cells (flashed for a moment), dependents on other
// sheets, new and renamed sheets, charts. A browser's tabs share one stream; when the tab holding it closes, another
// takes over without missing a commit.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openWorkbook } from './browser.js';
import { expectCellText, typeInto } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

/** The heartbeat (every 4 s) re-reads cells too when no stream is followed: held, only the stream can. */
async function holdHeartbeat(page: Page): Promise<void> {
  await page.route('**/healthz', () => {});
}

describe.skipIf(!hasChromium)('other clients’ changes in an open page', () => {
  const suite = useBrowserSuite();

  it('[RT-01] a cell written through the API shows at once, and so does a dependent on another sheet', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Inputs' });
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '=Inputs!A1*2' });
    await suite.server.http.post('/grid/cell', { cell: 'A2', value: 'before' });
    const page = suite.ui.page;
    await holdHeartbeat(page);
    await suite.open();
    await expectCellText(page, 'A1', '0');
    await suite.server.http.post('/grid/cell', { cell: 'A2', value: 'after' });
    // Someone else's change flashes for a moment (the canvas tints it; the mirror says so).
    const flashed = page.locator('[data-testid="cell-A2"][data-flash="true"]');
    await flashed.waitFor({ timeout: 5000 });
    await expectCellText(page, 'A2', 'after', 5000);
    await flashed.waitFor({ state: 'detached', timeout: 3000 });
    await suite.server.http.post('/grid/cell', { sheet: 'Inputs', cell: 'A1', value: '21' });
    await expectCellText(page, 'A1', '42', 5000);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[RT-01] a sheet added, then the shown sheet renamed, by someone else: the tabs follow and the page stays on its sheet', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'mine' });
    const page = suite.ui.page;
    await holdHeartbeat(page);
    await suite.open();
    await expectCellText(page, 'A1', 'mine');
    await suite.server.http.post('/workbook/sheet', { name: 'Costs' });
    await page.getByTestId('sheet-tab-Costs').waitFor({ timeout: 5000 });
    await suite.server.http.post('/workbook/sheet/rename', {
      old_name: 'Sheet1',
      new_name: 'Summary',
    });
    await page
      .locator('[data-testid="sheet-tab-Summary"][aria-selected="true"]')
      .waitFor({ timeout: 5000 });
    await expect(page.getByTestId('sheet-tab-Sheet1').count()).resolves.toBe(0);
    await expectCellText(page, 'A1', 'mine');
    await suite.server.http.post('/system/charts', { sheet: 'Summary', data_range: 'A1:A1' });
    await page.getByTestId('chart-canvas').waitFor({ timeout: 5000 });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[RT-01] two tabs share one stream: each sees the other’s typing, and when the first closes the second follows on', async () => {
    const ui = suite.ui;
    const streams: string[] = [];
    ui.context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/events') streams.push(request.url());
    });
    await holdHeartbeat(ui.page);
    await suite.open();
    const second = await ui.context.newPage();
    await second.route('**/healthz', () => {});
    await openWorkbook({ ...ui, page: second }, suite.server.url);
    await typeInto(ui.page, 'B2', 'from the first tab');
    await expectCellText(second, 'B2', 'from the first tab', 5000);
    await typeInto(second, 'C3', 'from the second tab');
    await expectCellText(ui.page, 'C3', 'from the second tab', 5000);
    expect(streams).toHaveLength(1);
    // This browser's own changes do not flash, in either tab.
    await expect(ui.page.locator('[data-flash="true"]').count()).resolves.toBe(0);
    await expect(second.locator('[data-flash="true"]').count()).resolves.toBe(0);

    await ui.page.close();
    await suite.server.http.post('/grid/cell', { cell: 'D4', value: 'after the first closed' });
    await expectCellText(second, 'D4', 'after the first closed', 5000);
    expect(streams).toHaveLength(2);
    expect(ui.errors).toEqual([]);
  });

  it('[RT-01] without Web Locks (plain http from another machine) a page follows the stream itself while in view', async () => {
    const page = suite.ui.page;
    // Web Locks exist only in secure contexts; this page is served as one, so they are removed.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
    });
    const streams: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/events') streams.push(request.url());
    });
    await holdHeartbeat(page);
    await suite.open();
    await expect(page.evaluate(() => 'locks' in navigator && navigator.locks)).resolves.toBe(
      undefined,
    );
    await suite.server.http.post('/grid/cell', { cell: 'B2', value: 'seen without locks' });
    await expectCellText(page, 'B2', 'seen without locks', 5000);
    await suite.server.http.post('/workbook/sheet', { name: 'Costs' });
    await page.getByTestId('sheet-tab-Costs').waitFor({ timeout: 5000 });
    expect(streams).toHaveLength(1);
    expect(suite.ui.errors).toEqual([]);
  });
});
