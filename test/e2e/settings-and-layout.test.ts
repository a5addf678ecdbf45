// Settings (provider keys and models), dialogs that keep focus, the AI panel toggle that is
// remembered, and screenshots of the main screen at 1280×720 and 1920×1080.
import { describe, expect, it } from 'vitest';
import { MemoryKeyStore, ProviderService } from '../../src/providers/index.js';
import { hasChromium, screenshot } from './browser.js';
import { expectCellText } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

const BUDGET = [
  ['Budget', 'Jan', 'Feb', 'Mar', 'Total'],
  ['Rent', 900, 900, 900, '=SUM(B2:D2)'],
  ['Food', 320, 290, 350, '=SUM(B3:D3)'],
  ['Transport', 80, 95, 70, '=SUM(B4:D4)'],
  ['Total', '=SUM(B2:B4)', '=SUM(C2:C4)', '=SUM(D2:D4)', '=SUM(E2:E4)'],
  ['Share of rent', '=B2/B5', '=C2/C5', '=D2/D5', '=1/0'],
];

describe.skipIf(!hasChromium)('settings in the browser', () => {
  const suite = useBrowserSuite({
    server: async () => ({
      deps: {
        providers: await ProviderService.open({
          keyStore: new MemoryKeyStore(),
          envKeys: {},
          sleep: async () => {},
        }),
      },
    }),
  });

  it('[KEYS-02][KEYS-04] saving a key shows it masked and adds its models to the picker; removing takes them away', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('no-key-notice').waitFor();
    await page.getByTestId('open-settings').click();
    const row = page.locator('[data-testid="provider-row"][data-provider="groq"]');
    await expect(row.getByTestId('provider-key-input').getAttribute('type')).resolves.toBe(
      'password',
    );
    await expect(row.getByTestId('provider-key-input').getAttribute('autocomplete')).resolves.toBe(
      'off',
    );
    await row.getByTestId('provider-key-input').fill('gsk_secret-value-7890');
    await row.getByTestId('provider-save').click();
    await page
      .locator('[data-testid="provider-row"][data-provider="groq"][data-configured="true"]')
      .waitFor({ timeout: 5000 });
    await expect(row.getByTestId('provider-status').textContent()).resolves.toBe('Configured');
    await expect(row.getByTestId('provider-masked-key').textContent()).resolves.not.toContain(
      'secret-value',
    );
    await expect(page.locator('body').innerHTML()).resolves.not.toContain('gsk_secret-value-7890');
    await page
      .locator('[data-testid="model-row"][data-available="true"]')
      .first()
      .waitFor({ timeout: 5000 });
    await page.getByTestId('dialog-close').click();
    await page.getByTestId('model-select').waitFor({ timeout: 5000 });
    const options = await page.getByTestId('model-select').locator('option').count();
    expect(options).toBeGreaterThan(0);

    await page.getByTestId('open-settings').click();
    await row.getByTestId('provider-remove').click({ timeout: 5000 });
    await row.getByTestId('provider-remove-confirm').click({ timeout: 5000 });
    await page
      .locator('[data-testid="provider-row"][data-provider="groq"][data-configured="false"]')
      .waitFor({ timeout: 5000 });
    await page.getByTestId('dialog-close').click();
    await page.getByTestId('no-key-notice').waitFor({ timeout: 5000 });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[A11Y-02] a dialog keeps Tab inside, closes on Escape and gives focus back to its opener', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('open-settings').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-dialog').waitFor();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('open-settings');
  });

  it('[AI-01] the AI panel toggle is remembered after a reload', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('ai-panel').waitFor();
    await page.getByTestId('toggle-ai').click();
    await page.getByTestId('ai-panel').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('cell-A1').waitFor();
    await expect(page.getByTestId('ai-panel').count()).resolves.toBe(0);
    await expect(page.getByTestId('toggle-ai').getAttribute('aria-pressed')).resolves.toBe('false');
  });
});

describe.skipIf(!hasChromium)('the main screen at common sizes', () => {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    describe(`${width}×${height}`, () => {
      const suite = useBrowserSuite({ page: { width, height } });

      it(`[LAYOUT] a small budget with a chart fits, with no console errors (screenshot main-${width}x${height}.png)`, async () => {
        await suite.server.http.post('/workbook/rename', { name: 'Household budget' });
        await suite.server.http.post('/grid/range', { target_cell: 'A1', values: BUDGET });
        await suite.server.http.post('/grid/lock', { range: 'A1:E1' });
        await suite.server.http.post('/system/charts', {
          data_range: 'A1:D4',
          title: 'Monthly costs',
          anchor_cell: 'G2',
          width: 380,
          height: 240,
          orientation: 'rows',
        });
        await suite.open();
        const page = suite.ui.page;
        await expectCellText(page, 'E5', '3905');
        await expectCellText(page, 'E6', '#DIV/0!');
        await page.locator('[data-testid="chart-canvas"][data-rendered="true"]').waitFor();
        await expect(page.getByTestId('cell-E6').getAttribute('data-error')).resolves.toBe(
          '#DIV/0!',
        );
        await expect(page.getByTestId('cell-A1').getAttribute('data-locked')).resolves.toBe('true');
        for (const id of [
          'workbook-title',
          'formula-bar',
          'name-box',
          'sheet-tab-Sheet1',
          'chat-input',
          'toggle-ai',
        ]) {
          const box = await page.getByTestId(id).boundingBox();
          expect(box, id).not.toBeNull();
          expect(box!.x + box!.width, id).toBeLessThanOrEqual(width);
          expect(box!.y + box!.height, id).toBeLessThanOrEqual(height);
        }
        await screenshot(page, `main-${width}x${height}`);
        expect(suite.ui.errors).toEqual([]);
      });
    });
  }
});
