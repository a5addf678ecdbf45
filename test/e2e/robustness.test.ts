// Refusals in words: when the server answers 4xx with a structured `detail`, the page says
// what went wrong and never shows "[object Object]" or a stack trace (docs/ui-rules.md ROB-01, the
// GridOS defect of §1.18).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { clickCell, expectCellText, goTo, typeInto } from './grid-actions.js';
import { useBrowserSuiteWithFakeModel } from './suite.js';

const STACK_TRACE = /\bat\s+\S+\s+\(?[^\s()]+:\d+:\d+\)?|\n\s*at\s/;

/** Answer calls to `pathname` with 422 and an object detail (only that method); returns the undo of the stub. */
async function refuse(
  page: Page,
  method: string,
  pathname: string,
  detail: Record<string, unknown>,
): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === pathname;
  await page.route(matches, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ detail }),
        })
      : route.fallback(),
  );
  return () => page.unroute(matches);
}

/** Wait for the error toast naming `reason`, then check no visible text is a raw object or a stack. */
async function expectReadableRefusal(page: Page, reason: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: reason }).waitFor({ timeout: 5000 });
  await expectNoRawErrors(page);
}

async function expectNoRawErrors(page: Page): Promise<void> {
  const visible = await page.evaluate(() => document.body.innerText);
  expect(visible).not.toContain('[object Object]');
  expect(visible).not.toMatch(STACK_TRACE);
}

describe.skipIf(!hasChromium)('server refusals in the browser', () => {
  // A fake Groq behind the AI panel, so a proposal exists whose Apply can be refused.
  const { suite, fakes } = useBrowserSuiteWithFakeModel({ allowHttpErrors: [422] });

  it('[ROB-01] typing, pasting, clearing, locking and undo refused with an object detail read as sentences', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    await suite.open();
    const page = suite.ui.page;

    const allowCellWrites = await refuse(page, 'POST', '/grid/cell', {
      cell: 'C1',
      message: 'C1 only takes numbers here',
    });
    await typeInto(page, 'C1', 'text');
    await expectReadableRefusal(page, 'C1 was not changed: C1 only takes numbers here');
    await expectCellText(page, 'C1', '');

    await refuse(page, 'POST', '/grid/range', { target: 'D1', reason: { code: 'too_big' } });
    await page.evaluate(() => navigator.clipboard.writeText('7\t8'));
    await goTo(page, 'D1');
    await page.keyboard.press('Control+v');
    await expectReadableRefusal(page, 'Paste failed:');

    await refuse(page, 'POST', '/grid/clear', {
      range: 'A1:B2',
      message: 'Clearing is switched off',
    });
    await goTo(page, 'A1:B2');
    await page.keyboard.press('Delete');
    await expectReadableRefusal(page, 'Clear failed: Clearing is switched off');
    await expectCellText(page, 'B2', '4');

    await refuse(page, 'POST', '/grid/lock', {
      range: 'A1',
      error: { message: 'Locks are read-only in this workbook' },
    });
    await clickCell(page, 'A1', { button: 'right' });
    await page.getByTestId('menu-lock').click();
    await expectReadableRefusal(page, 'Lock failed: Locks are read-only in this workbook');

    await allowCellWrites();
    await typeInto(page, 'E1', '5');
    await expectCellText(page, 'E1', '5');
    await refuse(page, 'POST', '/workbook/undo', {
      message: 'History is unavailable',
      steps: [1, 2],
    });
    await page.keyboard.press('Control+z');
    await expectReadableRefusal(page, 'Undo failed: History is unavailable');
    await expectCellText(page, 'E1', '5');
  });

  it('[ROB-01] adding a sheet and renaming the workbook refused with an object detail read as sentences', async () => {
    await suite.open();
    const page = suite.ui.page;
    await refuse(page, 'POST', '/workbook/sheet', {
      limit: 200,
      message: 'This workbook has too many sheets',
    });
    await page.getByTestId('add-sheet').click();
    await expectReadableRefusal(page, 'Could not add a sheet: This workbook has too many sheets');
    await expect(page.locator('[role="tab"]').count()).resolves.toBe(1);

    await refuse(page, 'POST', '/workbook/rename', {
      name: { reason: 'taken' },
      detail: 'That name is taken',
    });
    await page.getByTestId('workbook-title').click();
    await page.keyboard.type('Budget');
    await page.keyboard.press('Enter');
    await expectReadableRefusal(page, 'That name is taken');
  });

  it('[ROB-01] an AI apply refused with an object detail shows its message on the card (GridOS showed "[object Object]")', async () => {
    fakes.groq.replyText(
      JSON.stringify({ reasoning: 'Two amounts.', target_cell: 'B2', values: [[10], [20]] }),
    );
    await suite.open();
    const page = suite.ui.page;
    await refuse(page, 'POST', '/agent/apply', {
      message: 'The target moved while you were reading',
      target: { cell: 'B2', rows: 2 },
    });
    await page.getByTestId('chat-input').fill('two amounts');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('preview-apply').click();
    await expect(page.getByTestId('apply-error').textContent()).resolves.toContain(
      'The target moved while you were reading',
    );
    await expectNoRawErrors(page);
  });
});
