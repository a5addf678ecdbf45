// Issue 8's acceptance path as one person would walk it, in one page: build a small budget by
// hand and with the agent (a fake model), chart it, export it to xlsx, and load that file back.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { expectCellText, goTo, typeInto } from './grid-actions.js';
import { storedValues, useBrowserSuiteWithFakeModel } from './suite.js';

describe.skipIf(!hasChromium)('a new user’s first budget', () => {
  const { suite, fakes } = useBrowserSuiteWithFakeModel({ width: 1280, height: 720 });

  it('[ISSUE-8] a budget built by hand and with the agent is charted, exported to xlsx and loaded back', async () => {
    await suite.open();
    const page = suite.ui.page;

    // By hand: two items and a total.
    for (const [address, text] of [
      ['A1', 'Item'],
      ['B1', 'Cost'],
      ['A2', 'Rent'],
      ['B2', '900'],
      ['A3', 'Food'],
      ['B3', '300'],
      ['A4', 'Total'],
      ['B4', '=SUM(B2:B3)'],
    ] as const) {
      await typeInto(page, address, text);
    }
    await expectCellText(page, 'B4', '1200');

    // With the agent: income and what is left, next to the table.
    fakes.groq.replyText(
      JSON.stringify({
        reasoning: 'Income and what is left after the costs.',
        target_cell: 'D1',
        values: [
          ['Income', 3000],
          ['Left', '=E1-B4'],
        ],
      }),
    );
    await page.getByTestId('chat-input').fill('add my income of 3000 and what is left');
    await page.getByTestId('chat-input').press('Enter');
    const card = page.getByTestId('preview-card');
    await card.getByTestId('preview-apply').click();
    await expect(card.getByTestId('outcome-badge').textContent()).resolves.toBe('Applied');
    await expectCellText(page, 'E2', '1800');

    // Chart the costs.
    await goTo(page, 'A1:B3');
    await page.getByTestId('menu-insert').click();
    await page.getByTestId('menu-insert-chart').click();
    await page.getByTestId('chart-save').click();
    await page.locator('[data-testid="chart-canvas"][data-rendered="true"]').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="chart-data-table"]')?.textContent?.includes('Rent900'),
    );

    // Export to xlsx, wipe the workbook on the server, and import the file back.
    const download = page.waitForEvent('download');
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-download-xlsx').click();
    const xlsx = await readFile((await (await download).path())!);
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    await suite.server.http.post('/system/clear');
    expect(await storedValues(suite.server, 'A1:E4')).toEqual({});

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('menu-file').click();
    await page.getByTestId('menu-import').click();
    await (
      await chooser
    ).setFiles({
      name: 'budget.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('toast').filter({ hasText: 'Imported budget.xlsx' }).waitFor();
    await expectCellText(page, 'A2', 'Rent');
    await expectCellText(page, 'B4', '1200');
    await expectCellText(page, 'E2', '1800');
    expect(await storedValues(suite.server, 'A1:E4')).toMatchObject({
      A4: 'Total',
      B4: 1200,
      D1: 'Income',
      E1: 3000,
      E2: 1800,
    });

    // The imported formulas are live: a new rent moves the total and what is left.
    await typeInto(page, 'B2', '1000');
    await expectCellText(page, 'B4', '1300');
    await expectCellText(page, 'E2', '1700');
    expect(suite.ui.errors).toEqual([]);
  });
});
