// The grid in a real browser: typing values and formulas, dependants updating, the formula
// bar, keyboard movement, delete, undo/redo, locks, and the initial load time.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningApp } from '../support/index.js';
import { ensureWebBuilt, hasChromium, launchBrowser, openPage, openWorkbook, screenshot, startUiServer, type UiPage } from './browser.js';
import { cell, clickCell, expectCellText, goTo, typeInto } from './grid-actions.js';

describe.skipIf(!hasChromium)('grid in the browser', () => {
  let browser: Browser;
  let server: RunningApp;
  let ui: UiPage;

  beforeAll(async () => {
    await ensureWebBuilt();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => browser?.close());
  beforeEach(async () => {
    server = await startUiServer();
    ui = await openPage(browser, server.url);
  });
  afterEach(async () => {
    await ui.close();
    await server.close();
  });

  it('[UI-LOAD] opens with cells on screen in under 1 s on localhost, with no console errors', async () => {
    await server.http.post('/grid/range', { target_cell: 'A1', values: [['Item', 'Cost'], ['Rent', 900]] });
    // Three cold loads (each a fresh browser context, so nothing is cached); the median is
    // judged, as ui.md §4.5 asks, because a shared CI machine makes single runs noisy.
    const loads: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const fresh = await openPage(browser, server.url);
      loads.push(await openWorkbook(fresh, server.url));
      expect(fresh.errors).toEqual([]);
      await fresh.close();
    }
    const interactiveMs = [...loads].sort((a, b) => a - b)[1]!;
    process.stdout.write(`[e2e] initial load to interactive (navigation start → first cells painted): ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${interactiveMs.toFixed(0)} ms\n`);
    expect(interactiveMs).toBeLessThan(1000);
    await openWorkbook(ui, server.url);
    await expectCellText(ui.page, 'B2', '900');
    await expect(ui.page.getByTestId('sheet-tab-Sheet1').getAttribute('aria-selected')).resolves.toBe('true');
    await screenshot(ui.page, 'main-1440x900');
    expect(ui.errors).toEqual([]);
  });

  it('[EDIT-04] typing values and =SUM(A1:A3) shows the sum; editing A1 updates its dependants', async () => {
    await openWorkbook(ui, server.url);
    await typeInto(ui.page, 'A1', '1');
    await ui.page.keyboard.type('2');
    await ui.page.keyboard.press('Enter');
    await ui.page.keyboard.type('3');
    await ui.page.keyboard.press('Enter');
    await typeInto(ui.page, 'B1', '=SUM(A1:A3)');
    await expectCellText(ui.page, 'B1', '6');
    await goTo(ui.page, 'B1');
    await expect(ui.page.getByTestId('formula-bar').inputValue()).resolves.toBe('=SUM(A1:A3)');
    await typeInto(ui.page, 'A1', '10');
    await expectCellText(ui.page, 'B1', '15');
    const stored = await server.http.get('/grid', { range: 'A1:B1' });
    expect((stored.body as { cells: { cell: string; value: unknown }[] }).cells.map((c) => [c.cell, c.value])).toEqual([
      ['A1', 10],
      ['B1', 15],
    ]);
    expect(ui.errors).toEqual([]);
  });
});
