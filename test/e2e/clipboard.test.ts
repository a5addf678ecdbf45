// Clipboard and fill handle in the browser: TSV out (with an HTML table), TSV in with blank
// rows and quotes, one value filling a selection, formulas moving their references, cut +
// paste as one undo step, pasting values only, and the fill handle continuing a series.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import {
  clickCell,
  doubleClickFillHandle,
  dragFillHandle,
  expectCellText,
  goTo,
  openWithValues,
  recordRequestBodies,
} from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

/** Put text on the system clipboard the way another program would. */
async function setClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

async function inputsOf(
  server: {
    http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
  },
  range: string,
  sheet?: string,
): Promise<Record<string, string | null>> {
  const cells = (
    (await server.http.get('/grid', { range, ...(sheet === undefined ? {} : { sheet }) })).body as {
      cells: { cell: string; input: string | null }[];
    }
  ).cells;
  return Object.fromEntries(
    cells.filter((entry) => entry.input !== null).map((entry) => [entry.cell, entry.input]),
  );
}

/** The listed cells of `range` with their input, value and formula. */
async function cellsOf(
  server: {
    http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
  },
  range: string,
): Promise<{ cell: string; input: string | null; value: unknown; formula: string | null }[]> {
  const cells = (
    (await server.http.get('/grid', { range })).body as {
      cells: { cell: string; input: string | null; value: unknown; formula: string | null }[];
    }
  ).cells;
  return cells.map(({ cell, input, value, formula }) => ({ cell, input, value, formula }));
}

/** What the system clipboard holds, as another program reads it: plain text and HTML. */
async function clipboardFlavours(page: Page): Promise<{ text: string; html: string }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      text: await (await item!.getType('text/plain')).text(),
      html: item!.types.includes('text/html')
        ? await (await item!.getType('text/html')).text()
        : '',
    };
  });
}

describe.skipIf(!hasChromium)('clipboard and fill in the browser', () => {
  const suite = useBrowserSuite();

  it('[FIRST-HOUR] on a fresh page a drag from the selected A1 to B2 takes the keyboard: Delete clears the range', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, 2],
      [3, 4],
    ]);
    await expectCellText(page, 'B2', '4');
    const from = await page.locator('[data-testid="cell-A1"]').boundingBox();
    const to = await page.locator('[data-testid="cell-B2"]').boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('A1:B2');
    await page.keyboard.press('Delete');
    await expectCellText(page, 'B2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'A1:B2')).toEqual({});
  });

  it('[CLIP-01] Ctrl+C puts the range on the clipboard as TSV and as an HTML table', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, 2],
      [3, 4],
    ]);
    await goTo(page, 'A1:B2');
    await page.keyboard.press('Control+c');
    const flavours = await clipboardFlavours(page);
    expect(flavours.text).toBe('1\t2\n3\t4');
    // The browser may normalise the markup (adding <tbody>), so compare the table's cells.
    const rows = flavours.html.match(/<tr>.*?<\/tr>/g) ?? [];
    expect(rows.map((row) => row.match(/<td>(.*?)<\/td>/g))).toEqual([
      ['<td>1</td>', '<td>2</td>'],
      ['<td>3</td>', '<td>4</td>'],
    ]);
  });

  it('[CLIP-01] [FIRST-HOUR] formatted numbers reach other programs as they show ($1,200, 15%, a date), and still paste here as numbers', async () => {
    const page = await openWithValues(suite, 'A1', [[1200, 0.15, 46053, '=1/4']]);
    const formats: [string, string][] = [
      ['A1', '$#,##0'],
      ['B1', '0%'],
      ['C1', 'yyyy-mm-dd'],
    ];
    for (const [range, code] of formats)
      await suite.server.http.post('/grid/format', { range, format: { number_format: code } });
    await expectCellText(page, 'C1', '2026-01-31');
    await goTo(page, 'A1:D1');
    await page.keyboard.press('Control+c');
    const flavours = await clipboardFlavours(page);
    expect(flavours.text).toBe('$1,200\t15%\t2026-01-31\t0.25');
    expect(flavours.html.match(/<td>(.*?)<\/td>/g)).toEqual([
      '<td>$1,200</td>',
      '<td>15%</td>',
      '<td>2026-01-31</td>',
      '<td>0.25</td>',
    ]);
    // Pasted in the page, the copy keeps its numbers and formula.
    await goTo(page, 'A3');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'C3', '2026-01-31');
    expect(await inputsOf(suite.server, 'A3:D3')).toEqual({
      A3: '1200',
      B3: '0.15',
      C3: '46053',
      D3: '=1/4',
    });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CLIP-02][CLIP-03] pasting TSV lands at the selection’s top-left in one request, keeping blank rows and quoted tabs', async () => {
    await suite.open();
    const page = suite.ui.page;
    const writes = recordRequestBodies(page, '/grid/range');
    await setClipboard(page, 'x\ty\n\n"a\tb"\tz');
    await goTo(page, 'C5:D9');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'D7', 'z');
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]!)).toMatchObject({ target_cell: 'C5' });
    expect(await storedValues(suite.server, 'C5:D7')).toEqual({
      C5: 'x',
      D5: 'y',
      C7: 'a\tb',
      D7: 'z',
    });
  });

  it('[CLIP-02] a paste of more than 10,000 cells is parsed in a worker, written in chunks of at most 10,000 with a notice, and undone in one step', async () => {
    await suite.open();
    const page = suite.ui.page;
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const chunkSizes: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/grid/range'))
        chunkSizes.push(
          (JSON.parse(request.postData()!) as { values: unknown[][] }).values.flat().length,
        );
    });
    const rows = 300;
    const text = Array.from({ length: rows }, (_, row) =>
      ['"q\t' + row + '"', ...Array.from({ length: 49 }, (_, col) => String(row * 100 + col))].join(
        '\t',
      ),
    ).join('\n');
    await setClipboard(page, text);
    await goTo(page, 'A1');
    await page.keyboard.press('Control+v');
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Pasted 300 rows.' })
      .waitFor({ timeout: 20_000 });
    expect(workers.some((url) => url.includes('tsv-worker'))).toBe(true);
    expect(chunkSizes.reduce((sum, size) => sum + size, 0)).toBe(rows * 50);
    expect(chunkSizes.length).toBeGreaterThan(1);
    expect(Math.max(...chunkSizes)).toBeLessThanOrEqual(10_000);
    expect(await storedValues(suite.server, 'A300:B300')).toEqual({ A300: 'q\t299', B300: 29900 });
    await expectCellText(page, 'A1', 'q\t0');

    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '');
    expect(await storedValues(suite.server, 'A1:AX300')).toEqual({});
  });

  it('[CLIP-03] one copied value fills the whole selection', async () => {
    await suite.open();
    const page = suite.ui.page;
    await setClipboard(page, '7');
    await goTo(page, 'C8:E10');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'E10', '7');
    expect(Object.keys(await storedValues(suite.server, 'C8:E10'))).toHaveLength(9);
  });

  it('[CLIP-04][CLIP-05] a copy made here moves formula references; cut + paste undo as one step', async () => {
    const page = await openWithValues(suite, 'A1', [[2, '=A1*2', '=$A$1'], [3]]);
    await goTo(page, 'B1:C1');
    await page.keyboard.press('Control+c');
    await goTo(page, 'B2');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'B2', '6');
    expect(await inputsOf(suite.server, 'B2:C2')).toEqual({ B2: '=A2*2', C2: '=$A$1' });

    await goTo(page, 'A1');
    await page.keyboard.press('Control+x');
    await goTo(page, 'E1');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'E1', '2');
    await expectCellText(page, 'A1', '');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '2');
    await expectCellText(page, 'E1', '');
  });

  it('[CLIP-06] Ctrl+Shift+V pastes the computed values: a copied =A1*2 arrives as the literal 4, an error as its constant, text as text', async () => {
    const page = await openWithValues(suite, 'A1', [
      [2, '=A1*2'],
      [null, '=A1*5', '=1/0', '="0"&"7"'],
    ]);
    await expectCellText(page, 'B1', '4');
    await goTo(page, 'B1');
    await page.keyboard.press('Control+c');
    await goTo(page, 'D1');
    const writes = recordRequestBodies(page, '/grid/range');
    await page.keyboard.press('Control+Shift+V');
    await expectCellText(page, 'D1', '4');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await cellsOf(suite.server, 'D1')).toEqual([
      { cell: 'D1', input: '4', value: 4, formula: null },
    ]);
    expect(writes).toHaveLength(1);
    // Changing A1 leaves the pasted value as it was: it reads nothing.
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 5 });
    await expectCellText(page, 'B1', '10');
    await expectCellText(page, 'D1', '4');

    await goTo(page, 'B2:D2');
    await page.keyboard.press('Control+c');
    await goTo(page, 'B4');
    await page.keyboard.press('Control+Shift+V');
    await expectCellText(page, 'D4', '07');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await cellsOf(suite.server, 'B4:D4')).toEqual([
      { cell: 'B4', input: '25', value: 25, formula: null },
      { cell: 'C4', input: '#DIV/0!', value: '#DIV/0!', formula: null },
      // Text that reads as a number stays text (its input shows the ' that keeps it so).
      { cell: 'D4', input: "'07", value: '07', formula: null },
    ]);
    await expectCellText(page, 'C4', '#DIV/0!');
    // Ctrl+V after it is a whole paste again: formulas, moved.
    await goTo(page, 'B6');
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await inputsOf(suite.server, 'B6'))['B6']).toBe('=A5*5');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CLIP-06] the context menu pastes values only; a cut is not pasted as values', async () => {
    const page = await openWithValues(suite, 'A1', [[3, '=A1+1']]);
    await expectCellText(page, 'B1', '4');
    await goTo(page, 'B1');
    await page.keyboard.press('Control+c');
    await goTo(page, 'E2');
    await clickCell(page, 'E2', { button: 'right' });
    await page.getByTestId('menu-paste-values').click();
    await expectCellText(page, 'E2', '4');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'E2')).toEqual({ E2: '4' });

    await goTo(page, 'A1');
    await page.keyboard.press('Control+x');
    await goTo(page, 'F1');
    await page.keyboard.press('Control+Shift+V');
    await page.locator('[data-testid="toast"][data-kind="error"]').waitFor();
    expect(await inputsOf(suite.server, 'A1:F1')).toEqual({ A1: '3', B1: '=A1+1' });
  });

  it('[FIRST-HOUR] a cut formula keeps reading its cells; a cut pasted on another sheet empties its source', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[5, '=A1*2']] });
    await suite.server.http.post('/workbook/sheet', { name: 'Other' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', '10');
    await goTo(page, 'B1');
    await page.keyboard.press('Control+x');
    await goTo(page, 'D5');
    await page.keyboard.press('Control+v');
    // Moved, not copied: still A1 * 2 (a copy's shift would read C5, an empty cell: 0).
    await expectCellText(page, 'D5', '10');
    await expectCellText(page, 'B1', '');
    expect(await inputsOf(suite.server, 'A1:D5')).toEqual({ A1: '5', D5: '=A1*2' });

    await page.keyboard.press('Control+x');
    await page.getByTestId('sheet-tab-Other').click();
    await page.locator('[data-testid="sheet-tab-Other"][aria-selected="true"]').waitFor();
    await goTo(page, 'B2');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'B2', '10');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'A1:D5', 'Other')).toEqual({ B2: 10 });
    expect(await inputsOf(suite.server, 'A1:D5', 'Sheet1')).toEqual({ A1: '5' });
    // One Ctrl+Z undoes the whole move.
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'A1:D5', 'Sheet1')).toEqual({ A1: '5', D5: '=A1*2' });
  });

  it('[CLIP-05] cut and paste rewrites the formulas that read the cut cells; one Ctrl+Z puts them back', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, '=SUM(A1:A3)'],
        [2, '=A2*10'],
        [3, '=A9'],
      ],
    });
    await suite.server.http.post('/workbook/sheet', { name: 'Other' });
    await suite.server.http.post('/grid/cell', { sheet: 'Other', cell: 'A1', value: '=Sheet1!A3' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', '6');
    await goTo(page, 'A1:A3');
    await page.keyboard.press('Control+x');
    await goTo(page, 'D2');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'D4', '3');
    await expectCellText(page, 'A1', '');
    await expectCellText(page, 'B1', '6');
    await expectCellText(page, 'B2', '20');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'A1:D4')).toEqual({
      B1: '=SUM(D2:D4)',
      B2: '=D3*10',
      B3: '=A9',
      D2: '1',
      D3: '2',
      D4: '3',
    });
    expect(await inputsOf(suite.server, 'A1', 'Other')).toEqual({ A1: '=Sheet1!D4' });

    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '1');
    await expectCellText(page, 'D2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'A1:D4')).toEqual({
      A1: '1',
      A2: '2',
      A3: '3',
      B1: '=SUM(A1:A3)',
      B2: '=A2*10',
      B3: '=A9',
    });
    expect(await inputsOf(suite.server, 'A1', 'Other')).toEqual({ A1: '=Sheet1!A3' });
  });

  it('[FIRST-HOUR] Ctrl+Z pressed while a cut-and-paste is still being written undoes all of it', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'moved' });
    await suite.open();
    const page = suite.ui.page;
    // Hold the paste's write back, so the undo is pressed while it is in flight.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/grid/move', async (route) => {
      await held;
      await route.continue();
    });
    await goTo(page, 'A1');
    await page.keyboard.press('Control+x');
    await goTo(page, 'C3');
    await page.keyboard.press('Control+v');
    await page.waitForTimeout(200);
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(200);
    release();
    await expectCellText(page, 'A1', 'moved');
    await expectCellText(page, 'C3', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'A1:C3')).toEqual({ A1: 'moved' });
  });

  it('[FILL-01][FILL-02] dragging the fill handle continues a number series and moves formulas', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, '=A1*10'],
        [2, '=A2*10'],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A1:B2');
    await dragFillHandle(page, 'B2', 'B5');
    await expectCellText(page, 'A5', '5');
    await expectCellText(page, 'B5', '50');
    expect(await inputsOf(suite.server, 'A3:B5')).toEqual({
      A3: '3',
      B3: '=A3*10',
      A4: '4',
      B4: '=A4*10',
      A5: '5',
      B5: '=A5*10',
    });
  });

  it("[FIRST-HOUR] the fill handle carries the source cells' formats: a filled date stays a date", async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['2026-01-31', '10%', 'plain']],
    });
    await suite.server.http.post('/grid/format', { range: 'C2', format: { bold: true } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '2026-01-31');
    await goTo(page, 'A1:C1');
    await dragFillHandle(page, 'C1', 'C3');
    await expectCellText(page, 'A3', '2026-02-02');
    await expectCellText(page, 'B2', '10%');
    await expectCellText(page, 'B3', '10%');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    const read = (await suite.server.http.get('/grid', { range: 'A1:C3' })).body as {
      cells: { cell: string; format?: { number_format?: string; bold?: boolean } }[];
    };
    const formatOf = (address: string) => read.cells.find((cell) => cell.cell === address)?.format;
    expect(formatOf('A3')?.number_format).toBe(formatOf('A1')?.number_format);
    // The plain source cell gives its plainness too, as Excel's fill does.
    expect(formatOf('C2')).toBeUndefined();
    // One Ctrl+Z takes back the values and their formats.
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'A2:C3')).toEqual({});
    const after = (await suite.server.http.get('/grid', { range: 'C2' })).body as {
      cells: { format?: { bold?: boolean } }[];
      formats?: { format: { bold?: boolean } }[];
    };
    expect(after.formats?.[0]?.format.bold ?? after.cells[0]?.format?.bold).toBe(true);
  });

  it('[FIRST-HOUR] the fill handle counts one date on by a day per cell; a lone number still repeats', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['2026-02-27', 7]],
    });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '2026-02-27');
    await goTo(page, 'A1:B1');
    await dragFillHandle(page, 'B1', 'B4');
    await expectCellText(page, 'A2', '2026-02-28');
    await expectCellText(page, 'A3', '2026-03-01');
    await expectCellText(page, 'A4', '2026-03-02');
    await expectCellText(page, 'B4', '7');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'B2:B4')).toEqual({ B2: 7, B3: 7, B4: 7 });
  });

  it('[FIRST-HOUR] Ctrl+D fills the top row down the selection, Ctrl+R the left column right; one undo each', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 'Item 1', '=A1*10'],
        [2, '', ''],
        [3, '', ''],
      ],
    });
    await suite.server.http.post('/grid/format', { range: 'C1', format: { bold: true } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'C1', '10');
    await goTo(page, 'B1:C3');
    await page.keyboard.press('Control+d');
    await expectCellText(page, 'C3', '30');
    // A copy, not a series: "Item 1" stays "Item 1" (the fill handle counts on).
    expect(await inputsOf(suite.server, 'B2:C3')).toEqual({
      B2: 'Item 1',
      C2: '=A2*10',
      B3: 'Item 1',
      C3: '=A3*10',
    });
    const read = (await suite.server.http.get('/grid', { range: 'C3' })).body as {
      cells: { format?: { bold?: boolean } }[];
    };
    expect(read.cells[0]?.format?.bold).toBe(true);
    // One cell selected: Ctrl+R copies the cell to its left into it.
    await goTo(page, 'D2');
    await page.keyboard.press('Control+r');
    // =B2*10 over "Item 1": #VALUE!, as in Excel.
    await expectCellText(page, 'D2', '#VALUE!');
    expect(await inputsOf(suite.server, 'D2')).toEqual({ D2: '=B2*10' });
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'D2', '');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'C3', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'B2:D3')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FILL-03] [FIRST-HOUR] Ctrl+Enter writes the typed entry into every selected cell, references moved; the selection stays and one Ctrl+Z takes it back', async () => {
    const page = await openWithValues(suite, 'A1', [[1], [2], [3]]);
    await expectCellText(page, 'A3', '3');
    await clickCell(page, 'B1');
    await clickCell(page, 'B3', { modifiers: ['Shift'] });
    await page.keyboard.type('=A1*10');
    await page.keyboard.press('Control+Enter');
    await expectCellText(page, 'B3', '30');
    await expectCellText(page, 'B2', '20');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B1:B3');
    expect(await inputsOf(suite.server, 'B1:B3')).toEqual({
      B1: '=A1*10',
      B2: '=A2*10',
      B3: '=A3*10',
    });
    // One cell selected: the entry is committed where it is, the cursor not moving on.
    await clickCell(page, 'D1');
    await page.keyboard.type('done');
    await page.keyboard.press('Control+Enter');
    await expectCellText(page, 'D1', 'done');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('D1');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'D1', '');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'B1:D3')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FILL-04] [FIRST-HOUR] double-clicking the fill handle fills down as far as the data beside it, in one undo step, without opening the editor', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, '=A1*10'],
      [2],
      [3],
      [4],
      [5],
      [null],
      [7],
    ]);
    await expectCellText(page, 'B1', '10');
    await clickCell(page, 'B1');
    await doubleClickFillHandle(page, 'B1');
    await expectCellText(page, 'B5', '50');
    // The block beside it ends at A5: the blank A6 stops the fill.
    expect(await inputsOf(suite.server, 'B1:B7')).toEqual({
      B1: '=A1*10',
      B2: '=A2*10',
      B3: '=A3*10',
      B4: '=A4*10',
      B5: '=A5*10',
    });
    expect(await page.getByTestId('cell-editor').count()).toBe(0);
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B1:B5');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B2', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'B1:B7')).toEqual({ B1: '=A1*10' });
    expect(suite.ui.errors).toEqual([]);
  });
});
