// Issue 20 in the page: View → Freeze keeps the header row in view over 5,000 rows, column
// widths and row heights live on the server (another browser sees them; widths this browser
// kept in localStorage move there once), Data → Create filter hides rows through the header
// dropdowns, and Data → Sort range sorts by two keys (docs/ui-rules.md FRZ, LAY-01, FLT, SORT).
import { describe, expect, it } from 'vitest';
import { hasChromium, openPage, openWorkbook } from './browser.js';
import {
  cell,
  cellPixels,
  clickCell,
  expectCellText,
  goTo,
  inkExtent,
  openWithValues,
} from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('sheet layout in the browser', () => {
  const suite = useBrowserSuite();

  async function seedRows(count: number): Promise<void> {
    const values: (string | number)[][] = [['Name', 'Amount']];
    for (let row = 2; row <= count + 1; row += 1) values.push([`item ${row}`, row * 10]);
    for (let start = 0; start < values.length; start += 2000)
      await suite.server.http.post('/grid/range', {
        target_cell: `A${start + 1}`,
        values: values.slice(start, start + 2000),
      });
  }

  async function menu(name: 'view' | 'data', item: string): Promise<void> {
    const page = suite.ui.page;
    await page.getByTestId(`menu-${name}`).click();
    await page.getByTestId(`menu-${item}`).click();
  }

  const layout = async () => (await suite.server.http.get('/grid/layout')).body;

  it('[FRZ-01] [FRZ-02] freezing row 1 keeps the header over 5,000 scrolled rows, and another browser shows the freeze, the dragged column width and the filter', async () => {
    await seedRows(5000);
    await suite.open();
    const page = suite.ui.page;
    await menu('view', 'freeze-1-row');
    await expect.poll(async () => (await layout()).layout.frozen_rows).toBe(1);
    // Wheel down, then jump to the last row: the header row stays drawn at the top.
    const area = await page.getByTestId('grid-area').boundingBox();
    await page.mouse.move(area!.x + area!.width / 2, area!.y + area!.height / 2);
    for (let step = 0; step < 10; step += 1) await page.mouse.wheel(0, 480);
    await page.getByTestId('frozen-A1').waitFor();
    await goTo(page, 'A5001');
    await expectCellText(page, 'A5001', 'item 5001');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="frozen-A1"]')?.textContent === 'Name',
    );
    const header = await page.getByTestId('frozen-A1').boundingBox();
    const columnHeader = await page.getByTestId('col-header-A').boundingBox();
    expect(Math.abs(header!.y - (columnHeader!.y + columnHeader!.height))).toBeLessThan(2);
    // The mirror names the frozen cell where it is drawn.
    expect(await cell(page, 'A1').textContent()).toBe('Name');

    // Drag the border between B and C: the width goes to the server.
    const b = await page.getByTestId('col-header-B').boundingBox();
    await page.mouse.move(b!.x + b!.width - 1, b!.y + b!.height / 2);
    await page.mouse.down();
    await page.mouse.move(b!.x + b!.width + 60, b!.y + b!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await layout()).layout.column_widths['B']).toBeGreaterThan(140);
    const width = (await layout()).layout.column_widths['B'] as number;
    // And a filter: only "item 2" and "item 4" stay shown.
    await suite.server.http.post('/grid/filter', {
      range: 'A1:B5001',
      columns: [{ column: 'A', values: ['item 2', 'item 4'] }],
    });

    // Another browser (a fresh context: no localStorage) sees the freeze and the width.
    const other = await openPage(suite.browser, suite.server.url);
    try {
      await openWorkbook(other, suite.server.url);
      const otherB = await other.page.getByTestId('col-header-B').boundingBox();
      expect(Math.abs(otherB!.width - width)).toBeLessThan(2);
      await other.page.getByTestId('filter-button-A').waitFor();
      await expectCellText(other.page, 'A4', 'item 4');
      expect(await cell(other.page, 'A3').count()).toBe(0);
      const a2 = await cell(other.page, 'A2').boundingBox();
      const a4 = await cell(other.page, 'A4').boundingBox();
      expect(Math.abs(a4!.y - (a2!.y + a2!.height))).toBeLessThan(2);
      await suite.server.http.post('/grid/filter/clear');
      await other.page.reload();
      await goTo(other.page, 'A3000');
      await other.page.waitForFunction(
        () => document.querySelector('[data-testid="frozen-A1"]')?.textContent === 'Name',
      );
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(suite.ui.errors).toEqual([]);
  }, 120_000);

  it('[LAY-01] widths this browser kept in localStorage move to the server once', async () => {
    await seedRows(5);
    await suite.open();
    const page = suite.ui.page;
    const name = (await suite.server.http.get('/api/workbook')).body.workbook_name as string;
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ 2: 180 })),
      `gridbook:widths:${name}:Sheet1`,
    );
    await page.reload();
    await expect.poll(async () => (await layout()).layout.column_widths).toEqual({ C: 180 });
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `gridbook:widths:${name}:Sheet1`),
    ).toBeNull();
    const c = await page.getByTestId('col-header-C').boundingBox();
    expect(Math.abs(c!.width - 180)).toBeLessThan(2);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] [FLT-02] Data → Create filter puts dropdowns on the header; unticking a value hides its rows, arrows step over them, and Ctrl+Z shows them again', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['North', 100],
        ['South', 250],
        ['North', 50],
        ['East', 300],
        ['Total', '=SUM(B2:B5)'],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'A1');
    await clickCell(page, 'B5', { modifiers: ['Shift'] });
    await menu('data', 'create-filter');
    await page.getByTestId('filter-button-A').click();
    await page.getByTestId('filter-value-South').uncheck();
    await page.getByTestId('filter-value-East').uncheck();
    await page.getByTestId('filter-apply').click();
    await expect
      .poll(async () => (await layout()).hidden_rows)
      .toEqual([
        [3, 3],
        [5, 5],
      ]);
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-A3"]') === null);
    await expectCellText(page, 'A4', 'North');
    // Rows under the hidden ones move up: A4 sits right below A2.
    const a2 = await cell(page, 'A2').boundingBox();
    const a4 = await cell(page, 'A4').boundingBox();
    expect(Math.abs(a4!.y - (a2!.y + a2!.height))).toBeLessThan(2);
    // [FLT-03] The arrow keys step over hidden rows.
    await clickCell(page, 'A2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A4');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A2');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A3', 'South');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] [FIRST-HOUR] Delete over filtered rows clears only the rows in view, and one Ctrl+Z brings them back', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['North', 100],
        ['South', 250],
        ['North', 50],
        ['East', 300],
        ['North', 70],
      ],
    });
    await suite.server.http.post('/grid/filter', {
      range: 'A1:B6',
      columns: [{ column: 'A', values: ['North'] }],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-A3"]') === null);
    await clickCell(page, 'A2');
    await clickCell(page, 'B6', { modifiers: ['Shift'] });
    await page.keyboard.press('Delete');
    // South and East, out of view, keep their data, as in Excel and Sheets. (The filter then
    // hides the cleared rows too: they no longer read North.)
    await expect
      .poll(async () => storedValues(suite.server, 'A1:B6'), { timeout: 10_000 })
      .toEqual({ A1: 'Region', B1: 'Sales', A3: 'South', B3: 250, A5: 'East', B5: 300 });
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => storedValues(suite.server, 'A2:B6'))
      .toEqual({
        A2: 'North',
        B2: 100,
        A3: 'South',
        B3: 250,
        A4: 'North',
        B4: 50,
        A5: 'East',
        B5: 300,
        A6: 'North',
        B6: 70,
      });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] [FIRST-HOUR] Ctrl+D over filtered rows fills only the rows in view, formulas moved to each', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales', 'Bonus'],
        ['North', 100, '=B2*0.1'],
        ['South', 250, 'keep'],
        ['North', 50, null],
        ['East', 300, 'keep too'],
        ['North', 70, null],
      ],
    });
    await suite.server.http.post('/grid/filter', {
      range: 'A1:C6',
      columns: [{ column: 'A', values: ['North'] }],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-A3"]') === null);
    await clickCell(page, 'C2');
    await clickCell(page, 'C6', { modifiers: ['Shift'] });
    await page.keyboard.press('Control+d');
    await expectCellText(page, 'C6', '7');
    await expectCellText(page, 'C4', '5');
    const grid = (await suite.server.http.get('/grid', { range: 'C2:C6' })).body as {
      cells: { cell: string; input: string | null }[];
    };
    expect(Object.fromEntries(grid.cells.map((cell) => [cell.cell, cell.input]))).toEqual({
      C2: '=B2*0.1',
      C3: 'keep',
      C4: '=B4*0.1',
      C5: 'keep too',
      C6: '=B6*0.1',
    });
    // The fill is one undo step.
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => storedValues(suite.server, 'C2:C6'), { timeout: 10_000 })
      .toEqual({ C2: 10, C3: 'keep', C5: 'keep too' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] [FIRST-HOUR] copying a filtered list copies the rows in view, and pasting them moves each formula with its row', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales', 'Double'],
        ['North', 100, '=B2*2'],
        ['South', 250, '=B3*2'],
        ['North', 50, '=B4*2'],
        ['East', 300, '=B5*2'],
        ['North', 70, '=B6*2'],
      ],
    });
    await suite.server.http.post('/grid/filter', {
      range: 'A1:C6',
      columns: [{ column: 'A', values: ['North'] }],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-A3"]') === null);
    await clickCell(page, 'A1');
    await clickCell(page, 'C6', { modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('Region\tSales\tDouble\nNorth\t100\t200\nNorth\t50\t100\nNorth\t70\t140');
    await goTo(page, 'E10');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'G13', '140');
    const grid = (await suite.server.http.get('/grid', { range: 'E10:G14' })).body as {
      cells: { cell: string; input: string | null }[];
    };
    expect(
      Object.fromEntries(
        grid.cells.filter((cell) => cell.input !== null).map((cell) => [cell.cell, cell.input]),
      ),
    ).toEqual({
      E10: 'Region',
      F10: 'Sales',
      G10: 'Double',
      E11: 'North',
      F11: '100',
      G11: '=F11*2',
      E12: 'North',
      F12: '50',
      G12: '=F12*2',
      E13: 'North',
      F13: '70',
      G13: '=F13*2',
    });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-03] [FIRST-HOUR] Enter steps over the rows a filter hides, so the next entry never lands in a hidden row', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['North', 100],
        ['South', 250],
        ['North', 50],
      ],
    });
    await suite.server.http.post('/grid/filter', {
      range: 'A1:B4',
      columns: [{ column: 'A', values: ['North'] }],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-A3"]') === null);
    await clickCell(page, 'B2');
    await page.keyboard.type('110');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('B4');
    await page.keyboard.type('60');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B4', '60');
    // Enter without an edit steps over it too (Shift+Enter back up).
    await clickCell(page, 'B4');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('B2');
    await expect
      .poll(async () => storedValues(suite.server, 'B2:B4'), { timeout: 10_000 })
      .toEqual({ B2: 110, B3: 250, B4: 60 });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] a numeric header stays readable: its digits are drawn left of the filter button, not under it', async () => {
    const page = await openWithValues(suite, 'A1', [
      ['Region', 2024],
      ['North', 100],
      ['South', 250],
    ]);
    await suite.server.http.post('/grid/filter', { range: 'A1:B3', columns: [] });
    const button = await page.getByTestId('filter-button-B').boundingBox();
    const header = await cell(page, 'B1').boundingBox();
    // Where the button starts, in pixels from the header cell's left edge.
    const buttonLeft = button!.x - header!.x;
    await expect
      .poll(async () => inkExtent(await cellPixels(page, 'B1'))?.right ?? Number.NaN)
      .toBeLessThan(buttonLeft);
    // All four digits are there: the ink spans more than the width of three.
    const ink = inkExtent(await cellPixels(page, 'B1'))!;
    expect(ink.right - ink.left).toBeGreaterThan(20);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FLT-01] [SORT-01] [FIRST-HOUR] with one cell selected, Create filter and Sort range take the block around it, not a Total row under a blank row; without a header the columns are Column A, B', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['North', 100],
        ['South', 250],
        ['East', 300],
        ['', ''],
        ['Total', '=SUM(B2:B4)'],
      ],
    });
    await suite.server.http.post('/grid/range', { target_cell: 'D1', values: [['x'], ['y']] });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B3');
    await menu('data', 'create-filter');
    await expect.poll(async () => (await layout()).layout.filter?.range).toBe('A1:B4');

    await clickCell(page, 'A2');
    await menu('data', 'sort-range');
    await expect.poll(() => page.getByTestId('sort-dialog').textContent()).toContain('Sort A1:B4');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A1:B4');
    const names = await page.getByTestId('sort-column-0').locator('option').allTextContents();
    expect(names).toEqual(['Region', 'Sales']);
    await page.getByTestId('sort-header').selectOption('no');
    await expect
      .poll(() => page.getByTestId('sort-column-0').locator('option').allTextContents())
      .toEqual(['Column A', 'Column B']);
    await page.getByTestId('sort-header').selectOption('auto');
    await page.getByTestId('sort-column-0').selectOption({ label: 'Sales' });
    await page.getByTestId('sort-order-0').selectOption('desc');
    await page.getByTestId('sort-apply').click();
    await expectCellText(page, 'A2', 'East');
    await expectCellText(page, 'A4', 'North');
    await expectCellText(page, 'A6', 'Total');
    await expectCellText(page, 'B6', '650');
    expect(await storedValues(suite.server, 'D1:D2')).toEqual({ D1: 'x', D2: 'y' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SORT-01] Data → Sort range sorts by two keys with the header kept; [FRZ-03] a row height set from the cell menu is stored', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['North', 100],
        ['South', 250],
        ['North', 300],
        ['East', 300],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'A1');
    await clickCell(page, 'B5', { modifiers: ['Shift'] });
    await menu('data', 'sort-range');
    // The first row is a header (text over numbers): the columns go by its names, as in Excel.
    await page.getByTestId('sort-column-0').selectOption({ label: 'Sales' });
    await page.getByTestId('sort-order-0').selectOption('desc');
    await page.getByTestId('sort-add-key').click();
    await page.getByTestId('sort-column-1').selectOption({ label: 'Region' });
    await page.getByTestId('sort-apply').click();
    await expectCellText(page, 'A2', 'East');
    await expectCellText(page, 'A3', 'North');
    await expectCellText(page, 'B3', '300');
    await expectCellText(page, 'A4', 'South');
    await expectCellText(page, 'A1', 'Region');

    await clickCell(page, 'A2');
    await clickCell(page, 'A2', { button: 'right' });
    await page.getByTestId('menu-row-height').click();
    await page.getByTestId('row-height-input').fill('48');
    await page.getByTestId('row-height-apply').click();
    await expect.poll(async () => (await layout()).layout.row_heights).toEqual({ '2': 48 });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="cell-A2"]') as HTMLElement | null)?.style.height ===
        '48px',
    );
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] a click on a column border leaves the width alone; a double-click fits the column to its text and is kept', async () => {
    const page = await openWithValues(suite, 'A1', [['A long piece of text here'], [12345678.5]]);
    const widthOfA = async () => (await page.getByTestId('col-header-A').boundingBox())!.width;
    const storedWidths = async () =>
      ((await suite.server.http.get('/grid/layout')).body as { layout: { column_widths: object } })
        .layout.column_widths;
    const header = (await page.getByTestId('col-header-A').boundingBox())!;
    const border = { x: header.x + header.width - 1, y: header.y + header.height / 2 };
    await page.mouse.click(border.x, border.y);
    await page.waitForTimeout(600);
    expect(await widthOfA()).toBe(100);
    expect(await storedWidths()).toEqual({});
    await expectCellText(page, 'A2', '12345678.5');
    await page.mouse.dblclick(border.x, border.y);
    await expect.poll(widthOfA).toBeGreaterThan(150);
    const fitted = await widthOfA();
    await expect.poll(storedWidths).toEqual({ A: fitted });
    await page.reload();
    await expectCellText(page, 'A1', 'A long piece of text here');
    expect(await widthOfA()).toBe(fitted);
    expect(suite.ui.errors).toEqual([]);
  });
});
