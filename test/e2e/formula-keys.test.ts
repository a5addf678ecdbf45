// Keys that help while typing a formula: F4 cycling a reference between absolute and relative,
// in the cell editor and in the formula bar.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { expectCellText, goTo, openWithValues } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

/** Each cell's stored input (formula text or literal) in `range`. */
async function inputsOf(
  server: {
    http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
  },
  range: string,
): Promise<Record<string, string | null>> {
  const cells = (
    (await server.http.get('/grid', { range })).body as {
      cells: { cell: string; input: string | null }[];
    }
  ).cells;
  return Object.fromEntries(
    cells.filter((entry) => entry.input !== null).map((entry) => [entry.cell, entry.input]),
  );
}

/** The caret of a text field (its selection start). */
function caretOf(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .evaluate((field) => (field as HTMLTextAreaElement).selectionStart);
}

describe.skipIf(!hasChromium)('formula keys in the browser', () => {
  const suite = useBrowserSuite();

  it('[EDIT-13] F4 in the cell editor cycles =A1 through =$A$1, =A$1, =$A1 and back, the caret staying after the reference', async () => {
    const page = await openWithValues(suite, 'A1', [[5]]);
    const editor = page.getByTestId('cell-editor');
    await goTo(page, 'B1');
    await page.keyboard.type('=A1');
    for (const expected of ['=$A$1', '=A$1', '=$A1', '=A1', '=$A$1']) {
      await page.keyboard.press('F4');
      await expect(editor.inputValue()).resolves.toBe(expected);
      await expect(page.getByTestId('formula-bar').inputValue()).resolves.toBe(expected);
    }
    await expect(caretOf(page, 'cell-editor')).resolves.toBe(5);
    await page.keyboard.type('*2');
    await expect(editor.inputValue()).resolves.toBe('=$A$1*2');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B1', '10');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'B1')).toEqual({ B1: '=$A$1*2' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-13] F4 on a range in the cell changes both ends, and works on a reference just pointed at with an arrow', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, 10],
      [2, 20],
    ]);
    const editor = page.getByTestId('cell-editor');
    await goTo(page, 'D1');
    await page.keyboard.type('=SUM(A1:B2)+A1');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'D1', '34');
    // Editing it (F2, where arrows move the caret), the caret goes back into the range: F4 there
    // changes the range, not the A1 at the end.
    await goTo(page, 'D1');
    await page.keyboard.press('F2');
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('F4');
    await expect(editor.inputValue()).resolves.toBe('=SUM($A$1:$B$2)+A1');
    await expect(caretOf(page, 'cell-editor')).resolves.toBe(14);
    await page.keyboard.press('F4');
    await expect(editor.inputValue()).resolves.toBe('=SUM(A$1:B$2)+A1');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    await expect.poll(() => inputsOf(suite.server, 'D1')).toEqual({ D1: '=SUM(A$1:B$2)+A1' });
    await expectCellText(page, 'D1', '34');
    // Point mode: the arrow inserts the reference above, F4 makes it absolute.
    await goTo(page, 'B3');
    await page.keyboard.type('=');
    await page.keyboard.press('ArrowUp');
    await expect(editor.inputValue()).resolves.toBe('=B2');
    await page.keyboard.press('F4');
    await expect(editor.inputValue()).resolves.toBe('=$B$2');
    await page.keyboard.press('Escape');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-13] F4 in the formula bar cycles a sheet-qualified range and leaves the caret after it', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Data' });
    await suite.server.http.post('/grid/range', {
      sheet: 'Data',
      target_cell: 'A1',
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    const bar = page.getByTestId('formula-bar');
    await goTo(page, 'C1');
    await bar.click();
    await page.keyboard.type('=SUM(Data!A1:B2)');
    await page.keyboard.press('ArrowLeft'); // before the ")"
    await page.keyboard.press('F4');
    await expect(bar.inputValue()).resolves.toBe('=SUM(Data!$A$1:$B$2)');
    await expect(caretOf(page, 'formula-bar')).resolves.toBe(19);
    await page.keyboard.press('F4');
    await page.keyboard.press('F4');
    await expect(bar.inputValue()).resolves.toBe('=SUM(Data!$A1:$B2)');
    await expect(caretOf(page, 'formula-bar')).resolves.toBe(17);
    await page.keyboard.press('End');
    await page.keyboard.type('*2');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'C1', '20');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await inputsOf(suite.server, 'C1')).toEqual({ C1: '=SUM(Data!$A1:$B2)*2' });
    expect(suite.ui.errors).toEqual([]);
  });
});
