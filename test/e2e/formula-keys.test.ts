// Help while typing a formula: F4 cycling a reference between absolute and relative, in the cell
// editor and in the formula bar, and the live result hint computed by a dry run (/eval).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { expectCellText, goTo, openWithValues, recordRequestBodies } from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

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

  it('[EDIT-12] typing =A1*2 shows the result 42 beside the editor within 300 ms, writing nothing; an error shows as its text', async () => {
    const page = await openWithValues(suite, 'A1', [[21]]);
    const writes = [
      ...recordRequestBodies(page, '/grid/cell'),
      ...recordRequestBodies(page, '/grid/range'),
    ];
    const evals = recordRequestBodies(page, '/eval');
    await goTo(page, 'B1');
    await page.evaluate(() => {
      // Capturing: the editor stops its keys' propagation.
      window.addEventListener(
        'keydown',
        () => {
          document.documentElement.dataset['lastKeyMs'] = String(performance.now());
        },
        true,
      );
    });
    await page.keyboard.type('=A1*2');
    const shownAt = await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="formula-result"]')?.textContent === '42' &&
        performance.now(),
      undefined,
      { timeout: 3000 },
    );
    const waited =
      ((await shownAt.jsonValue()) as number) -
      Number(await page.evaluate(() => document.documentElement.dataset['lastKeyMs']));
    expect(waited).toBeLessThan(300);
    // Debounced: not one dry run per key.
    expect(evals.filter((body) => body.includes('A1')).length).toBeLessThan(5);
    // Beside the editor: just under the cell being edited.
    const editorBox = await page.getByTestId('cell-editor').boundingBox();
    const hintBox = await page.getByTestId('formula-result').boundingBox();
    expect(Math.abs(hintBox!.x - editorBox!.x)).toBeLessThan(4);
    expect(hintBox!.y).toBeGreaterThanOrEqual(editorBox!.y + editorBox!.height - 1);
    expect(hintBox!.y).toBeLessThan(editorBox!.y + editorBox!.height + 10);

    await page.keyboard.type('0');
    await expect
      .poll(() => page.getByTestId('formula-result').textContent(), { timeout: 3000 })
      .toBe('420');
    await page.keyboard.type('/0');
    await expect
      .poll(() => page.getByTestId('formula-result').textContent(), { timeout: 3000 })
      .toBe('#DIV/0!');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('formula-result').count()).resolves.toBe(0);
    expect(writes).toEqual([]);
    expect(await storedValues(suite.server, 'B1')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-12] the formula bar shows the result of the formula typed in it', async () => {
    const page = await openWithValues(suite, 'A1', [[21]]);
    await goTo(page, 'C2');
    await page.getByTestId('formula-bar').click();
    await page.keyboard.type('=A1+1');
    await expect
      .poll(() => page.getByTestId('formula-result').textContent(), { timeout: 3000 })
      .toBe('22');
    // Unfinished, it shows nothing rather than a parse error.
    await page.keyboard.type('+SUM(');
    await expect.poll(() => page.getByTestId('formula-result').count(), { timeout: 3000 }).toBe(0);
    await page.keyboard.press('Escape');
    expect(await storedValues(suite.server, 'C2')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });
});
