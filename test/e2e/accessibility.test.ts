// Accessibility in the browser: the grid's ARIA roles and live announcements, and an
// axe-core scan of the workbook page with the Settings dialog open.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { clickCell, expectCellText } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';
import { axeViolations } from './axe.js';

describe.skipIf(!hasChromium)('accessibility in the browser', () => {
  const suite = useBrowserSuite();

  it('[A11Y-01] the grid is an ARIA grid with its size, and moving to B3 announces "B3, 7" politely', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'B3', value: '7' });
    await suite.open();
    const page = suite.ui.page;
    const grid = page.locator('[data-testid="grid"][role="grid"]');
    // GRID-01's grid: at least 100,000 rows (plus the header row) and columns A–ZZ.
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(100_001);
    expect(Number(await grid.getAttribute('aria-colcount'))).toBeGreaterThanOrEqual(702);
    await expectCellText(page, 'B3', '7');
    await clickCell(page, 'B2');
    const live = page.getByTestId('live-region');
    await expect(live.getAttribute('aria-live')).resolves.toBe('polite');
    await expect(live.textContent()).resolves.toBe('B2');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-region"]')?.textContent === 'B3, 7',
    );
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B3');
  });

  it('[A11Y-03] an axe-core scan of the workbook page with Settings open finds nothing serious or critical', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 900],
        ['Total', '=SUM(B2)'],
      ],
    });
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-dialog').waitFor();
    await page.getByTestId('provider-row').first().waitFor();
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
    expect(suite.ui.errors).toEqual([]);
  });
});
