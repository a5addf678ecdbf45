// The File menu in the browser: import an xlsx made by LibreOffice (values and formulas on
// screen) and undo it, download xlsx and JSON, the save state ("All changes saved", no
// autosave), save and load of the named checkpoint, the "no save file" answer, a refused
// non-JSON import, clear sheet.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { expectCellText, holdBackgroundReads, typeInto } from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

describe.skipIf(!hasChromium)('files in the browser', () => {
  const suite = useBrowserSuite();

  async function chooseFile(
    file: string | { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void> {
    const page = suite.ui.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-import').click();
    await (await chooser).setFiles(file);
  }

  it('[FILE-07] importing an xlsx made by LibreOffice shows its sheets, values and computed formulas', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'old' });
    await suite.open();
    const page = suite.ui.page;
    await chooseFile(path.join(FIXTURES, 'libreoffice-two-sheets.xlsx'));
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toContain(
      'replaces the whole workbook',
    );
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('sheet-tab-Summary').waitFor();
    await page.locator('[data-testid="sheet-tab-Inputs"][aria-selected="true"]').waitFor();
    await expectCellText(page, 'A2', 'Apples');
    await expectCellText(page, 'B4', '24');
    await expectCellText(page, 'C4', '12');
    await page.getByTestId('sheet-tab-Summary').click();
    await expectCellText(page, 'B1', '48');
    await expectCellText(page, 'B2', 'small');
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Imported libreoffice-two-sheets.xlsx' })
      .waitFor();
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FILE-04][FILE-07] downloads: xlsx and the Gridbook JSON, named after the workbook', async () => {
    await suite.server.http.post('/workbook/rename', { name: 'Q3 plan' });
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1, '=A1*2']] });
    await suite.open();
    const page = suite.ui.page;
    for (const [item, extension] of [
      ['menu-download-xlsx', 'xlsx'],
      ['menu-download-json', 'gridbook'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByTestId('menu-file').click();
      await page.getByTestId(item).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^Q3_plan-\\d{8}-\\d{6}\\.${extension}$`),
      );
      const content = await readFile((await file.path())!);
      if (extension === 'xlsx') expect(content.subarray(0, 2).toString()).toBe('PK');
      // The compact block layout, so even a million cells import back under the request limit.
      else
        expect(JSON.parse(content.toString())).toMatchObject({
          format: 'gridbook',
          version: 2,
          workbook_name: 'Q3 plan',
          sheets: [{ name: 'Sheet1' }],
        });
    }
  });

  it('[FILE-01][FILE-02][ISSUE-12] every edit is stored when answered: the status says "All changes saved" and nothing writes the checkpoint by itself', async () => {
    await suite.open();
    const page = suite.ui.page;
    const saves: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/system/save') && saves.push(request.url()),
    );
    await typeInto(page, 'A1', 'kept');
    await expectCellText(page, 'A1', 'kept');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('All changes saved');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 'kept' });
    // Long past the old autosave delay: still no checkpoint written.
    await page.waitForTimeout(3_500);
    expect(saves).toEqual([]);
  });

  it('[FIRST-HOUR] leaving the page while an edit is still being saved asks first; once saved it does not', async () => {
    await suite.open();
    const page = suite.ui.page;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/grid/cell', async (route) => {
      await held;
      await route.continue();
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await typeInto(page, 'A1', 'precious');
    await page.locator('[data-testid="save-state"][data-state="saving"]').waitFor();
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    release();
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 'precious' });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toEqual(['beforeunload']);
  });

  it('[FILE-03] Ctrl+S saves the named checkpoint; load brings it back', async () => {
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'A1', 'later');
    await expectCellText(page, 'A1', 'later');
    await page.keyboard.press('Control+s');
    await page.getByTestId('toast').filter({ hasText: 'Checkpoint saved' }).waitFor();
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'changed elsewhere' });
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-load').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('toast').filter({ hasText: 'Loaded the saved workbook' }).waitFor();
    await expectCellText(page, 'A1', 'later');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 'later' });
  });

  it('[ISSUE-12] Ctrl+Z after an import undoes the import', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'before' });
    await suite.open();
    const page = suite.ui.page;
    await chooseFile(path.join(FIXTURES, 'libreoffice-two-sheets.xlsx'));
    await page.getByTestId('confirm-ok').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Imported libreoffice-two-sheets.xlsx' })
      .waitFor();
    await page.getByTestId('sheet-tab-Summary').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByTestId('sheet-tab-Sheet1').waitFor();
    await expectCellText(page, 'A1', 'before');
    expect(await storedValues(suite.server, 'A1', 'Sheet1')).toEqual({ A1: 'before' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] an imported workbook whose active sheet keeps its name shows its cells at once', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'from the file' });
    const file = (await suite.server.http.get('/system/export')).body;
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'before' });
    await suite.open();
    const page = suite.ui.page;
    // The heartbeat and the commit stream also re-read the grid; holding them
    // shows what the import itself puts on screen.
    await holdBackgroundReads(page);
    await expectCellText(page, 'A1', 'before');
    await chooseFile({
      name: 'same-sheet.gridbook',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('toast').filter({ hasText: 'Imported same-sheet.gridbook' }).waitFor();
    // Sheet1 before and after: the grid's window is read again, not left blank until a heartbeat.
    await expectCellText(page, 'A1', 'from the file', 2000);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FILE-03] loading with no save file says so and changes nothing', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'stays' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-load').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('toast').filter({ hasText: 'No save file found.' }).waitFor();
    await expectCellText(page, 'A1', 'stays');
  });

  it('[FILE-05] a file that is not JSON is refused before anything is sent', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'stays' });
    await suite.open();
    const page = suite.ui.page;
    const imports: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/system/import') && imports.push(request.url()),
    );
    await chooseFile({
      name: 'broken.gridbook',
      mimeType: 'application/json',
      buffer: Buffer.from('{ not json'),
    });
    await page.getByTestId('toast').filter({ hasText: 'not valid JSON' }).waitFor();
    expect(imports).toEqual([]);
    await expectCellText(page, 'A1', 'stays');
  });

  it('[FILE-06] clear sheet asks first and keeps locked cells', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1, 2]] });
    await suite.server.http.post('/grid/lock', { range: 'B1' });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-clear-sheet').click();
    await page.getByTestId('confirm-ok').click();
    await expectCellText(page, 'A1', '');
    await expectCellText(page, 'B1', '2');
    expect(await storedValues(suite.server, 'A1:B1')).toEqual({ B1: 2 });
  });
});
