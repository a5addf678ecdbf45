// Editing in the browser: type to replace, F2/double-click to amend, optimistic display,
// Escape, the formula bar, Enter/Tab movement, point mode, Delete with locked cells,
// undo/redo through the server, and locking from the context menu.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import {
  cell,
  clickCell,
  expectCellText,
  goTo,
  openWithValues,
  recordRequestBodies,
  typeInto,
} from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('editing cells in the browser', () => {
  const suite = useBrowserSuite();

  it('[EDIT-01] typing into a selected cell replaces it; Enter commits, moves down, and the value is stored and survives a reload', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'old' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', 'old');
    await clickCell(page, 'A1');
    await page.keyboard.type('hello');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'A1', 'hello');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('A2');
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'hello' });
    await page.reload();
    await expectCellText(page, 'A1', 'hello');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-01] [FIRST-HOUR] a page just opened takes typing at A1 without a click first, as Excel does', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.keyboard.type('typed at once');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'A1', 'typed at once');
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'typed at once' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-01] the grid taking the focus back a frame after a click does not end an edit typed within that frame', async () => {
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B2');
    await page.keyboard.press('3');
    await page.getByTestId('cell-editor').waitFor();
    // What Glide does one frame after the click when the first key beat it: focus its canvas.
    await page
      .getByTestId('data-grid-canvas')
      .evaluate((canvas) => (canvas as HTMLCanvasElement).focus());
    await page.keyboard.type('15');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B2', '315');
    await expect.poll(() => storedValues(suite.server, 'B2')).toEqual({ B2: 315 });
    // A real click elsewhere still commits.
    await clickCell(page, 'D4');
    await page.keyboard.type('7');
    await clickCell(page, 'E6');
    await expectCellText(page, 'D4', '7');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-01] [FIRST-HOUR] text composed by an input method in a selected cell is entered; the Enter that confirms the composition does not commit', async () => {
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B2');
    // What Chromium gets from a Japanese input method: keys reported as "Process" (229) while
    // the method composes the text, an Enter that confirms it, then the composed text.
    const cdp = await page.context().newCDPSession(page);
    const imeKey = (key: string, code: string) =>
      cdp.send('Input.dispatchKeyEvent', {
        type: 'rawKeyDown',
        key,
        code,
        windowsVirtualKeyCode: 229,
      });
    await imeKey('Process', 'KeyN');
    await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
    await imeKey('Process', 'KeyI');
    await cdp.send('Input.imeSetComposition', {
      text: 'にほん',
      selectionStart: 3,
      selectionEnd: 3,
    });
    await imeKey('Enter', 'Enter');
    await cdp.send('Input.insertText', { text: '日本' });
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('日本');
    await page.keyboard.type('語');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B2', '日本語');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B3');
    await expect.poll(() => storedValues(suite.server, 'B2')).toEqual({ B2: '日本語' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-01] [FIRST-HOUR] text inserted into a selected cell without a key press (an emoji picker) starts an edit with it, as typing does', async () => {
    await suite.open();
    const page = suite.ui.page;
    const cdp = await page.context().newCDPSession(page);
    await clickCell(page, 'B2');
    // What an emoji picker or the character viewer does: text committed with no key event.
    await cdp.send('Input.insertText', { text: '😀' });
    await expect.poll(() => page.getByTestId('cell-editor').inputValue()).toBe('😀');
    await page.keyboard.type(' ok');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B2', '😀 ok');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B3');
    await expect.poll(() => storedValues(suite.server, 'B2')).toEqual({ B2: '😀 ok' });
    // Again on the next cell, where the grid has the focus back; Escape leaves it empty.
    await cdp.send('Input.insertText', { text: 'é' });
    await expect.poll(() => page.getByTestId('cell-editor').inputValue()).toBe('é');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('cell-editor').count()).toBe(0);
    // A composition that no key announced (no "Process" key): its committed text is entered.
    await clickCell(page, 'C2');
    await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.insertText', { text: '日本' });
    await expect.poll(() => page.getByTestId('cell-editor').inputValue()).toBe('日本');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'C2', '日本');
    expect(await storedValues(suite.server, 'B2:C3')).toEqual({ B2: '😀 ok', C2: '日本' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-04] [FIRST-HOUR] a formula typed without its closing parentheses is stored closed, as Excel does, not as #PARSE_ERROR!', async () => {
    const page = await openWithValues(suite, 'A1', [[1], [2], [4]]);
    await expectCellText(page, 'A3', '4');
    await typeInto(page, 'B1', '=SUM(A1:A3');
    await typeInto(page, 'B2', '=ROUND(AVERAGE(A1:A3), 1');
    await expectCellText(page, 'B1', '7');
    await expectCellText(page, 'B2', '2.3');
    const stored = (await suite.server.http.get('/grid', { range: 'B1:B2' })).body as {
      cells: { cell: string; input: string | null }[];
    };
    expect(stored.cells.map((entry) => entry.input)).toEqual([
      '=SUM(A1:A3)',
      '=ROUND(AVERAGE(A1:A3), 1)',
    ]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-04] [FIRST-HOUR] an entry typed with a leading + or - that reads cells is a formula, as in Excel; signed numbers and dashes stay what they are', async () => {
    const page = await openWithValues(suite, 'A1', [[2], [3]]);
    await expectCellText(page, 'A2', '3');
    await typeInto(page, 'B1', '+A1+A2');
    await typeInto(page, 'B2', '-A1*2');
    await typeInto(page, 'B3', '+SUM(A1:A2');
    await typeInto(page, 'C1', '-3.5');
    await typeInto(page, 'C2', '--');
    await typeInto(page, 'C3', '+ note');
    await expectCellText(page, 'B1', '5');
    await expectCellText(page, 'B2', '-4');
    await expectCellText(page, 'B3', '5');
    await expectCellText(page, 'C3', '+ note');
    const stored = (await suite.server.http.get('/grid', { range: 'B1:C3' })).body as {
      cells: { cell: string; input: string | null; value: unknown }[];
    };
    expect(stored.cells.map((entry) => [entry.cell, entry.input, entry.value])).toEqual([
      ['B1', '=+A1+A2', 5],
      ['C1', '-3.5', -3.5],
      ['B2', '=-A1*2', -4],
      ['C2', '--', '--'],
      ['B3', '=+SUM(A1:A2)', 5],
      ['C3', '+ note', '+ note'],
    ]);
    // Ctrl+Enter into a range moves the references for each cell, as for a formula typed with =.
    await goTo(page, 'D1:D2');
    await page.keyboard.type('-A1');
    await page.keyboard.press('Control+Enter');
    await expectCellText(page, 'D2', '-3');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[NAV-04] [FIRST-HOUR] typing into a selected range, Enter steps down its columns and Tab along its rows, the range staying selected', async () => {
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B2');
    await clickCell(page, 'C3', { modifiers: ['Shift'] });
    for (const text of ['a', 'b', 'c', 'd']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    }
    await expectCellText(page, 'C3', 'd');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B2:C3');
    // Past the last cell Enter wraps to the first; Shift+Tab steps back along the rows.
    await clickCell(page, 'E2');
    await clickCell(page, 'F3', { modifiers: ['Shift'] });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('last');
    await page.keyboard.press('Tab');
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'E2', 'first');
    await expect
      .poll(() => storedValues(suite.server, 'A1:G5'))
      .toEqual({ B2: 'a', B3: 'b', C2: 'c', C3: 'd', E2: 'first', F3: 'last' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] typing a row with Tab and ending it with Enter goes to the next row of the column it began in', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B3');
    for (const [text, key] of [
      ['Item', 'Tab'],
      ['Cost', 'Tab'],
      ['Qty', 'Enter'],
    ] as const) {
      await page.keyboard.type(text);
      await page.keyboard.press(key);
    }
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('B4');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('B5');
    await expectCellText(page, 'D3', 'Qty');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'B3:D3')).toEqual({
      B3: 'Item',
      C3: 'Cost',
      D3: 'Qty',
    });
  });

  it("[FIRST-HOUR] typing = and then clicking another sheet's tab stores nothing in the cell", async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Data' });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'C2');
    await page.keyboard.type('=');
    await page.getByTestId('sheet-tab-Data').click();
    await page.locator('[data-testid="sheet-tab-Data"][aria-selected="true"]').waitFor();
    await page.getByTestId('sheet-tab-Sheet1').click();
    await page.locator('[data-testid="sheet-tab-Sheet1"][aria-selected="true"]').waitFor();
    await expectCellText(page, 'C2', '');
    expect(await storedValues(suite.server, 'C2')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] a right-click, then one left click on the selected cell, does not open the editor', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'B2', value: 'here' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B2', 'here');
    await clickCell(page, 'B2');
    await page.waitForTimeout(700); // the selecting click is no half of a double-click
    await clickCell(page, 'B2', { button: 'right' });
    await page.keyboard.press('Escape');
    await clickCell(page, 'B2');
    await page.waitForTimeout(150);
    await expect(page.getByTestId('cell-editor').count()).resolves.toBe(0);
  });

  it('[EDIT-02] double-click and F2 edit keeping the existing content', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['abc'], ['xy']] });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', 'abc');
    const box = await cell(page, 'A1').boundingBox();
    await page.mouse.dblclick(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('abc');
    await page.keyboard.type('d');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'A1', 'abcd');
    await goTo(page, 'A2');
    await page.keyboard.press('F2');
    await page.keyboard.type('z');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'A2', 'xyz');
    await expect.poll(() => storedValues(suite.server, 'A1:A2')).toEqual({ A1: 'abcd', A2: 'xyz' });
  });

  it('[FIRST-HOUR] Alt+Enter breaks the line in the cell editor and the formula bar; Enter still commits', async () => {
    await suite.open();
    const page = suite.ui.page;
    const editor = page.getByTestId('cell-editor');
    await goTo(page, 'A1');
    await page.keyboard.type('first');
    const oneLine = (await editor.boundingBox())!.height;
    await page.keyboard.press('Alt+Enter');
    await page.keyboard.type('second');
    await expect(editor.inputValue()).resolves.toBe('first\nsecond');
    // The editor grows to show both lines.
    expect((await editor.boundingBox())!.height).toBeGreaterThan(oneLine + 10);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('A2');
    await expectCellText(page, 'A1', 'first\nsecond');
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'first\nsecond' });
    // Its row grows to show both lines, as Excel fits it.
    const rowHeight = async (address: string) => (await cell(page, address).boundingBox())!.height;
    await expect.poll(() => rowHeight('A1')).toBeGreaterThan((await rowHeight('A2')) + 10);
    // Editing it again shows the break, in the cell and in the formula bar.
    await goTo(page, 'A1');
    await expect(page.getByTestId('formula-bar').inputValue()).resolves.toBe('first\nsecond');
    await page.keyboard.press('F2');
    await expect(editor.inputValue()).resolves.toBe('first\nsecond');
    await page.keyboard.press('Escape');
    // The formula bar takes Alt+Enter too, and an edit there keeps the line breaks.
    await goTo(page, 'B1');
    await page.getByTestId('formula-bar').click();
    await page.keyboard.type('x');
    await page.keyboard.press('Alt+Enter');
    await page.keyboard.type('y');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B1', 'x\ny');
    await expect.poll(() => storedValues(suite.server, 'B1')).toEqual({ B1: 'x\ny' });
    // One Ctrl+Z takes back a line-broken entry and its taller row.
    await goTo(page, 'C5');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B1', '');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '');
    await expect.poll(() => rowHeight('A1')).toBe(await rowHeight('A2'));
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-05] a committed literal shows before the server answers the write', async () => {
    await suite.open();
    const page = suite.ui.page;
    // Hold the write until the test has seen the cell (EDIT-05: the echo never waits for the
    // server; held here at most 5 s, so a slow machine cannot turn this into a timing test).
    // `answered` flips only when the held request is let through, so seeing the text with it unset
    // proves the order.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    let answered = false;
    await page.route(
      (url) => url.pathname === '/grid/cell',
      async (route) => {
        held = true;
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 5000))]);
        answered = true;
        await route.continue();
      },
    );
    await goTo(page, 'A1');
    await page.keyboard.type('fast');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'A1', 'fast', 4500);
    expect({ held, answered }).toEqual({ held: true, answered: false });
    release();
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'fast' });
    await expectCellText(page, 'A1', 'fast');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-03] Escape cancels an edit and sends nothing', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: '5' });
    await suite.open();
    const page = suite.ui.page;
    const writes = recordRequestBodies(page, '/grid/cell');
    await goTo(page, 'A1');
    await page.keyboard.type('9');
    await expect(page.getByTestId('formula-bar').inputValue()).resolves.toBe('9');
    await page.keyboard.press('Escape');
    await expectCellText(page, 'A1', '5');
    expect(writes).toEqual([]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] typing only spaces into a cell clears it without a page error, and the grid still draws', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [['keep', 'gone']] });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'B1', 'gone');
    const writes = recordRequestBodies(page, '/grid/cell');
    await goTo(page, 'B1');
    await page.keyboard.type('  ');
    await page.keyboard.press('Enter');
    await expect.poll(() => writes.length).toBe(1);
    await expect.poll(() => storedValues(suite.server, 'A1:B1')).toEqual({ A1: 'keep' });
    await expectCellText(page, 'B1', '');
    // The grid goes on drawing and editing after the write's answer.
    await typeInto(page, 'C1', 'after');
    await expectCellText(page, 'C1', 'after');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-06] typing in the formula bar and Enter writes the selected cell', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'C3');
    await page.getByTestId('formula-bar').click();
    await page.keyboard.type('42');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'C3', '42');
    expect(await storedValues(suite.server, 'C3')).toEqual({ C3: 42 });
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('C4');
  });

  it('[NAV-04] Enter and Tab move the cursor without editing; Shift reverses', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2');
    const nameBox = page.getByTestId('name-box');
    await page.keyboard.press('Enter');
    await expect(nameBox.inputValue()).resolves.toBe('B3');
    await page.keyboard.press('Shift+Enter');
    await expect(nameBox.inputValue()).resolves.toBe('B2');
    await page.keyboard.press('Tab');
    await expect(nameBox.inputValue()).resolves.toBe('C2');
    await page.keyboard.press('Shift+Tab');
    await expect(nameBox.inputValue()).resolves.toBe('B2');
    expect(await storedValues(suite.server, 'A1:D4')).toEqual({});
  });

  it('[NAV-01] dragging selects a range and Shift+click extends it', async () => {
    await suite.open();
    const page = suite.ui.page;
    const from = await cell(page, 'B2').boundingBox();
    const to = await cell(page, 'D5').boundingBox();
    await page.mouse.move(from!.x + 10, from!.y + 10);
    await page.mouse.down();
    await page.mouse.move(to!.x + 10, to!.y + 10, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B2:D5');
    await clickCell(page, 'F7', { modifiers: ['Shift'] });
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B2:F7');
  });

  it('[EDIT-07] point mode: clicking and dragging cells while typing a formula inserts their range', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1], [2], [3]] });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B1');
    await page.keyboard.type('=SUM(');
    const from = await cell(page, 'A1').boundingBox();
    const to = await cell(page, 'A3').boundingBox();
    await page.mouse.move(from!.x + 10, from!.y + 10);
    await page.mouse.down();
    await page.mouse.move(to!.x + 10, to!.y + 10, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('=SUM(A1:A3');
    await expect(page.getByTestId('formula-refs').textContent()).resolves.toBe('A1:A3');
    await page.keyboard.type(')');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'B1', '6');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] arrow keys while typing a formula insert and move the neighbouring reference; Shift+arrow extends it', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    const editor = page.getByTestId('cell-editor');
    await goTo(page, 'C2');
    await page.keyboard.type('=SUM(');
    await page.keyboard.press('ArrowLeft');
    await expect(editor.inputValue()).resolves.toBe('=SUM(B2');
    await page.keyboard.press('ArrowUp');
    await expect(editor.inputValue()).resolves.toBe('=SUM(B1');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(editor.inputValue()).resolves.toBe('=SUM(B1:B3');
    // After an operator, the arrows start again from the edited cell.
    await page.keyboard.type(')*');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(editor.inputValue()).resolves.toBe('=SUM(B1:B3)*A2');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('C3');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'C2')).toEqual({ C2: 120 });
    // Where no reference may go, an arrow ends the edit and moves, as before.
    await goTo(page, 'D1');
    await page.keyboard.type('=A1');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('E1');
    await expectCellText(page, 'D1', '1');
    // Editing existing text (F2), arrows move the caret and insert nothing.
    await goTo(page, 'D1');
    await page.keyboard.press('F2');
    await page.keyboard.type('+');
    await page.keyboard.press('ArrowLeft');
    await expect(editor.inputValue()).resolves.toBe('=A1+');
    await page.keyboard.press('Escape');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] after an edit in the formula bar, point mode in a cell still inserts the clicked cells', async () => {
    const page = await openWithValues(suite, 'A1', [
      [1, 2],
      [3, 4],
    ]);
    await goTo(page, 'C3');
    await page.getByTestId('formula-bar').click();
    await page.keyboard.type('42');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'C3', '42');
    await clickCell(page, 'F1');
    await page.keyboard.type('=');
    await clickCell(page, 'A1');
    await page.keyboard.type('+');
    // The formula bar's function list is not shown over the grid for an edit in the cell.
    await expect(page.getByTestId('function-suggestions').count()).resolves.toBe(0);
    await clickCell(page, 'B2');
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('=A1+B2');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'F1', '5');
    // In the cell, the hint names the function being typed, and lets a click through to A1.
    await clickCell(page, 'F2');
    await page.keyboard.type('=SUM(');
    await expect.poll(() => page.getByTestId('function-hint').textContent()).toContain('SUM(');
    await clickCell(page, 'A1');
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('=SUM(A1');
    await page.keyboard.press('Escape');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-11] typing a function name in the cell lists the functions; Tab takes the chosen one, arrows choose, Escape closes the list', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [2, 3],
        [4, 5],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    const editorText = () => page.getByTestId('cell-editor').inputValue();
    const options = () => page.getByTestId('cell-function-suggestions').locator('li');
    await clickCell(page, 'D1');
    await page.keyboard.type('=SUMPR');
    await options().first().waitFor();
    await expect(options().first().textContent()).resolves.toContain('SUMPRODUCT(');
    await page.keyboard.press('Tab');
    await expect(editorText()).resolves.toBe('=SUMPRODUCT(');
    await expect(options().count()).resolves.toBe(0);
    await page.keyboard.type('A1:A2,B1:B2)');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'D1', '26');

    // Arrows choose in the list instead of pointing at cells; the second ROUND… is taken.
    await clickCell(page, 'D3');
    await page.keyboard.type('=ROUND');
    await options().first().waitFor();
    const second = (await options().nth(1).textContent())!.split('(')[0]!;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(editorText()).resolves.toBe(`=${second}(`);

    // Escape closes the list and keeps the edit; a second Escape ends it.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('=AVERAG');
    await options().first().waitFor();
    await page.keyboard.press('Escape');
    await expect(options().count()).resolves.toBe(0);
    await expect(editorText()).resolves.toBe('=AVERAG');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cell-editor').count()).resolves.toBe(0);
    expect(await storedValues(suite.server, 'D1:D3')).toEqual({ D1: 26 });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-11] [FIRST-HOUR] Enter takes the function chosen with the arrows in the cell list instead of committing the typed name as #NAME?', async () => {
    const page = await openWithValues(suite, 'A1', [
      [2, 3],
      [4, 5],
    ]);
    const options = () => page.getByTestId('cell-function-suggestions').locator('li');
    await clickCell(page, 'D1');
    await page.keyboard.type('=AVERAG');
    await options().first().waitFor();
    const second = (await options().nth(1).textContent())!.split('(')[0]!;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe(`=${second}(`);
    await page.keyboard.type('A1:B2)');
    await page.keyboard.press('Enter');
    await expectCellText(page, 'D1', '3.5');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[CLR-01] Delete clears the selection, skips a locked cell and says so', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    await suite.server.http.post('/grid/lock', { range: 'B1' });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'A1:B2');
    await page.keyboard.press('Delete');
    await page.getByTestId('toast').filter({ hasText: '1 locked cell skipped' }).waitFor();
    await expectCellText(page, 'A1', '');
    await expectCellText(page, 'B1', '2');
    await expect(cell(page, 'B1').getAttribute('data-locked')).resolves.toBe('true');
    expect(await storedValues(suite.server, 'A1:B2')).toEqual({ B1: 2 });
  });

  it('[UNDO-01] Ctrl+Z and Ctrl+Y step through edits with the server; the undo button starts disabled', async () => {
    await suite.open();
    const page = suite.ui.page;
    await expect(page.getByTestId('undo').isDisabled()).resolves.toBe(true);
    await typeInto(page, 'A1', '1');
    await typeInto(page, 'A1', '2');
    await expectCellText(page, 'A1', '2');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '1');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', '');
    await page.keyboard.press('Control+y');
    await expectCellText(page, 'A1', '1');
    await page.keyboard.press('Control+Shift+Z');
    await expectCellText(page, 'A1', '2');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 2 });
  });

  it('[LOCK-01] the context menu locks and unlocks the selection', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'B2',
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2:C3');
    await clickCell(page, 'C3', { button: 'right' });
    await page.getByTestId('menu-lock').click();
    for (const address of ['B2', 'B3', 'C2', 'C3'])
      await page.locator(`[data-testid="cell-${address}"][data-locked="true"]`).waitFor();
    const locked = (await suite.server.http.get('/grid', { range: 'B2:C3' })).body as {
      cells: { locked: boolean }[];
    };
    expect(locked.cells.every((entry) => entry.locked)).toBe(true);
    await clickCell(page, 'B2', { button: 'right' });
    await page.getByTestId('menu-unlock').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-locked="true"]').length === 0,
    );
    expect(suite.ui.errors).toEqual([]);
  });
});
