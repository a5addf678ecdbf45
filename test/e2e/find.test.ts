// Ctrl+F and Ctrl+H in the browser: the find bar steps through matches (the grid follows),
// replaces the match in view, or replaces them all in one undo step.
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

  it('[FIND-01] [FIRST-HOUR] Find looks in formulas by default, as Excel does, and in values when asked', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [[10, 'Total 30'], [20], ['=SUM(A1:A2)']],
    });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A3', '30');
    await clickCell(page, 'C1');
    await page.keyboard.press('Control+f');
    await expect(page.getByTestId('find-look-in').inputValue()).resolves.toBe('formulas');
    await page.getByTestId('find-query').fill('sum(');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 1');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A3');
    // In formulas, 30 is only the text typed in B1; in values, A3's total too.
    await page.getByTestId('find-query').fill('30');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 1');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('B1');
    await page.getByTestId('find-look-in').selectOption('values');
    await page.getByTestId('find-query').press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('2 of 2');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A3');
    await page.getByTestId('find-query').fill('sum(');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('No matches');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIND-01] [FIRST-HOUR] Find in values looks at the text cells show: 50% finds 0.5 shown as a percentage, a date its date', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [[0.5], ['2026-03-14'], ['note 0.5']],
    });
    await suite.server.http.post('/grid/format', { range: 'A1', format: { number_format: '0%' } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'A1', '50%');
    await expectCellText(page, 'A2', '2026-03-14');
    await clickCell(page, 'C1');
    await page.keyboard.press('Control+f');
    await page.getByTestId('find-look-in').selectOption('values');
    await page.getByTestId('find-query').fill('50%');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 1');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A1');
    // 0.5 is what A1 holds, not what it shows: only the text that says it is found.
    await page.getByTestId('find-query').fill('0.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 1');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A3');
    await page.getByTestId('find-query').fill('2026-03-14');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 1');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A2');
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

  it('[FIND-02] [FIRST-HOUR] Replace changes the match in view and shows the next; one Ctrl+Z takes back one replace', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['Rent'], ['Food'], ['rental car'], ['Rent due']],
    });
    await suite.open();
    const page = suite.ui.page;
    await clickCell(page, 'B1');
    await page.keyboard.press('Control+h');
    await page.getByTestId('find-query').fill('rent');
    await page.getByTestId('replace-with').fill('Lease');
    // The first Replace shows the first match, as Excel's does when none is in view.
    await page.getByTestId('replace-one').click();
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A1');
    await expectCellText(page, 'A1', 'Rent');
    await page.getByTestId('replace-one').click();
    await expectCellText(page, 'A1', 'Lease');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A3');
    await expect.poll(() => page.getByTestId('find-status').textContent()).toBe('1 of 2');
    await page.getByTestId('replace-one').click();
    await expectCellText(page, 'A3', 'Leaseal car');
    await expect.poll(() => page.getByTestId('name-box').inputValue()).toBe('A4');
    expect(await storedValues(suite.server, 'A1:A4')).toEqual({
      A1: 'Lease',
      A2: 'Food',
      A3: 'Leaseal car',
      A4: 'Rent due',
    });
    await page.getByTestId('find-close').click();
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A3', 'rental car');
    await expectCellText(page, 'A1', 'Lease');
    expect(suite.ui.errors).toEqual([]);
  });
});
