// Charts in the browser: create from the selection (drawn: a pixel check on the canvas),
// follow data changes, drag to move and resize (PATCH), edit the type, delete, per sheet.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { cell, goTo, typeInto } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

const DATA = [
  ['Month', 'Revenue'],
  ['Jan', 10],
  ['Feb', 20],
  ['Mar', 15],
];

/** Pixels of the chart canvas that are clearly coloured (bars, lines, slices), not white, grey or transparent. */
async function colouredPixels(page: Page): Promise<number> {
  return page
    .locator('[data-testid="chart-canvas"]')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d')!;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let index = 0; index < data.length; index += 4) {
        const [r, g, b, a] = [data[index]!, data[index + 1]!, data[index + 2]!, data[index + 3]!];
        if (a > 80 && Math.max(r, g, b) - Math.min(r, g, b) > 60) count += 1;
      }
      return count;
    });
}

async function charts(
  suite: {
    server: {
      http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
    };
  },
  sheet = 'Sheet1',
) {
  return (
    (await suite.server.http.get('/system/charts', { sheet })).body as {
      charts: {
        id: string;
        anchor_cell: string;
        width: number;
        height: number;
        chart_type: string;
        data_range: string;
      }[];
    }
  ).charts;
}

describe.skipIf(!hasChromium)('charts in the browser', () => {
  // Wide enough that a moved or grown chart stays clear of the AI panel.
  const suite = useBrowserSuite({ page: { width: 1920, height: 1080, allowHttpErrors: [400] } });

  it('[CHART-01] Insert → Chart from the selected range draws a bar chart anchored beside its data at D1 (one empty column after B)', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A1:B4');
    await page.getByTestId('menu-insert').click();
    await page.getByTestId('menu-insert-chart').click();
    await expect(page.getByTestId('chart-range').inputValue()).resolves.toBe('A1:B4');
    await expect(page.getByTestId('chart-type').inputValue()).resolves.toBe('bar');
    await expect(page.getByTestId('chart-anchor').inputValue()).resolves.toBe('D1');
    await page.getByTestId('chart-title').fill('Revenue');
    await page.getByTestId('chart-save').click();
    const overlay = page.getByTestId('chart-overlay');
    await overlay.waitFor();
    await page.locator('[data-testid="chart-canvas"][data-rendered="true"]').waitFor();
    const box = await overlay.boundingBox();
    const anchor = await cell(page, 'D1').boundingBox();
    expect(Math.abs(box!.x - anchor!.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(box!.y - anchor!.y)).toBeLessThanOrEqual(2);
    expect(Math.round(box!.width)).toBe(400);
    expect(Math.round(box!.height)).toBe(280);
    expect(await colouredPixels(page)).toBeGreaterThan(500);
    expect(await charts(suite)).toMatchObject([
      { data_range: 'A1:B4', chart_type: 'bar', anchor_cell: 'D1', width: 400, height: 280 },
    ]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CHART-01] a chart of whole columns (A:B selected) plots the rows in use, and a row added below joins it', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A:B');
    await page.getByTestId('menu-insert').click();
    await page.getByTestId('menu-insert-chart').click();
    await expect(page.getByTestId('chart-range').inputValue()).resolves.toBe('A:B');
    await page.getByTestId('chart-save').click();
    await page.locator('[data-testid="chart-canvas"][data-rendered="true"]').waitFor();
    const rows = page.getByTestId('chart-data-table').locator('tbody tr');
    await expect.poll(() => rows.allTextContents()).toEqual(['Jan10', 'Feb20', 'Mar15']);
    expect(await colouredPixels(page)).toBeGreaterThan(500);
    expect(await charts(suite)).toMatchObject([{ data_range: 'A:B' }]);
    await typeInto(page, 'A5', 'Apr');
    await typeInto(page, 'B5', '30');
    await expect.poll(() => rows.allTextContents()).toEqual(['Jan10', 'Feb20', 'Mar15', 'Apr30']);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CHART-02] the chart follows a data change', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4' });
    await suite.open();
    const page = suite.ui.page;
    const table = page.getByTestId('chart-data-table');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="chart-data-table"]')?.textContent?.includes('20'),
    );
    await typeInto(page, 'B2', '50');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="chart-data-table"] tbody tr td')?.textContent ===
        '50',
      undefined,
      { timeout: 3000 },
    );
    await expect(table.locator('tbody tr').first().textContent()).resolves.toBe('Jan50');
  });

  it('[CHART-02] a typed number shows in the chart before the server answers; a formula shows once it has', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4' });
    await suite.open();
    const page = suite.ui.page;
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="chart-data-table"]')?.textContent?.includes('20'),
    );
    // Hold cell writes until the chart has been checked (the page sends them one after another).
    let holding = true;
    const held: (() => Promise<void>)[] = [];
    await page.route('**/grid/cell', (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    );
    await typeInto(page, 'B2', '70');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="chart-data-table"] tbody tr td')?.textContent ===
        '70',
      undefined,
      { timeout: 3000 },
    );
    expect(held).toHaveLength(1);
    await typeInto(page, 'B3', '=B2*2');
    await page.waitForTimeout(300);
    await expect(
      page.getByTestId('chart-data-table').locator('tbody tr').nth(1).textContent(),
    ).resolves.toBe('Feb20');
    holding = false;
    for (const release of held.splice(0)) await release();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="chart-data-table"] tbody tr')[1]?.textContent ===
        'Feb140',
      undefined,
      { timeout: 3000 },
    );
    expect(
      (
        (await suite.server.http.get('/grid', { range: 'B2' })).body as {
          cells: { value: unknown }[];
        }
      ).cells[0]?.value,
    ).toBe(70);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CHART-03][CHART-04] dragging the header moves the chart by whole cells; the corner resizes it', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4' });
    await suite.open();
    const page = suite.ui.page;
    const header = page.getByTestId('chart-drag');
    await header.waitFor();
    const start = await header.boundingBox();
    const twoColumns =
      (await cell(page, 'H2').boundingBox())!.x - (await cell(page, 'F2').boundingBox())!.x;
    await page.mouse.move(start!.x + 60, start!.y + 10);
    await page.mouse.down();
    await page.mouse.move(start!.x + 60 + twoColumns, start!.y + 10, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="chart-overlay"]')?.getAttribute('data-anchor') ===
        'H2',
    );
    expect((await charts(suite))[0]).toMatchObject({ anchor_cell: 'H2' });

    const corner = await page.getByTestId('chart-resize').boundingBox();
    await page.mouse.move(corner!.x + 7, corner!.y + 7);
    await page.mouse.down();
    await page.mouse.move(corner!.x + 107, corner!.y + 57, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(async () => (await charts(suite))[0])
      .toMatchObject({ width: 500, height: 330 });
    // Too small stops at 160 × 120.
    const corner2 = await page.getByTestId('chart-resize').boundingBox();
    await page.mouse.move(corner2!.x + 7, corner2!.y + 7);
    await page.mouse.down();
    await page.mouse.move(corner2!.x - 600, corner2!.y - 600, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(async () => (await charts(suite))[0])
      .toMatchObject({ width: 160, height: 120 });
  });

  it('[CHART-05][CHART-06] edit changes the type; a bad range keeps the dialog open with the server’s reason; delete leaves the cells', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4' });
    const errors = suite.ui.errors;
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('chart-edit').click();
    await page.getByTestId('chart-range').fill('A1:');
    await page.getByTestId('chart-save').click();
    await page.getByTestId('chart-error').waitFor();
    await expect(page.getByTestId('chart-error').textContent()).resolves.toMatch(/range|A1:/i);
    await page.getByTestId('chart-range').fill('A1:B4');
    await page.getByTestId('chart-type').selectOption('line');
    await page.getByTestId('chart-save').click();
    await page.locator('[data-testid="chart-overlay"][data-chart-type="line"]').waitFor();
    expect((await charts(suite))[0]).toMatchObject({ chart_type: 'line' });
    await page.getByTestId('chart-overlay').click({ position: { x: 200, y: 150 } });
    await page.keyboard.press('Delete');
    await page.getByTestId('chart-overlay').waitFor({ state: 'detached' });
    expect(await charts(suite)).toEqual([]);
    const cells = (await suite.server.http.get('/grid', { range: 'A1:B4' })).body as {
      cells: unknown[];
    };
    expect(cells.cells).toHaveLength(8);
    expect(errors).toEqual([]);
  });

  it('[CHART-07] a chart shows only on its own sheet', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4' });
    await suite.server.http.post('/workbook/sheet', { name: 'Other' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('chart-overlay').waitFor();
    await page.getByTestId('sheet-tab-Other').click();
    await page.getByTestId('chart-overlay').waitFor({ state: 'detached' });
    await page.getByTestId('sheet-tab-Sheet1').click();
    await page.getByTestId('chart-overlay').waitFor();
  });
});

describe.skipIf(!hasChromium)('a chart that runs under the assistant panel (1280 px)', () => {
  const suite = useBrowserSuite({ page: { width: 1280, height: 800 } });

  it('[CHART-04] its buttons and resize corner stay inside the grid, and the corner resizes it', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: DATA });
    await suite.server.http.post('/system/charts', { data_range: 'A1:B4', anchor_cell: 'F2' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('ai-panel').waitFor();
    const panel = (await page.getByTestId('ai-panel').boundingBox())!;
    const overlay = (await page.getByTestId('chart-overlay').boundingBox())!;
    expect(overlay.x + 400).toBeGreaterThan(panel.x); // the card itself runs under the panel
    for (const control of ['chart-resize', 'chart-delete', 'chart-edit']) {
      const box = (await page.getByTestId(control).boundingBox())!;
      expect(box.x + box.width, control).toBeLessThanOrEqual(panel.x);
    }
    const corner = (await page.getByTestId('chart-resize').boundingBox())!;
    await page.mouse.move(corner.x + 7, corner.y + 7);
    await page.mouse.down();
    await page.mouse.move(corner.x - 93, corner.y + 7, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(async () => (await charts(suite))[0])
      .toMatchObject({ width: 300, height: 280 });
  });
});
