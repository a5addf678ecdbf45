// Navigation and feedback in the browser: header selection, Ctrl+arrows to the data edge,
// the name box refusing nonsense, status-bar totals from /eval, a locked cell refusing an
// edit, a version conflict, and the banner when the server stops answering.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import {
  cell,
  clickCell,
  expectCellText,
  goTo,
  holdBackgroundReads,
  recordRequestBodies,
} from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('navigation and feedback in the browser', () => {
  const suite = useBrowserSuite({ page: { allowHttpErrors: [409] } });
  const nameBox = () => suite.ui.page.getByTestId('name-box');

  it('[NAV-02][NAV-06] clicking headers selects whole columns and rows; the status bar sums them through /eval', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1], [2], [3]] });
    await suite.open();
    const page = suite.ui.page;
    const header = await page.getByTestId('col-header-A').boundingBox();
    const evals = recordRequestBodies(page, '/eval');
    await page.mouse.click(header!.x + 20, header!.y + 10);
    await expect(nameBox().inputValue()).resolves.toBe('A:A');
    await page.getByTestId('status-sum').filter({ hasText: 'Sum 6' }).waitFor();
    await expect(page.getByTestId('status-avg').textContent()).resolves.toBe('Avg 2');
    await expect(page.getByTestId('status-count').textContent()).resolves.toBe('Count 3');
    expect(evals.some((body) => body.includes('SUM(A1:A'))).toBe(true);
    const row = await page.getByTestId('row-header-3').boundingBox();
    await page.mouse.click(row!.x + 20, row!.y + 10);
    await expect(nameBox().inputValue()).resolves.toBe('3:3');
  });

  it('[NAV-02] [FIRST-HOUR] Ctrl+A and other selections past the formula range limit still total the data in them', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 2, 3],
        [4, 5, 6],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B2');
    await page.keyboard.press('Control+a');
    await page.getByTestId('status-sum').filter({ hasText: 'Sum 21' }).waitFor();
    await expect(page.getByTestId('status-count').textContent()).resolves.toBe('Count 6');
    // 500,000 cells, not whole columns.
    await goTo(page, 'B1:K50000');
    await page.getByTestId('status-sum').filter({ hasText: 'Sum 16' }).waitFor();
    await expect(page.getByTestId('status-count').textContent()).resolves.toBe('Count 4');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-01] [FIRST-HOUR] clicking the active cell of a selected range selects that cell alone, so Delete clears only it', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'B2',
      values: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'D4', '9');
    await clickCell(page, 'B2');
    await clickCell(page, 'D4', { modifiers: ['Shift'] });
    await expect(nameBox().inputValue()).resolves.toBe('B2:D4');
    // Past the double-click window, so the click is a click of its own.
    await page.waitForTimeout(600);
    await clickCell(page, 'B2');
    await expect.poll(() => nameBox().inputValue()).toBe('B2');
    await page.keyboard.press('Delete');
    await expectCellText(page, 'B2', '');
    await expect
      .poll(() => storedValues(suite.server, 'B2:D4'))
      .toEqual({ C2: 2, D2: 3, B3: 4, C3: 5, D3: 6, B4: 7, C4: 8, D4: 9 });
    // The same after Ctrl+A: the whole sheet is no longer selected.
    await page.keyboard.press('Control+a');
    await expect.poll(() => nameBox().inputValue()).not.toBe('B2');
    await page.waitForTimeout(600);
    await clickCell(page, 'B2');
    await expect.poll(() => nameBox().inputValue()).toBe('B2');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] Shift+Space selects the row and Ctrl+Space the column, leaving the cell as it is', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 'keep'],
        [2, 3],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    const writes = recordRequestBodies(page, '/grid/cell');
    await goTo(page, 'B1');
    await page.keyboard.press('Shift+Space');
    await expect(nameBox().inputValue()).resolves.toBe('1:1');
    await expect(page.getByTestId('cell-editor').count()).resolves.toBe(0);
    await page.getByTestId('status-sum').filter({ hasText: 'Sum 1' }).waitFor();
    await goTo(page, 'B1');
    await page.keyboard.press('Control+Space');
    await expect(nameBox().inputValue()).resolves.toBe('B:B');
    await clickCell(page, 'D4');
    expect(writes).toEqual([]);
    await expectCellText(page, 'B1', 'keep');
    expect(await storedValues(suite.server, 'B1')).toEqual({ B1: 'keep' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] after a whole column or row is selected, an arrow moves to the next cell and selects it', async () => {
    await suite.open();
    const page = suite.ui.page;
    const header = await page.getByTestId('col-header-C').boundingBox();
    await page.mouse.click(header!.x + 20, header!.y + 10);
    await expect(nameBox().inputValue()).resolves.toBe('C:C');
    await page.keyboard.press('ArrowDown');
    await expect(nameBox().inputValue()).resolves.toBe('C2');
    await page.keyboard.press('ArrowRight');
    await expect(nameBox().inputValue()).resolves.toBe('D2');
    await page.keyboard.press('Shift+Space');
    await expect(nameBox().inputValue()).resolves.toBe('2:2');
    // The row's cursor is its first cell on screen (Excel keeps D2's column; a known difference).
    await page.keyboard.press('ArrowUp');
    await expect(nameBox().inputValue()).resolves.toBe('A1');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-03] Ctrl+arrows jump to the edge of the data, then to the grid’s edge; Ctrl+End to the last used cell', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: Array.from({ length: 10 }, (_, index) => [index + 1]),
    });
    await suite.server.http.post('/grid/cell', { cell: 'C12', value: 'end' });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A1');
    await page.keyboard.press('Control+ArrowDown');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value === 'A10',
    );
    await page.keyboard.press('Control+ArrowDown');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value ===
        'A100000',
    );
    await page.keyboard.press('Control+Home');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value === 'A1',
    );
    await page.keyboard.press('Control+End');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value === 'C12',
    );
  });

  it('[FIRST-HOUR] Ctrl+Shift+Arrow extends the selection to the edge of the data, not of the sheet', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'B4',
      values: Array.from({ length: 17 }, (_, index) => [index, index * 2]),
    });
    await suite.open();
    const page = suite.ui.page;
    const nameIs = (text: string) =>
      page.waitForFunction(
        (value) =>
          (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value === value,
        text,
      );
    await goTo(page, 'B4');
    await page.keyboard.press('Control+Shift+ArrowDown');
    await nameIs('B4:B20');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await nameIs('B4:C20');
    await page.keyboard.press('Control+Shift+ArrowUp');
    await nameIs('B4:C4');
  });

  it('[NAV-03] [FIRST-HOUR] Ctrl+Shift+End selects from the active cell to the last used cell', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 2, 3],
        [4, 5, 6],
      ],
    });
    await suite.server.http.post('/grid/cell', { cell: 'D7', value: 'end' });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2');
    await page.keyboard.press('Control+Shift+End');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="name-box"]') as HTMLInputElement).value === 'B2:D7',
    );
    // Its cells are selected: the status bar counts the values in them (5, 6 and "end").
    await page.getByTestId('status-count').filter({ hasText: 'Count 3' }).waitFor();
  });

  it('[NAV-03] [FIRST-HOUR] Shift+PageDown and Shift+PageUp extend the selection by the page PageDown moves', async () => {
    await suite.open();
    const page = suite.ui.page;
    const nameIs = (text: string) => expect.poll(() => nameBox().inputValue()).toBe(text);
    await goTo(page, 'B3');
    await page.keyboard.press('PageDown');
    await expect.poll(() => nameBox().inputValue()).not.toBe('B3');
    const pageRow = Number((await nameBox().inputValue()).slice(1));
    const rows = pageRow - 3;
    expect(rows).toBeGreaterThan(5);
    await goTo(page, 'B3');
    await page.keyboard.press('Shift+PageDown');
    await nameIs(`B3:B${3 + rows}`);
    await page.keyboard.press('Shift+PageDown');
    await nameIs(`B3:B${3 + 2 * rows}`);
    // The moving end is scrolled into view, as PageDown scrolls to the cell it moves to.
    await cell(page, `B${3 + 2 * rows}`).waitFor({ timeout: 3000 });
    await page.keyboard.press('Shift+PageUp');
    await nameIs(`B3:B${3 + rows}`);
    await page.keyboard.press('Shift+PageUp');
    await nameIs('B3');
    // Above the active cell the range grows upwards, stopping at row 1.
    await page.keyboard.press('Shift+PageUp');
    await nameIs('B1:B3');
    // Plain PageDown still moves the active cell alone.
    await page.keyboard.press('PageDown');
    await nameIs(`B${3 + rows}`);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-03] [FIRST-HOUR] Shift+Home extends the selection to column A and Ctrl+Shift+Home to A1; Home still moves', async () => {
    await suite.open();
    const page = suite.ui.page;
    const nameIs = (text: string) => expect.poll(() => nameBox().inputValue()).toBe(text);
    await goTo(page, 'D5');
    await page.keyboard.press('Shift+ArrowDown');
    await nameIs('D5:D6');
    await page.keyboard.press('Shift+Home');
    await nameIs('A5:D6');
    // The active cell stays where it was: Shift+Arrow goes on from D5's side.
    await page.keyboard.press('Shift+ArrowRight');
    await nameIs('B5:D6');
    await goTo(page, 'D5');
    await page.keyboard.press('Control+Shift+Home');
    await nameIs('A1:D5');
    await goTo(page, 'D5');
    await page.keyboard.press('Home');
    await nameIs('A5');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-03] [FIRST-HOUR] Alt+PageDown and Alt+PageUp move a screen of columns; with Shift they extend the selection', async () => {
    await suite.open();
    const page = suite.ui.page;
    const nameIs = (text: string) => expect.poll(() => nameBox().inputValue()).toBe(text);
    await goTo(page, 'B2');
    await page.keyboard.press('Alt+PageDown');
    await expect.poll(() => nameBox().inputValue()).not.toBe('B2');
    const right = (await nameBox().inputValue()).replace(/\d+$/, '');
    // A screen is several columns wide.
    expect(right.length > 1 || right > 'E').toBe(true);
    await cell(page, `${right}2`).waitFor({ timeout: 3000 });
    await page.keyboard.press('Alt+PageUp');
    await nameIs('B2');
    await page.keyboard.press('Shift+Alt+PageDown');
    await nameIs(`B2:${right}2`);
    await page.keyboard.press('Shift+Alt+PageUp');
    await nameIs('B2');
    await page.keyboard.press('Shift+Alt+PageUp');
    await nameIs('A2:B2');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-05] the name box refuses an address that is not one and keeps the selection', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'D250');
    await expectCellText(page, 'D250', '');
    await nameBox().click();
    await nameBox().fill('1A');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('name-box-error').textContent()).resolves.toContain(
      '"1A" is not a cell or range',
    );
    await page.keyboard.press('Escape');
    await expect(nameBox().inputValue()).resolves.toBe('D250');
  });

  it('[NAV-05] the name box scrolls to targets in row 1 and column A, and back to a clicked cell', async () => {
    await suite.open();
    const page = suite.ui.page;
    for (const [near, shown] of [
      ['A1', 'A1'],
      ['A1:C3', 'C3'],
    ] as const) {
      await goTo(page, 'D250');
      await cell(page, 'D250').waitFor();
      await goTo(page, near);
      await expect(nameBox().inputValue()).resolves.toBe(near);
      await cell(page, shown).waitFor({ timeout: 3000 });
    }
    // Glide takes the cell it last reported (a click) for its own echo and would not scroll.
    await clickCell(page, 'B2');
    await goTo(page, 'D250');
    await cell(page, 'D250').waitFor();
    await goTo(page, 'B2');
    await cell(page, 'B2').waitFor({ timeout: 3000 });
  });

  it('[EDIT-08] a locked cell refuses to be edited and says which cell it is', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'fixed' });
    await suite.server.http.post('/grid/lock', { range: 'A1' });
    await suite.open();
    const page = suite.ui.page;
    const writes = recordRequestBodies(page, '/grid/cell');
    await goTo(page, 'A1');
    await page.keyboard.type('x');
    await page.getByTestId('toast').filter({ hasText: 'A1 is locked' }).waitFor();
    await expect(page.getByTestId('cell-editor').count()).resolves.toBe(0);
    expect(writes).toEqual([]);
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 'fixed' });
  });

  it('[EDIT-09] a change made elsewhere before the page heard of it opens a conflict dialog; Overwrite writes ours', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '1' });
    const page = suite.ui.page;
    // No stream and no heartbeat: the page still shows 1 when the user types over it.
    await holdBackgroundReads(page);
    await suite.open();
    await expectCellText(page, 'A1', '1');
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '2' });
    await goTo(page, 'A1');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.getByTestId('conflict-dialog').waitFor();
    await expect(page.getByTestId('conflict-keep').textContent()).resolves.toBe('Keep theirs (2)');
    await page.getByTestId('conflict-overwrite').click();
    await expectCellText(page, 'A1', '3');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 3 });
  });

  it('[EDIT-09] a change someone else makes while the user types opens the conflict dialog, though the page has read it by then', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '1' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '1');
    await goTo(page, 'A1');
    await page.keyboard.type('3');
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '2' });
    // The commit stream brings their 2 into the page's cache under the open editor.
    await expectCellText(page, 'A1', '2', 5000);
    await page.keyboard.press('Enter');
    await page.getByTestId('conflict-dialog').waitFor();
    await page.getByTestId('conflict-keep').click();
    await expectCellText(page, 'A1', '2');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 2 });

    // An empty cell too: what they write there while the user types is not overwritten unasked.
    await goTo(page, 'B1');
    await page.keyboard.type('mine');
    await suite.server.http.post('/grid/cell', { cell: 'B1', value: 'theirs' });
    // Under the open editor, the grid's cell already shows what the stream brought.
    await expectCellText(page, 'B1', 'theirs', 5000);
    await page.keyboard.press('Enter');
    await page.getByTestId('conflict-dialog').waitFor();
    await expect(page.getByTestId('conflict-keep').textContent()).resolves.toBe(
      'Keep theirs (theirs)',
    );
    await page.getByTestId('conflict-overwrite').click();
    await expectCellText(page, 'B1', 'mine');
    expect(await storedValues(suite.server, 'B1')).toEqual({ B1: 'mine' });
  });

  it('[EDIT-09] what someone wrote into an empty cell just before, unheard of by the page, is not overwritten unasked', async () => {
    const page = suite.ui.page;
    await holdBackgroundReads(page);
    await suite.open();
    await suite.server.http.post('/grid/cell', { cell: 'B1', value: 'theirs' });
    await goTo(page, 'B1');
    await page.keyboard.type('mine');
    await page.keyboard.press('Enter');
    await page.getByTestId('conflict-dialog').waitFor();
    await page.getByTestId('conflict-keep').click();
    await expectCellText(page, 'B1', 'theirs');
    expect(await storedValues(suite.server, 'B1')).toEqual({ B1: 'theirs' });
  });

  it('[EDIT-09] typing into a cell cleared before the page opened writes without a dialog', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'C1', value: 'old' });
    await suite.server.http.post('/grid/cell', { cell: 'C1', value: '' });
    const page = suite.ui.page;
    await holdBackgroundReads(page);
    await suite.open();
    await goTo(page, 'C1');
    await page.keyboard.type('mine');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => storedValues(suite.server, 'C1'), { timeout: 5000 })
      .toEqual({ C1: 'mine' });
    await expectCellText(page, 'C1', 'mine');
    await expect(page.getByTestId('conflict-dialog').count()).resolves.toBe(0);
  });

  it('[ROB-02] when the server stops answering a banner says so within 5 s and edits are refused aloud', async () => {
    await suite.open();
    const page = suite.ui.page;
    const apiCalls = (url: URL) => !url.pathname.startsWith('/assets/');
    await page.route(apiCalls, (route) => route.abort('connectionrefused'));
    await page.getByTestId('connection-banner').waitFor({ timeout: 5000 });
    await expect(page.getByTestId('connection-banner').textContent()).resolves.toContain(
      'Connection lost — retrying',
    );
    await clickCell(page, 'B2');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Connection lost' }).waitFor();
    await page.unroute(apiCalls);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 8000 });
    expect(suite.ui.errors.filter((text) => !text.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
    await expect(cell(page, 'B2').textContent()).resolves.toBe('');
  });
});
