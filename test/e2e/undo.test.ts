// Undo in the browser: every user action is one Ctrl+Z, however many cells it wrote
// (docs/ui-rules.md UNDO-02), and an undo never overwrites another client's newer value (UNDO-04).
// The AI apply runs against the fake Groq server of test/fakes, never a real vendor.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { dragFillHandle, expectCellText, goTo, typeInto } from './grid-actions.js';
import { storedValues, useBrowserSuiteWithFakeModel } from './suite.js';

describe.skipIf(!hasChromium)('undo in the browser', () => {
  const { suite, fakes } = useBrowserSuiteWithFakeModel({ allowHttpErrors: [409] });

  /**
   * Run `action`, wait until the server holds `after`, press Ctrl+Z once, wait until it holds
   * `before` again.
   */
  async function oneUndoStep(
    page: Page,
    range: string,
    action: () => Promise<void>,
    after: Record<string, unknown>,
  ): Promise<void> {
    const before = await storedValues(suite.server, range);
    await action();
    await expect.poll(() => storedValues(suite.server, range)).toEqual(after);
    await goTo(page, 'J20');
    await page.keyboard.press('Control+z');
    await expect.poll(() => storedValues(suite.server, range)).toEqual(before);
  }

  it('[UNDO-02] a 3×3 paste, a fill, a Delete of a range and an AI apply are each taken back by one Ctrl+Z', async () => {
    await suite.server.http.post('/grid/range', { target_cell: 'A1', values: [[1], [2]] });
    await suite.server.http.post('/grid/range', {
      target_cell: 'E1',
      values: [
        ['x', 'y'],
        ['z', 'w'],
      ],
    });
    fakes.groq.replyText(
      JSON.stringify({
        reasoning: 'Three amounts.',
        target_cell: 'B2',
        values: [[10], [20], [30]],
      }),
    );
    await suite.open();
    const page = suite.ui.page;

    await oneUndoStep(
      page,
      'G1:I3',
      async () => {
        await page.evaluate(() => navigator.clipboard.writeText('1\t2\t3\n4\t5\t6\n7\t8\t9'));
        await goTo(page, 'G1');
        await page.keyboard.press('Control+v');
      },
      { G1: 1, H1: 2, I1: 3, G2: 4, H2: 5, I2: 6, G3: 7, H3: 8, I3: 9 },
    );
    await expectCellText(page, 'I3', '');

    await oneUndoStep(
      page,
      'A1:A6',
      async () => {
        await goTo(page, 'A1:A2');
        await dragFillHandle(page, 'A2', 'A6');
      },
      { A1: 1, A2: 2, A3: 3, A4: 4, A5: 5, A6: 6 },
    );
    await expectCellText(page, 'A6', '');
    await expectCellText(page, 'A2', '2');

    await oneUndoStep(
      page,
      'E1:F2',
      async () => {
        await goTo(page, 'E1:F2');
        await page.keyboard.press('Delete');
      },
      {},
    );
    await expectCellText(page, 'F2', 'w');

    await oneUndoStep(
      page,
      'B2:B4',
      async () => {
        await page.getByTestId('chat-input').fill('three amounts in B2');
        await page.getByTestId('chat-input').press('Enter');
        await page.getByTestId('preview-apply').click();
        await expect(page.getByTestId('outcome-badge').textContent()).resolves.toBe('Applied');
      },
      { B2: 10, B3: 20, B4: 30 },
    );
    await expectCellText(page, 'B4', '');
    // Each step undid only its own action: what came before is still there.
    expect(await storedValues(suite.server, 'A1:F2')).toEqual({
      A1: 1,
      A2: 2,
      E1: 'x',
      F1: 'y',
      E2: 'z',
      F2: 'w',
    });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[UNDO-04] Ctrl+Z after another client wrote the cell sends expected_versions, gets 409, keeps their value and says so', async () => {
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'A1', 'mine');
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'mine' });
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'theirs' });
    const undoRequest = page.waitForRequest((request) => request.url().endsWith('/workbook/undo'));
    const undoResponse = page.waitForResponse((response) =>
      response.url().endsWith('/workbook/undo'),
    );
    await goTo(page, 'C3');
    await page.keyboard.press('Control+z');
    expect((await undoRequest).postDataJSON()).toMatchObject({
      sheet: 'Sheet1',
      expected_versions: { A1: expect.any(Number) },
    });
    expect((await undoResponse).status()).toBe(409);
    await page
      .getByTestId('toast')
      .filter({ hasText: 'A1 was changed by someone else after your edit' })
      .waitFor();
    await expectCellText(page, 'A1', 'theirs');
    expect(await storedValues(suite.server, 'A1')).toEqual({ A1: 'theirs' });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[UNDO-04] Ctrl+Z after another client wrote elsewhere is refused too: the step on top is theirs', async () => {
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'A1', 'mine');
    await expect.poll(() => storedValues(suite.server, 'A1')).toEqual({ A1: 'mine' });
    await suite.server.http.post('/grid/cell', { cell: 'B5', value: 'theirs' });
    const undoResponse = page.waitForResponse((response) =>
      response.url().endsWith('/workbook/undo'),
    );
    await goTo(page, 'C3');
    await page.keyboard.press('Control+z');
    expect((await undoResponse).status()).toBe(409);
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Someone else changed the workbook after your last change' })
      .waitFor();
    await expectCellText(page, 'B5', 'theirs');
    expect(await storedValues(suite.server, 'A1:B5')).toEqual({ A1: 'mine', B5: 'theirs' });
  });

  it('[UNDO-04] Ctrl+Z after a paste is refused once another client has changed the workbook: every undo names its page', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.evaluate(() => navigator.clipboard.writeText('1\t2\n3\t4'));
    await goTo(page, 'A1');
    await page.keyboard.press('Control+v');
    await expect
      .poll(() => storedValues(suite.server, 'A1:B2'))
      .toEqual({ A1: 1, B1: 2, A2: 3, B2: 4 });
    // Another client (no X-Gridbook-Client of this page) renames the workbook: not a cell of the
    // paste.
    await suite.server.http.post('/workbook/rename', { name: 'Theirs' });
    const undoRequest = page.waitForRequest((request) => request.url().endsWith('/workbook/undo'));
    const undoResponse = page.waitForResponse((response) =>
      response.url().endsWith('/workbook/undo'),
    );
    await goTo(page, 'C3');
    await page.keyboard.press('Control+z');
    const sent = (await undoRequest).postDataJSON() as { expected_origin?: string };
    expect(sent.expected_origin).toMatch(/^web-[0-9a-f]{24}$/);
    expect((await undoRequest).headers()['x-gridbook-client']).toBe(sent.expected_origin);
    expect((await undoResponse).status()).toBe(409);
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Someone else changed the workbook after your last change' })
      .waitFor();
    expect(await storedValues(suite.server, 'A1:B2')).toEqual({ A1: 1, B1: 2, A2: 3, B2: 4 });
    expect(
      ((await suite.server.http.get('/api/workbook')).body as { workbook_name: string })
        .workbook_name,
    ).toBe('Theirs');
  });

  it("[ISSUE-12] after a reload, Ctrl+Z still undoes the user's own last change (the client id belongs to the browser profile)", async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'first' });
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'B2', 'mine');
    await expect.poll(() => storedValues(suite.server, 'B2')).toEqual({ B2: 'mine' });
    await page.reload();
    await expectCellText(page, 'B2', 'mine');
    await page.keyboard.press('Control+z');
    await expect.poll(() => storedValues(suite.server, 'A1:B2')).toEqual({ A1: 'first' });
    await expectCellText(page, 'B2', '');
  });

  it('[FIRST-HOUR] after a reload, one Ctrl+Z still undoes a whole cut and paste, and a formatted paste', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'moved' });
    await suite.server.http.post('/grid/cell', { cell: 'E1', value: '0.5' });
    await suite.server.http.post('/grid/format', { range: 'E1', format: { number_format: '0%' } });
    await suite.open();
    const page = suite.ui.page;
    await expectCellText(page, 'E1', '50%');
    await goTo(page, 'E1');
    await page.keyboard.press('Control+c');
    await goTo(page, 'F1');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'F1', '50%');
    await goTo(page, 'A1');
    await page.keyboard.press('Control+x');
    await goTo(page, 'C3');
    await page.keyboard.press('Control+v');
    await expectCellText(page, 'C3', 'moved');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
    await page.reload();
    await expectCellText(page, 'C3', 'moved');
    // The clear of A1 and the write of C3 go back together: the cell is never gone from both.
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => storedValues(suite.server, 'A1:F3'))
      .toEqual({ A1: 'moved', E1: 0.5, F1: 0.5 });
    await expectCellText(page, 'A1', 'moved');
    // The paste's value and its format go back together too.
    await page.keyboard.press('Control+z');
    await expect.poll(() => storedValues(suite.server, 'A1:F3')).toEqual({ A1: 'moved', E1: 0.5 });
    await expectCellText(page, 'F1', '');
  });
});
