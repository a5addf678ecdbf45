// Inserting and deleting rows and columns from the cell menu: the grid shows the moved cells,
// the formulas that read them follow, and one Ctrl+Z takes the change back.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { clickCell, expectCellText } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('rows and columns in the browser', () => {
  const suite = useBrowserSuite();

  async function openBudget() {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 1200],
        ['Food', 450],
        ['Total', '=SUM(B2:B3)'],
      ],
    });
    await suite.open();
    return suite.ui.page;
  }

  it('[STRUCT-01] a row inserted above Food moves it down, the SUM grows over it, and Ctrl+Z takes it back', async () => {
    const page = await openBudget();
    await clickCell(page, 'B3', { button: 'right' });
    await page.getByTestId('menu-insert-rows-above').click();
    await expectCellText(page, 'A4', 'Food');
    await expectCellText(page, 'B5', '1650');
    const grid = (await suite.server.http.get('/grid', { range: 'B5' })).body;
    expect(grid.cells[0]).toMatchObject({ formula: '=SUM(B2:B4)' });
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A3', 'Food');
    await expectCellText(page, 'B4', '1650');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[STRUCT-01] [FIRST-HOUR] Shift+Space then Ctrl+- deletes the row, Ctrl+Shift+= inserts one, as in Excel', async () => {
    const page = await openBudget();
    await clickCell(page, 'A2');
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('2:2');
    await page.keyboard.press('Control+Minus');
    await expectCellText(page, 'A2', 'Food');
    await expectCellText(page, 'B3', '450');
    const grid = (await suite.server.http.get('/grid', { range: 'B3' })).body;
    expect(grid.cells[0]).toMatchObject({ formula: '=SUM(B2:B2)' });
    await clickCell(page, 'A2');
    await page.keyboard.press('Shift+Space');
    await page.keyboard.press('Control+Shift+Equal');
    await expectCellText(page, 'A3', 'Food');
    await expectCellText(page, 'A2', '');
    // Over a range of cells the keys say what to select instead of guessing.
    await clickCell(page, 'B3');
    await page.keyboard.press('Control+Minus');
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContainEqual(expect.stringContaining('Select whole rows (Shift+Space)'));
    await expectCellText(page, 'A3', 'Food');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[STRUCT-02] deleting the column a total reads shows #REF! where Excel does', async () => {
    const page = await openBudget();
    await suite.server.http.post('/grid/cell', { cell: 'D1', value: '=B4*2' });
    await clickCell(page, 'B2', { button: 'right' });
    await page.getByTestId('menu-delete-columns').click();
    await expectCellText(page, 'C1', '#REF!');
    await expectCellText(page, 'A3', 'Food');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] right-clicking a row number or a column letter acts on that row or column', async () => {
    const page = await openBudget();
    await expectCellText(page, 'A3', 'Food');
    const menuLabels = () => page.locator('[role="menuitem"]').allTextContents();
    const a3 = (await page.locator('[data-testid="cell-A3"]').boundingBox())!;
    // The row number left of A3.
    await page.mouse.click(a3.x - 20, a3.y + a3.height / 2, { button: 'right' });
    await page.getByTestId('menu-delete-rows').waitFor();
    expect(await menuLabels()).toContain('Delete row 3');
    expect((await menuLabels()).filter((label) => label.includes('column'))).toEqual([]);
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('3:3');
    await page.getByTestId('menu-delete-rows').click();
    await expectCellText(page, 'A3', 'Total');
    await expectCellText(page, 'B3', '1200');

    // The letter above B1.
    const b1 = (await page.locator('[data-testid="cell-B1"]').boundingBox())!;
    await page.mouse.click(b1.x + b1.width / 2, b1.y - 12, { button: 'right' });
    await page.getByTestId('menu-insert-columns-left').waitFor();
    expect(await menuLabels()).toContain('Delete column B');
    // No row action either: not even a height for all its rows.
    expect((await menuLabels()).filter((label) => /\brow/i.test(label))).toEqual([]);
    await page.getByTestId('menu-insert-columns-left').click();
    await expectCellText(page, 'C1', 'Cost');
    await expectCellText(page, 'C3', '1200');
    expect(suite.ui.errors).toEqual([]);
  });
});
