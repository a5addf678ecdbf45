// The grid in a real browser: the cold load (cells painted, then typing), display by type
// and error tooltips, padlocks on locked cells, formulas and their dependants.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningApp } from '../support/index.js';
import {
  ensureWebBuilt,
  hasChromium,
  launchBrowser,
  openPage,
  openWorkbook,
  screenshot,
  startUiServer,
  type UiPage,
} from './browser.js';
import { cell, cellPixels, expectCellText, goTo, inkExtent, typeInto } from './grid-actions.js';
import { storedValues } from './suite.js';
import { loadThenType } from './timings.js';

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

  it('[UI-LOAD][PERF-03] cold loads paint cells and accept typing into A1, with no console errors (times printed; gated by npm run test:perf)', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 900],
      ],
    });
    // Three cold loads (each a fresh browser context, so nothing is cached); the median is judged,
    // as docs/ui-rules.md MEAS-04 asks, because a shared CI machine makes single runs noisy.
    const loads: number[] = [];
    const typed: number[] = [];
    let a1 = 'Item';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const fresh = await openPage(browser, server.url);
      const typedKey = 'xyz'[attempt]!;
      const times = await loadThenType(fresh, server.url, a1, typedKey);
      a1 = typedKey;
      loads.push(times.interactiveMs);
      typed.push(times.typedMs);
      await expect.poll(() => storedValues(server, 'A1')).toEqual({ A1: a1 });
      expect(fresh.errors).toEqual([]);
      await fresh.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    const interactiveMs = median(loads);
    const typedMs = median(typed);
    process.stdout.write(
      `[e2e] initial load to interactive (navigation start → first cells painted): ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${interactiveMs.toFixed(0)} ms\n`,
    );
    process.stdout.write(
      `[e2e] navigation start → typed text shown in A1: ${typed.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${typedMs.toFixed(0)} ms\n`,
    );
    await openWorkbook(ui, server.url);
    await expectCellText(ui.page, 'B2', '900');
    await expect(
      ui.page.getByTestId('sheet-tab-Sheet1').getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await screenshot(ui.page, 'main-1440x900');
    expect(ui.errors).toEqual([]);
  });

  it('[GRID-02] numbers sit right, text left, booleans centred; an error shows its sentinel and a tooltip says why', async () => {
    await openWorkbook(ui, server.url);
    await goTo(ui.page, 'A1');
    for (const typed of ['12', 'abc', 'TRUE', '=1/0']) {
      await ui.page.keyboard.type(typed);
      await ui.page.keyboard.press('Enter');
    }
    await expectCellText(ui.page, 'A4', '#DIV/0!');
    await expectCellText(ui.page, 'A3', 'TRUE');
    await expect(cell(ui.page, 'A4').getAttribute('data-error')).resolves.toBe('#DIV/0!');
    // Where the text is drawn on the canvas, not only how the mirror is styled.
    const placement = async (address: string) => {
      const pixels = await cellPixels(ui.page, address);
      const ink = inkExtent(pixels);
      if (ink === null) throw new Error(`${address} has no text drawn`);
      return { leftGap: ink.left, rightGap: pixels.width - 1 - ink.right };
    };
    const number = await placement('A1');
    const text = await placement('A2');
    const boolean = await placement('A3');
    expect(number.rightGap).toBeLessThan(number.leftGap);
    expect(text.leftGap).toBeLessThan(text.rightGap);
    expect(Math.abs(boolean.leftGap - boolean.rightGap)).toBeLessThanOrEqual(4);
    for (const [address, align] of [
      ['A1', 'right'],
      ['A2', 'left'],
      ['A3', 'center'],
    ] as const) {
      await expect(
        cell(ui.page, address).evaluate((element) => getComputedStyle(element).textAlign),
      ).resolves.toBe(align);
    }
    const box = await cell(ui.page, 'A4').boundingBox();
    await ui.page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(ui.page.getByTestId('cell-tooltip').textContent()).resolves.toMatch(
      /division by zero/i,
    );
    expect(ui.errors).toEqual([]);
  });

  it('[GRID-02] a number too long for its column is rounded to fit, never drawn over its neighbour', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'B2',
      values: [['=2/3', '=123456789012345*7']],
    });
    await openWorkbook(ui, server.url);
    await ui.page.waitForFunction(
      () => document.querySelector('[data-testid="cell-C2"]')?.textContent !== '',
    );
    // Fewer decimals for 2/3, scientific notation for a 15-digit whole number (how many fit depends
    // on the font).
    const fraction = (await cell(ui.page, 'B2').textContent())!;
    expect(fraction).toMatch(/^0\.6+7$/);
    expect(fraction.length).toBeLessThan('0.6666666667'.length);
    expect(await cell(ui.page, 'C2').textContent()).toMatch(/^8\.6\d*e\+14$/);
    // The empty cell to their left stays blank on the canvas.
    expect(inkExtent(await cellPixels(ui.page, 'A2'))).toBeNull();
    // The formula bar and the stored value are untouched by the fitting.
    await goTo(ui.page, 'B2');
    await expect(ui.page.getByTestId('formula-bar').inputValue()).resolves.toBe('=2/3');
    expect((await storedValues(server, 'B2')).B2).toBeCloseTo(2 / 3, 10);
    expect(ui.errors).toEqual([]);
  });

  it('[GRID-03] a locked cell is marked data-locked and carries a padlock', async () => {
    await server.http.post('/grid/cell', { cell: 'B2', value: '5' });
    await server.http.post('/grid/lock', { range: 'B2' });
    await openWorkbook(ui, server.url);
    await ui.page.locator('[data-testid="cell-B2"][data-locked="true"]').waitFor();
    await expect(
      cell(ui.page, 'B2').getByTestId('lock-icon').getAttribute('aria-label'),
    ).resolves.toBe('locked');
    await expect(cell(ui.page, 'C2').getAttribute('data-locked')).resolves.toBeNull();
    // The padlock is drawn in the cell's top-right corner, in its own colour (grid-cells.ts).
    const padlockPixels = async (address: string) => {
      const pixels = await cellPixels(ui.page, address);
      let count = 0;
      for (let y = 2; y < 14; y += 1) {
        for (let x = pixels.width - 14; x < pixels.width - 1; x += 1) {
          const at = (y * pixels.width + x) * 4;
          const [r, g, b] = [pixels.rgba[at]!, pixels.rgba[at + 1]!, pixels.rgba[at + 2]!];
          if (Math.abs(r - 0x8a) < 40 && Math.abs(g - 0x6d) < 40 && Math.abs(b - 0x1f) < 40)
            count += 1;
        }
      }
      return count;
    };
    expect(await padlockPixels('B2')).toBeGreaterThan(10);
    expect(await padlockPixels('C2')).toBe(0);
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
    expect(
      (stored.body as { cells: { cell: string; value: unknown }[] }).cells.map((c) => [
        c.cell,
        c.value,
      ]),
    ).toEqual([
      ['A1', 10],
      ['B1', 15],
    ]);
    expect(ui.errors).toEqual([]);
  });
});
