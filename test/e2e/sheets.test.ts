// Sheet tabs and the workbook title in the browser: add, rename in place, switch, delete.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { clickCell, expectCellText, goTo, holdBackgroundReads, typeInto } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('sheets in the browser', () => {
  const suite = useBrowserSuite({ page: { allowHttpErrors: [409] } });

  it('[SHEET-01][SHEET-02] add a sheet (opened at once), rename it by double-click, switch between sheets', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'on sheet 1' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('add-sheet').click();
    await page.locator('[data-testid="sheet-tab-Sheet2"][aria-selected="true"]').waitFor();
    await expectCellText(page, 'A1', '');
    await page.getByTestId('sheet-tab-Sheet2').dblclick();
    await page.getByTestId('sheet-rename-input').fill('Data');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="sheet-tab-Data"][aria-selected="true"]').waitFor();
    const workbook = (await suite.server.http.get('/api/workbook')).body as {
      sheets: string[];
      active_sheet: string;
    };
    expect(workbook).toMatchObject({ sheets: ['Sheet1', 'Data'], active_sheet: 'Data' });

    await typeInto(page, 'A1', 'on data');
    await page.getByTestId('sheet-tab-Sheet1').click();
    await expectCellText(page, 'A1', 'on sheet 1');
    await expect(page.locator('[data-testid="grid"]').getAttribute('data-sheet')).resolves.toBe(
      'Sheet1',
    );
    await page.getByTestId('sheet-tab-Data').click();
    await expectCellText(page, 'A1', 'on data');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SHEET-02] while a rename is on its way, nothing asks the server for the sheet by its old name', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1], [2]] });
    await suite.open();
    const page = suite.ui.page;
    // Hold the rename long past the status bar's settle time, logging every request sent meanwhile.
    let renaming = false;
    const sentDuringRename: string[] = [];
    page.on('request', (request) => {
      if (renaming && !request.url().endsWith('/workbook/sheet/rename'))
        sentDuringRename.push(
          `${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? new URL(request.url()).search}`,
        );
    });
    await page.route('**/workbook/sheet/rename', async (route) => {
      renaming = true;
      await new Promise((resolve) => setTimeout(resolve, 600));
      renaming = false;
      await route.continue();
    });
    await goTo(page, 'A1:A2');
    await page.getByTestId('sheet-tab-Sheet1').dblclick();
    await page.getByTestId('sheet-rename-input').fill('Totals');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="sheet-tab-Totals"][aria-selected="true"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="status-sum"]')?.textContent === 'Sum 3',
    );
    expect(sentDuringRename.filter((line) => line.includes('Sheet1'))).toEqual([]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] Ctrl+Z after renaming a sheet you typed on asks nothing by its old name', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Sheet2' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('sheet-tab-Sheet2').click();
    await page.locator('[data-testid="sheet-tab-Sheet2"][aria-selected="true"]').waitFor();
    await typeInto(page, 'A1', 'typed on Sheet2');
    await expectCellText(page, 'A1', 'typed on Sheet2');
    await page.getByTestId('sheet-tab-Sheet2').dblclick();
    await page.getByTestId('sheet-rename-input').fill('Data');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="sheet-tab-Data"][aria-selected="true"]').waitFor();
    await page.getByTestId('sheet-tab-Sheet1').click();
    await typeInto(page, 'B1', 'typed on Sheet1');
    await expectCellText(page, 'B1', 'typed on Sheet1');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B1', '');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    await page.waitForTimeout(300);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SHEET-02] a duplicate name is refused inline and the tab keeps its name', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Data' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('sheet-tab-Data').dblclick();
    await page.getByTestId('sheet-rename-input').fill('sheet1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sheet-rename-error').textContent()).resolves.toMatch(
      /sheet1|exists|already/i,
    );
    // Seen, not just present: the message is the topmost element where it is drawn (the tab
    // list, which scrolls sideways, used to clip it away).
    const seen = await page.evaluate(() => {
      const error = document.querySelector('[data-testid="sheet-rename-error"]')!;
      const box = error.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.height > 0 && box.top >= 0 && (top === error || error.contains(top));
    });
    expect(seen).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('sheet-tab-Data').waitFor();
    const workbook = (await suite.server.http.get('/api/workbook')).body as { sheets: string[] };
    expect(workbook.sheets).toEqual(['Sheet1', 'Data']);
  });

  it('[SHEET-03] switching keeps each sheet’s selection', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Other' });
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'C7');
    await page.getByTestId('sheet-tab-Other').click();
    await page.locator('[data-testid="sheet-tab-Other"][aria-selected="true"]').waitFor();
    await goTo(page, 'B2');
    await page.getByTestId('sheet-tab-Sheet1').click();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('C7');
  });

  it('[FIRST-HOUR] Ctrl+PageDown / Ctrl+PageUp open the next / previous sheet while the grid has the focus, and leave the key to the browser elsewhere', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Data' });
    await suite.server.http.post('/workbook/sheet', { name: 'Notes' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('sheet-tab-Sheet1').click();
    await page.locator('[data-testid="sheet-tab-Sheet1"][aria-selected="true"]').waitFor();
    await clickCell(page, 'B2');
    // Whether each page key reached the window with its default (the browser's tab switch) held back.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      (window as unknown as { pageKeys: boolean[] }).pageKeys = seen;
      window.addEventListener('keydown', (event) => {
        if (event.key === 'PageDown' || event.key === 'PageUp') seen.push(event.defaultPrevented);
      });
    });
    const selected = (name: string) =>
      page.locator(`[data-testid="sheet-tab-${name}"][aria-selected="true"]`).waitFor();
    await page.keyboard.press('Control+PageDown');
    await selected('Data');
    await page.keyboard.press('Control+PageDown');
    await selected('Notes');
    // The last sheet stays open, as in Excel.
    await page.keyboard.press('Control+PageDown');
    await page.keyboard.press('Control+PageUp');
    await selected('Data');
    await page.keyboard.press('Control+Shift+PageUp');
    await selected('Sheet1');
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B2');
    await page.getByTestId('name-box').focus();
    await page.keyboard.press('Control+PageDown');
    const seen = await page.evaluate(() => (window as unknown as { pageKeys: boolean[] }).pageKeys);
    expect(seen).toEqual([true, true, true, true, true, false]);
    await selected('Sheet1');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SHEET-03] a visited sheet paints from its cache at once, then shows what changed on the server while away', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Other' });
    await suite.server.http.post('/grid/range', {
      sheet: 'Other',
      target_cell: 'A1',
      values: [['before', 1]],
    });
    await suite.open();
    const page = suite.ui.page;
    // The heartbeat and the commit stream also re-read the grid; holding them
    // leaves the switch itself as the only thing that can bring the new value.
    await holdBackgroundReads(page);
    await page.getByTestId('sheet-tab-Other').click();
    await expectCellText(page, 'A1', 'before');
    await page.getByTestId('sheet-tab-Sheet1').click();
    await page.locator('[data-testid="grid"][data-sheet="Sheet1"]').waitFor();
    await suite.server.http.post('/grid/range', {
      sheet: 'Other',
      target_cell: 'A1',
      values: [['after', 2]],
    });
    // Reads of Other answer 300 ms late from now on: whatever shows before then is the cache.
    let delayed = 0;
    await page.route(
      (url) => url.pathname === '/grid' && url.searchParams.get('sheet') === 'Other',
      async (route) => {
        delayed += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      },
    );
    // Every frame from the click on, what the mirror shows in A1 of Other.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenA1: string[] }).seenA1 = seen;
      const watch = () => {
        const grid = document.querySelector<HTMLElement>('[data-testid="grid"]');
        const text = document.querySelector('[data-testid="cell-A1"]')?.textContent ?? '';
        if (grid?.dataset['sheet'] === 'Other' && seen[seen.length - 1] !== text) seen.push(text);
        if (text !== 'after') requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByTestId('sheet-tab-Other').click();
    await expectCellText(page, 'A1', 'after');
    await expectCellText(page, 'B1', '2');
    const seen = await page.evaluate(() => (window as unknown as { seenA1: string[] }).seenA1);
    // The cached value first (no empty or loading frame), then the server's.
    expect(seen).toEqual(['before', 'after']);
    expect(delayed).toBeGreaterThan(0);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SHEET-06] dragging a tab onto another puts it there; the tab menu moves it one place; Ctrl+Z puts it back', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Data' });
    await suite.server.http.post('/workbook/sheet', { name: 'Notes' });
    await suite.open();
    const page = suite.ui.page;
    const tabOrder = () =>
      page
        .locator('[role="tab"]')
        .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-sheet')));
    const serverOrder = async () =>
      ((await suite.server.http.get('/api/workbook')).body as { sheets: string[] }).sheets;
    await page.getByTestId('sheet-tab-Notes').dragTo(page.getByTestId('sheet-tab-Sheet1'));
    await expect.poll(tabOrder).toEqual(['Notes', 'Sheet1', 'Data']);
    expect(await serverOrder()).toEqual(['Notes', 'Sheet1', 'Data']);
    await page.getByTestId('sheet-tab-Sheet1').click({ button: 'right' });
    await page.getByTestId('menu-move-sheet-right').click();
    await expect.poll(tabOrder).toEqual(['Notes', 'Data', 'Sheet1']);
    // The first tab has no left to go to.
    await page.getByTestId('sheet-tab-Notes').click({ button: 'right' });
    await expect(page.getByTestId('menu-move-sheet-left').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await goTo(page, 'A1');
    await page.keyboard.press('Control+z');
    await expect.poll(tabOrder).toEqual(['Notes', 'Sheet1', 'Data']);
    expect(await serverOrder()).toEqual(['Notes', 'Sheet1', 'Data']);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[SHEET-04] deleting a sheet asks first, naming how many cells it holds', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Scratch' });
    await suite.server.http.post('/grid/range', {
      sheet: 'Scratch',
      target_cell: 'A1',
      values: [[1, 2, 3]],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('sheet-tab-Scratch').click({ button: 'right' });
    await page.getByTestId('menu-delete-sheet').click();
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toContain('3 cells');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('sheet-tab-Scratch').waitFor({ state: 'detached' });
    const workbook = (await suite.server.http.get('/api/workbook')).body as { sheets: string[] };
    expect(workbook.sheets).toEqual(['Sheet1']);
  });

  it('[FIRST-HOUR] deleting the open sheet shows the next one and never asks for the deleted one again', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'stays' });
    await suite.server.http.post('/workbook/sheet', { name: 'Scratch' });
    await suite.server.http.post('/grid/range', {
      sheet: 'Scratch',
      target_cell: 'A1',
      values: [[1, 2, 3]],
    });
    await suite.server.http.post('/workbook/sheet/activate', { name: 'Scratch' });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '1');
    await page.getByTestId('sheet-tab-Scratch').click({ button: 'right' });
    await page.getByTestId('menu-delete-sheet').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('sheet-tab-Scratch').waitFor({ state: 'detached' });
    await expectCellText(page, 'A1', 'stays');
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[WB-01] renaming the workbook changes the page title and the server’s name', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('workbook-title').click();
    await page.getByTestId('workbook-title').fill('Q3 plan');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.title.startsWith('Q3 plan'));
    const workbook = (await suite.server.http.get('/api/workbook')).body as {
      workbook_name: string;
    };
    expect(workbook.workbook_name).toBe('Q3 plan');
  });
});
