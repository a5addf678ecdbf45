// Cell formats in the browser (issue 19): a budget typed as people type it, the formatting
// toolbar, xlsx out and back, the format painter, decimal places, formats carried by copy/paste
// and by other programs' HTML, figures in the selection's format, and what the canvas draws
// (text running on over empty cells, fills on empty cells, underline).
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import {
  cellPixels,
  clickCell,
  expectCellText,
  goTo,
  holdBackgroundReads,
  inkExtent,
  type CellPixels,
  typeInto,
} from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

interface FormattedCell {
  cell: string;
  value: unknown;
  input: string | null;
  display?: string;
  format?: Record<string, unknown>;
}

async function readCells(
  server: {
    http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
  },
  range: string,
): Promise<Record<string, FormattedCell>> {
  const body = (await server.http.get('/grid', { range })).body as { cells: FormattedCell[] };
  return Object.fromEntries(body.cells.map((cell) => [cell.cell, cell]));
}

async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
}

async function pressed(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute('aria-pressed');
}

/** Rows (from the cell's top) holding dark ink, to see where lines are drawn. */
function inkRows(pixels: CellPixels): number[] {
  const rows: number[] = [];
  for (let y = 2; y < pixels.height - 2; y += 1) {
    for (let x = 2; x < pixels.width - 2; x += 1) {
      const at = (y * pixels.width + x) * 4;
      if (pixels.rgba[at]! + pixels.rgba[at + 1]! + pixels.rgba[at + 2]! < 384) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

/** The colour in the middle of the cell's canvas pixels, as [r, g, b]. */
function middleColour(pixels: CellPixels): number[] {
  const at = (Math.floor(pixels.height / 2) * pixels.width + Math.floor(pixels.width / 2)) * 4;
  return pixels.rgba.slice(at, at + 3);
}

describe.skipIf(!hasChromium)('cell formats in the browser', () => {
  const suite = useBrowserSuite();

  it('[FMT-02] a budget typed as people type it: numbers shown as typed, SUM right and in the format of what it adds, the formula bar shows the value; bold header, currency and percent columns from the toolbar; xlsx out and back keeps cells and formats', async () => {
    await suite.open();
    const page = suite.ui.page;
    const rows = [
      ['Item', 'Amount', 'Share', 'Due'],
      ['Rent', '$1,200', '15%', '2026-01-31'],
      ['Food', '1,200.50', '10%', '2026-02-28'],
      ['Total', '=SUM(B2:B3)', '=SUM(C2:C3)', ''],
    ];
    for (const [r, row] of rows.entries())
      for (const [c, text] of row.entries())
        if (text !== '') await typeInto(page, `${'ABCD'[c]}${r + 1}`, text);

    await expectCellText(page, 'B2', '$1,200');
    await expectCellText(page, 'C2', '15%');
    await expectCellText(page, 'B3', '1,200.50');
    await expectCellText(page, 'D2', '2026-01-31');
    // The totals take the format of the first cells they add, as in Excel.
    await expectCellText(page, 'B4', '$2,401');
    await expectCellText(page, 'C4', '25%');
    await waitSaved(page);
    expect(await storedValues(suite.server, 'B2:D4')).toMatchObject({
      B2: 1200,
      C2: 0.15,
      D2: 46053,
      B3: 1200.5,
      C3: 0.1,
      B4: 2400.5,
      C4: 0.25,
    });
    // The formula bar shows the number under the format, as Excel does (percent and date as typed).
    for (const [address, shown] of [
      ['B2', '1200'],
      ['B3', '1200.5'],
      ['C2', '15%'],
      ['D2', '2026-01-31'],
    ] as const) {
      await goTo(page, address);
      await expect(page.getByTestId('formula-bar').inputValue(), address).resolves.toBe(shown);
    }

    // Bold header, a currency column and a percent column, through the toolbar.
    await goTo(page, 'A1:D1');
    await page.getByTestId('format-bold').click();
    await page.locator('[data-testid="format-bold"][aria-pressed="true"]').waitFor();
    await goTo(page, 'B2:B4');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-currency').click();
    await expectCellText(page, 'B4', '$2,400.50');
    await expectCellText(page, 'B2', '$1,200.00');
    await goTo(page, 'C2:C4');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-percent').click();
    await expectCellText(page, 'C4', '25%');
    await expect.poll(() => page.getByTestId('format-number-name').textContent()).toBe('Percent ▾');
    await waitSaved(page);
    const before = await readCells(suite.server, 'A1:D4');
    expect(before['A1']!.format).toEqual({ bold: true });
    expect(before['B4']!.format).toEqual({ number_format: '"$"#,##0.00' });
    expect(before['C3']!.display).toBe('10%');

    // Export through the page's File menu; exceljs reads the number formats and the bold.
    const download = page.waitForEvent('download');
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-download-xlsx').click();
    const bytes = await readFile((await (await download).path())!);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('D1').font?.bold).toBe(true);
    expect(sheet.getCell('B2').numFmt).toBe('"$"#,##0.00');
    expect(sheet.getCell('B2').value).toBe(1200);
    expect(sheet.getCell('C2').numFmt).toBe('0%');
    expect(sheet.getCell('C2').value).toBe(0.15);
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('A2').font?.bold).not.toBe(true);

    // Import it back: every cell, value, display and format as before.
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['changed']] });
    const form = new FormData();
    form.append(
      'file',
      new Blob([bytes], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      'budget.xlsx',
    );
    const imported = await fetch(`${suite.server.url}/system/import.xlsx`, {
      method: 'POST',
      body: form,
    });
    expect(imported.status).toBe(200);
    const after = await readCells(suite.server, 'A1:D4');
    const comparable = (cells: Record<string, FormattedCell>) =>
      Object.fromEntries(
        Object.entries(cells).map(([address, cell]) => [
          address,
          { value: cell.value, display: cell.display, format: cell.format },
        ]),
      );
    expect(comparable(after)).toEqual(comparable(before));
  }, 90_000);

  it('[FMT-01] decimal places −/+ rewrite the number format one place at a time; the menu and a custom code apply; each click is one undo step', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 3.14159 });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '3.14159');
    await goTo(page, 'A1');
    await page.getByTestId('format-decimals-less').click();
    await expectCellText(page, 'A1', '3.1416');
    await page.getByTestId('format-decimals-less').click();
    await expectCellText(page, 'A1', '3.142');
    await page.getByTestId('format-decimals-more').click();
    await expectCellText(page, 'A1', '3.1416');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-custom').click();
    await expect.poll(() => page.getByTestId('custom-format-code').inputValue()).toBe('0.0000');
    await page.getByTestId('custom-format-code').fill('0.0 "units"');
    await page.getByTestId('custom-format-apply').click();
    await expectCellText(page, 'A1', '3.1 units');
    await expect.poll(() => page.getByTestId('format-number-name').textContent()).toBe('Custom ▾');
    await page.getByTestId('format-decimals-more').click();
    await expectCellText(page, 'A1', '3.14 units');
    await waitSaved(page);
    await page.getByTestId('undo').click();
    await expectCellText(page, 'A1', '3.1 units');
    await page.getByTestId('undo').click();
    await expectCellText(page, 'A1', '3.1416');
    expect((await readCells(suite.server, 'A1'))['A1']!.value).toBe(3.14159);
  });

  it('[FMT-02] the toolbar’s toggles, colours and alignment change only their own field and show pressed for the active cell', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['a', 'b']] });
    await suite.server.http.post('/grid/format', { range: 'A1:B1', format: { bold: true } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', 'b');
    await goTo(page, 'A1:B1');
    for (const toggle of [
      'format-italic',
      'format-underline',
      'format-strikethrough',
      'format-wrap',
    ])
      await page.getByTestId(toggle).click();
    await page.getByTestId('format-align-center').click();
    await page.getByTestId('format-color').fill('#c00000');
    await page.getByTestId('format-fill').fill('#ffeb9c');
    const expected = {
      bold: true,
      italic: true,
      underline: true,
      strikethrough: true,
      wrap: true,
      align: 'center',
      color: '#C00000',
      fill: '#FFEB9C',
    };
    await expect
      .poll(async () => (await readCells(suite.server, 'B1'))['B1']!.format)
      .toEqual(expected);
    expect((await readCells(suite.server, 'A1'))['A1']!.format).toEqual(expected);
    for (const toggle of [
      'format-bold',
      'format-italic',
      'format-underline',
      'format-strikethrough',
      'format-wrap',
      'format-align-center',
    ])
      await expect(pressed(page, toggle), toggle).resolves.toBe('true');
    await expect.poll(() => pressed(page, 'format-align-left')).toBe('false');
    // Bold again turns it off, leaving the rest; the cell's value never changes.
    await page.getByTestId('format-bold').click();
    await page.locator('[data-testid="format-bold"][aria-pressed="false"]').waitFor();
    await expect
      .poll(async () => (await readCells(suite.server, 'A1'))['A1']!.format?.['bold'])
      .toBeUndefined();
    expect((await readCells(suite.server, 'A1'))['A1']!.value).toBe('a');
    await page.getByTestId('format-clear').click();
    await expect
      .poll(async () => (await readCells(suite.server, 'B1'))['B1']!.format)
      .toBeUndefined();
  });

  it('[FMT-02] a frozen header row keeps its bold, colour and fill when the sheet scrolls under it', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['Name'], ...Array.from({ length: 200 }, (_, index) => [`item ${index + 2}`])],
    });
    await suite.server.http.post('/grid/format', {
      range: 'A1',
      format: { bold: true, color: '#C00000', fill: '#FFEB9C' },
    });
    await suite.server.http.post('/grid/freeze', { rows: 1 });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A150');
    await expectCellText(page, 'A150', 'item 150');
    await page.getByTestId('frozen-A1').waitFor();
    const style = await page.getByTestId('frozen-A1').evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        weight: computed.fontWeight,
        colour: computed.color,
        fill: computed.backgroundColor,
      };
    });
    expect(style).toEqual({
      weight: '700',
      colour: 'rgb(192, 0, 0)',
      fill: 'rgb(255, 235, 156)',
    });
  });

  it('[FMT-04] the format painter copies the active cell’s format to the next selection (one undo step); Escape cancels it', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Head', 'x'],
        ['y', 'z'],
      ],
    });
    await suite.server.http.post('/grid/format', {
      range: 'A1',
      format: { bold: true, fill: '#FFEB9C', color: '#9C0006' },
    });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B2', 'z');
    await clickCell(page, 'A1');
    await expect.poll(() => pressed(page, 'format-bold')).toBe('true');
    await page.getByTestId('format-painter').click();
    await expect.poll(() => pressed(page, 'format-painter')).toBe('true');
    await clickCell(page, 'B2');
    await expect
      .poll(async () => (await readCells(suite.server, 'B2'))['B2']!.format)
      .toEqual({
        bold: true,
        fill: '#FFEB9C',
        color: '#9C0006',
      });
    // The toolbar shows B2's format once the page has read it back.
    await expect.poll(() => pressed(page, 'format-painter')).toBe('false');
    await expect.poll(() => pressed(page, 'format-bold')).toBe('true');

    // Armed, then Escape: the next click formats nothing.
    await page.getByTestId('format-painter').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => pressed(page, 'format-painter')).toBe('false');
    await clickCell(page, 'B1');
    await waitSaved(page);
    expect((await readCells(suite.server, 'B1'))['B1']!.format).toBeUndefined();

    await page.getByTestId('undo').click();
    await expect
      .poll(async () => (await readCells(suite.server, 'B2'))['B2']!.format)
      .toBeUndefined();
    expect((await readCells(suite.server, 'A1'))['A1']!.format).toMatchObject({ bold: true });
  });

  it('[FMT-05] copy/paste inside the page carries formats; an HTML table from another spreadsheet program brings its bold, colours, fills and number formats', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['Total', 0.25]] });
    await suite.server.http.post('/grid/format', {
      range: 'A1:B1',
      format: { bold: true, color: '#C00000' },
    });
    await suite.server.http.post('/grid/format', { range: 'B1', format: { number_format: '0%' } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', '25%');
    await goTo(page, 'A1:B1');
    await page.keyboard.press('Control+c');
    await goTo(page, 'A3');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'B3', '25%');
    await waitSaved(page);
    const pasted = await readCells(suite.server, 'A3:B3');
    expect(pasted['A3']!.format).toEqual({ bold: true, color: '#C00000' });
    expect(pasted['B3']!.format).toEqual({ bold: true, color: '#C00000', number_format: '0%' });
    // One undo step takes the values and their formats away.
    await page.getByTestId('undo').click();
    await expectCellText(page, 'B3', '');
    await expect.poll(async () => (await readCells(suite.server, 'A3:B3'))['A3']).toBeUndefined();

    // As Excel and Google Sheets put a range on the clipboard: a class rule with Excel's
    // mso-number-format, inline styles, a <b> tag, and a script that must never run.
    const html = `<html><head><style>
      .xl66 { mso-number-format:"\\0022$\\0022\\#\\,\\#\\#0\\.00"; background:#FFFF00; }
      .xl67 { mso-number-format:Percent; }
      </style></head><body><table>
      <tr><td style="font-weight:700;color:rgb(0,0,255)">Name</td><td class="xl66">1200</td></tr>
      <tr><td><b>Bob</b><img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script></td><td class="xl67" style="font-style:italic;text-decoration:line-through">0.5</td></tr>
      </table></body></html>`;
    await goTo(page, 'D5');
    await page.evaluate((markup) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Name\t1200\nBob\t0.5');
      data.setData('text/html', markup);
      const event = new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.activeElement!.dispatchEvent(event);
    }, html);
    await expectCellText(page, 'E5', '$1,200.00');
    await expectCellText(page, 'E6', '50.00%');
    await waitSaved(page);
    const fromHtml = await readCells(suite.server, 'D5:E6');
    expect(fromHtml['D5']!.format).toEqual({ bold: true, color: '#0000FF' });
    expect(fromHtml['E5']!.format).toEqual({ number_format: '"$"#,##0.00', fill: '#FFFF00' });
    expect(fromHtml['D6']!.format).toEqual({ bold: true });
    expect(fromHtml['E6']!.format).toEqual({
      number_format: '0.00%',
      italic: true,
      strikethrough: true,
    });
    expect(fromHtml['E5']!.value).toBe(1200);
    await expect
      .poll(() => page.evaluate(() => (window as { __pwned?: number }).__pwned))
      .toBeUndefined();
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FMT-05] a table from a web page pastes "$1,200" and "15%" as numbers that show as typed, beside its bold', async () => {
    const html = `<table><tr><td style="font-weight:700">Price</td><td style="color:#0000FF">$1,200</td><td>15%</td></tr></table>`;
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2');
    await page.evaluate((markup) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Price\t$1,200\t15%');
      data.setData('text/html', markup);
      const event = new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.activeElement!.dispatchEvent(event);
    }, html);
    await waitSaved(page);
    await expectCellText(page, 'C2', '$1,200');
    await expectCellText(page, 'D2', '15%');
    const pasted = await readCells(suite.server, 'B2:D2');
    expect(pasted['B2']!.format).toEqual({ bold: true });
    expect(pasted['C2']!.value).toBe(1200);
    expect(pasted['C2']!.format).toEqual({ color: '#0000FF', number_format: '$#,##0' });
    expect(pasted['D2']!.value).toBe(0.15);
    expect(pasted['D2']!.format).toEqual({ number_format: '0%' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FMT-05] a cut moves formats: the source cells lose theirs, the target has them, one undo step puts both back', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['Rate', 0.5]] });
    await suite.server.http.post('/grid/format', {
      range: 'A1:B1',
      format: { bold: true, fill: '#FFFF00' },
    });
    await suite.server.http.post('/grid/format', { range: 'B1', format: { number_format: '0%' } });
    // An empty cell is not listed in `cells`: its format shows only in the formatted rectangles.
    const formatsMeeting = async (cell: string) =>
      (
        (await suite.server.http.get('/grid', { range: cell })).body as {
          formats?: { range: string; format: unknown }[];
        }
      ).formats ?? [];
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', '50%');
    await goTo(page, 'A1:B1');
    await page.keyboard.press('Control+x');
    // Overlapping the source: B1 is pasted over, A1 is left behind and must lose its format.
    await goTo(page, 'B1');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'C1', '50%');
    await waitSaved(page);
    await expect
      .poll(async () => {
        const cells = await readCells(suite.server, 'A1:C1');
        return [await formatsMeeting('A1'), cells['B1']?.format, cells['C1']?.format];
      })
      .toEqual([
        [],
        { bold: true, fill: '#FFFF00' },
        { bold: true, fill: '#FFFF00', number_format: '0%' },
      ]);
    await page.getByTestId('undo').click();
    await expect
      .poll(async () => {
        const cells = await readCells(suite.server, 'A1:C1');
        return [cells['A1']?.format, cells['B1']?.format, await formatsMeeting('C1')];
      })
      .toEqual([
        { bold: true, fill: '#FFFF00' },
        { bold: true, fill: '#FFFF00', number_format: '0%' },
        [],
      ]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FMT-06] the status bar shows the selection’s sum and average in its number format', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'B2', values: [[1200], [1200.5]] });
    await suite.server.http.post('/grid/format', {
      range: 'B2:B3',
      format: { number_format: '"$"#,##0.00' },
    });
    await suite.server.http.post('/grid/range', { target_cell: 'C2', values: [[0.15], [0.1]] });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B3', '$1,200.50');
    await goTo(page, 'B2:B3');
    await expect.poll(() => page.getByTestId('status-sum').textContent()).toBe('Sum $2,400.50');
    await expect.poll(() => page.getByTestId('status-avg').textContent()).toBe('Avg $1,200.25');
    await goTo(page, 'C2:C3');
    await expect.poll(() => page.getByTestId('status-sum').textContent()).toBe('Sum 0.25');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-percent').click();
    await expect.poll(() => page.getByTestId('status-sum').textContent()).toBe('Sum 25%');
  });

  it('[FMT-06] the status bar totals Ctrl+A on a sheet too tall and wide for one formula, in its number format', async () => {
    // Ten columns down to row 500,000: 5,000,000 addresses, more than one formula may reach.
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    });
    await suite.server.http.post('/grid/cell', { cell: 'J500000', value: '5' });
    await suite.server.http.post('/grid/format', {
      range: 'A1',
      format: { number_format: '"$"#,##0.00' },
    });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A1');
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.getByTestId('status-count').textContent()).toBe('Count 11');
    await expect.poll(() => page.getByTestId('status-sum').textContent()).toBe('Sum $60.00');
    await expect.poll(() => page.getByTestId('status-avg').textContent()).toBe('Avg $5.45');
  });

  it('[FMT-07] long text runs on over empty cells to its right, stopped by a value and by wrap; fills show on empty cells; underline is drawn', async () => {
    const long = 'A long label that runs on';
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [[long], [long, 'x'], [long], ['Plain'], ['Plain']],
    });
    await suite.server.http.post('/grid/format', { range: 'A3', format: { wrap: true } });
    await suite.server.http.post('/grid/format', { range: 'A5', format: { underline: true } });
    await suite.server.http.post('/grid/format', { range: 'E8', format: { fill: '#FF0000' } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B2', 'x');
    await expectCellText(page, 'A5', 'Plain');
    // Row 1: the text goes on into B1, which is empty.
    expect(inkExtent(await cellPixels(page, 'B1'))).not.toBeNull();
    // Row 2: B2 has a value, so only its own "x" shows there, at its left.
    const blocked = inkExtent(await cellPixels(page, 'B2'));
    expect(blocked).not.toBeNull();
    expect(blocked!.right).toBeLessThan(20);
    // Row 3: a wrapped cell keeps its text inside.
    expect(inkExtent(await cellPixels(page, 'B3'))).toBeNull();
    // Typing into B1 stops the run on at once: B1 then shows only its own text.
    await typeInto(page, 'B1', '.');
    await expectCellText(page, 'B1', '.');
    await expect
      .poll(async () => inkExtent(await cellPixels(page, 'B1'))?.right ?? 0)
      .toBeLessThan(12);

    // An empty cell's fill is drawn.
    const [red, green, blue] = middleColour(await cellPixels(page, 'E8'));
    expect(red).toBeGreaterThan(200);
    expect(green! + blue!).toBeLessThan(60);
    // The underlined cell has ink below the plain cell's text.
    const underlined = inkRows(await cellPixels(page, 'A5'));
    const plain = inkRows(await cellPixels(page, 'A4'));
    expect(Math.max(...underlined)).toBeGreaterThan(Math.max(...plain));
  });

  it('[FIRST-HOUR] the first screen draws formats of empty cells at once (a fill, no re-read needed)', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'Budget' });
    await suite.server.http.post('/grid/format', { range: 'C3:D4', format: { fill: '#FF0000' } });
    const ui = suite.ui;
    // The heartbeat and the commit stream re-read the grid; holding them shows
    // what the page's first read of the screen draws.
    await holdBackgroundReads(ui.page);
    await suite.open();
    const page = ui.page;
    await expectCellText(page, 'A1', 'Budget');
    await expect
      .poll(async () => middleColour(await cellPixels(page, 'D4')), { timeout: 2000 })
      .toEqual([255, 0, 0]);
  });

  it('[FIRST-HOUR] typing 20 into a percentage cell stores 20 %, keeping its format, as Excel does; 0.5 stays 50 %', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'B2', values: [[0.1], [0.1]] });
    await suite.server.http.post('/grid/format', {
      range: 'B2:B3',
      format: { number_format: '0.00%' },
    });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B2', '10.00%');
    await typeInto(page, 'B2', '20');
    await page.keyboard.type('0.5');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B2', '20.00%');
    await expectCellText(page, 'B3', '50.00%');
    await waitSaved(page);
    const cells = await readCells(suite.server, 'B2:B3');
    expect([cells['B2']?.value, cells['B3']?.value]).toEqual([0.2, 0.5]);
    expect(cells['B2']?.format).toEqual({ number_format: '0.00%' });
    // F2 shows 20% and an unchanged Enter leaves it at 20 %.
    await goTo(page, 'B2');
    await page.keyboard.press('F2');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B2', '20.00%');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] a cell formatted as Plain text keeps what is typed as text: 00123 keeps its zeros', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'C2');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-text').click();
    await expect
      .poll(() => page.getByTestId('format-number-name').textContent())
      .toContain('Plain text');
    await waitSaved(page);
    await typeInto(page, 'C2', '00123');
    await expectCellText(page, 'C2', '00123');
    await waitSaved(page);
    expect(await storedValues(suite.server, 'C2')).toEqual({ C2: '00123' });
    expect(suite.ui.errors).toEqual([]);
  });

  it("[FIRST-HOUR] the toolbar's Percent shows 0.4 as 40%, Excel's Percent Style (0%)", async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'B2', values: [[0.4], [0.125]] });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2:B3');
    await page.getByTestId('format-number-menu').click();
    await page.getByTestId('menu-number-format-percent').click();
    await expectCellText(page, 'B2', '40%');
    await expectCellText(page, 'B3', '13%');
    await waitSaved(page);
    expect((await readCells(suite.server, 'B2')).B2!.format).toEqual({ number_format: '0%' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FMT-02] [FIRST-HOUR] a formatted number that fits its column is shown, not ##########; one too wide still is', async () => {
    await suite.open();
    const page = suite.ui.page;
    // Each fits a default column (100 px) in pixels, though it has more characters than digits would.
    await typeInto(page, 'A1', '$123,456.78');
    await typeInto(page, 'A2', '12:00:00 PM');
    await typeInto(page, 'A3', '$123,456,789.00');
    await expectCellText(page, 'A1', '$123,456.78');
    await expectCellText(page, 'A2', '12:00:00 PM');
    await expectCellText(page, 'A3', '##########');
    // The canvas draws the text inside the cell.
    const box = await page.getByTestId('cell-A1').boundingBox();
    const ink = inkExtent(await cellPixels(page, 'A1'));
    expect(ink!.left).toBeGreaterThan(2);
    expect(ink!.right - ink!.left).toBeGreaterThan(60);
    expect(ink!.right).toBeLessThan(box!.width - 2);
    expect(suite.ui.errors).toEqual([]);
  });
});
