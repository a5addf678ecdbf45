// Ctrl+F and Ctrl+H in the browser: the find bar steps through matches (the grid follows) and
// replaces them all in one undo step.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { clickCell, expectCellText } from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('find and replace in the browser', () => {
  const suite = useBrowserSuite();

  it('[FIND-01] Ctrl+F finds on the sheet, Enter steps to each match and the name box follows', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['Rent'], ['Food'], ['rental car'], ['Fuel']],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B1');
    await page.keyboard.press('Control+f');
    await page.getByTestId('find-query').fill('rent');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 2');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('2 of 2');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A3');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('find-bar').count()).toBe(0);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIND-02] Ctrl+H replaces every match in one step, and one Ctrl+Z takes it back', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['Rent'], ['Food'], ['rental car']],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B1');
    await page.keyboard.press('Control+h');
    await page.getByTestId('find-query').fill('rent');
    await page.getByTestId('replace-with').fill('Lease');
    await page.getByTestId('replace-all').click();
    await expectCellText(page, 'A1', 'Lease');
    await expectCellText(page, 'A3', 'Leaseal car');
    await page.getByTestId('find-close').click();
    await clickCell(page, 'B1');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A1', 'Rent');
    expect(await storedValues(suite.server, 'A1:A3')).toEqual({
      A1: 'Rent',
      A2: 'Food',
      A3: 'rental car',
    });
    expect(suite.ui.errors).toEqual([]);
  });
});
