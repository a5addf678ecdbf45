// Dynamic arrays and function autocomplete in the browser: a spilled array is drawn as values in
// the cells it fills (marked as spilled), and the formula bar offers the catalogue's functions.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { cell, expectCellText, goTo, typeInto } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('dynamic arrays in the browser', () => {
  const suite = useBrowserSuite();

  it('=SEQUENCE(3) typed into A1 shows 1, 2, 3 down the column; the spilled cells are marked, not inputs', async () => {
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'A1', '=SEQUENCE(3)');
    await expectCellText(page, 'A3', '3');
    await expectCellText(page, 'A2', '2');
    expect(await cell(page, 'A2').getAttribute('data-spilled-from')).toBe('A1');
    expect(await cell(page, 'A2').getAttribute('data-input')).toBeNull();
    expect(await cell(page, 'A1').getAttribute('data-formula')).toBe('=SEQUENCE(3)');
    expect(suite.ui.errors).toEqual([]);
  });

  it('the formula bar suggests functions with their signatures; Tab completes the name', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B1');
    const bar = page.getByTestId('formula-bar');
    await bar.click();
    await bar.pressSequentially('=vlo');
    const suggestions = page.getByTestId('function-suggestions');
    await expect.poll(() => suggestions.textContent()).toContain('VLOOKUP(search_criterion');
    await page.keyboard.press('Tab');
    await expect.poll(() => bar.inputValue()).toBe('=VLOOKUP(');
    await expect
      .poll(() => page.getByTestId('function-hint').textContent())
      .toBe('VLOOKUP(search_criterion, array, index, [sort_order])');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[FIRST-HOUR] the formula bar offers Excel functions only, with Excel parameter names: SUBSTITUTE, not SUBTRACT', async () => {
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B1');
    const bar = page.getByTestId('formula-bar');
    await bar.click();
    await bar.pressSequentially('=sub');
    const suggestions = page.getByTestId('function-suggestions');
    await expect
      .poll(() => suggestions.textContent())
      .toContain('SUBSTITUTE(text, old_text, new_text, [instance_num])');
    expect(await suggestions.textContent()).toContain('SUBTOTAL(');
    expect(await suggestions.textContent()).not.toContain('SUBTRACT');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.getByTestId('function-hint').textContent())
      .toBe('SUBSTITUTE(text, old_text, new_text, [instance_num])');
    expect(suite.ui.errors).toEqual([]);
  });
});
