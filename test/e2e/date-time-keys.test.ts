// Ctrl+; and Ctrl+Shift+; (docs/ui-rules.md EDIT-14): today's date and the current time, written
// into the selected cell as the dated value typing them stores, or typed at the caret of an edit.
// The expected date is the page's own clock, read in the page (the page has no fixed clock).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser.js';
import { expectCellText, goTo, typeInto } from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

interface StoredCell {
  cell: string;
  input: string | null;
  value: unknown;
  display?: string;
  format?: Record<string, unknown>;
  version: number;
}

/** One cell as GET /grid lists it (undefined when it holds nothing). */
async function storedCell(
  server: {
    http: { get: (path: string, query?: Record<string, string>) => Promise<{ body: unknown }> };
  },
  address: string,
): Promise<StoredCell | undefined> {
  const body = (await server.http.get('/grid', { range: address })).body as {
    cells: StoredCell[];
  };
  return body.cells.find((entry) => entry.cell === address && entry.input !== null);
}

/** What the cell holds, without where it is and how often it was written. */
function content(cell: StoredCell | undefined): Omit<StoredCell, 'cell' | 'version'> | undefined {
  if (cell === undefined) return undefined;
  const { cell: _address, version: _version, ...rest } = cell;
  return rest;
}

/** Today in the page's clock: as US typing writes it and as a spreadsheet serial. */
function pageToday(page: Page): Promise<{ text: string; serial: number }> {
  return page.evaluate(() => {
    const now = new Date();
    const days = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000;
    return {
      text: `${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`,
      serial: days + 25_569,
    };
  });
}

/** Minutes since midnight in the page's clock. */
function pageMinutes(page: Page): Promise<number> {
  return page.evaluate(() => new Date().getHours() * 60 + new Date().getMinutes());
}

async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
}

describe.skipIf(!hasChromium)('date and time keys in the browser', () => {
  const suite = useBrowserSuite();

  it('[EDIT-14] [FIRST-HOUR] Ctrl+; writes today as a dated value, the same cell typing the date stores; one Ctrl+Z takes it back', async () => {
    await suite.open();
    const page = suite.ui.page;
    const today = await pageToday(page);
    await goTo(page, 'B2');
    await page.keyboard.press('Control+Semicolon');
    await expectCellText(page, 'B2', today.text);
    await expect
      .poll(async () => content(await storedCell(suite.server, 'B2')))
      .toMatchObject({
        value: today.serial,
        display: today.text,
        format: { number_format: 'm/d/yyyy' },
      });
    // The selection stays on the cell, as no edit was opened.
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B2');
    await expect(page.getByTestId('cell-editor').count()).resolves.toBe(0);
    // Exactly what typing the date stores: a number a formula can count with.
    await typeInto(page, 'C2', today.text);
    await typeInto(page, 'D2', '=B2+1');
    await expect.poll(() => storedValues(suite.server, 'D2')).toEqual({ D2: today.serial + 1 });
    expect(content(await storedCell(suite.server, 'B2'))).toEqual(
      content(await storedCell(suite.server, 'C2')),
    );
    // One undo step: the third Ctrl+Z takes back the date and its format together.
    await waitSaved(page);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'C2', '');
    await expect.poll(() => storedCell(suite.server, 'C2')).toBeUndefined();
    expect(content(await storedCell(suite.server, 'B2'))).toMatchObject({ value: today.serial });
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'B2', '');
    await expect.poll(() => storedCell(suite.server, 'B2')).toBeUndefined();
    const listed = (await suite.server.http.get('/grid', { range: 'B2' })).body as {
      cells: StoredCell[];
    };
    expect(listed.cells.filter((entry) => entry.format !== undefined)).toEqual([]);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[EDIT-14] Ctrl+Shift+; writes the current time as a timed value; both keys type at the caret while editing', async () => {
    await suite.open();
    const page = suite.ui.page;
    const before = await pageMinutes(page);
    await goTo(page, 'B3');
    // On a US layout the browser reports this key as ":" (code Semicolon).
    await page.keyboard.press('Control+Shift+Semicolon');
    await expect
      .poll(async () => (await storedCell(suite.server, 'B3'))?.format)
      .toEqual({ number_format: 'h:mm AM/PM' });
    const time = (await storedCell(suite.server, 'B3'))!;
    const after = await pageMinutes(page);
    expect(time.display).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    const minutes = Math.round((time.value as number) * 24 * 60);
    expect([before, after]).toContain(minutes);
    await expectCellText(page, 'B3', time.display!);
    await typeInto(page, 'C3', time.display!);
    await expect
      .poll(async () => content(await storedCell(suite.server, 'C3')))
      .toEqual(content(time));

    // While editing, the keys type at the caret and the edit goes on.
    const today = await pageToday(page);
    await goTo(page, 'B5');
    await page.keyboard.type('Due ');
    await page.keyboard.press('Control+Semicolon');
    await page.keyboard.type('!');
    const editor = page.getByTestId('cell-editor');
    await expect(editor.inputValue()).resolves.toBe(`Due ${today.text}!`);
    await page.keyboard.press('Enter');
    await expect.poll(() => storedValues(suite.server, 'B5')).toEqual({ B5: `Due ${today.text}!` });
    // In the formula bar too, at the caret.
    await goTo(page, 'B6');
    await page.getByTestId('formula-bar').click();
    await page.keyboard.type('at ');
    await page.keyboard.press('Control+Shift+Semicolon');
    const typed = await page.getByTestId('formula-bar').inputValue();
    expect(typed).toMatch(/^at (1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => storedValues(suite.server, 'B6')).toEqual({ B6: typed });
    expect(suite.ui.errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('date and time keys on a server in another locale', () => {
  const suite = useBrowserSuite({ server: { env: { GRIDBOOK_LOCALE: 'en-GB' } } });

  it('[EDIT-14] Ctrl+; on an en-GB server writes today, typed as en-GB reads it, not the US text that is another day there', async () => {
    await suite.open();
    const page = suite.ui.page;
    const today = await pageToday(page);
    await goTo(page, 'B2');
    await page.keyboard.press('Control+Semicolon');
    await expect.poll(async () => (await storedCell(suite.server, 'B2'))?.value).toBe(today.serial);
    const stored = (await storedCell(suite.server, 'B2'))!;
    // Day first, as en-GB shows and reads dates (01/12/2026 for 1 December).
    const shown = await page.evaluate(() => {
      const now = new Date();
      const two = (part: number) => String(part).padStart(2, '0');
      return `${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`;
    });
    expect(stored.display).toBe(shown);
    expect(stored.format).toEqual({ number_format: 'dd/mm/yyyy' });
    await expectCellText(page, 'B2', stored.display!);
    expect(suite.ui.errors).toEqual([]);
  });
});
