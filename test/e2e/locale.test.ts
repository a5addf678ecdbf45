// A server in another locale (GRIDBOOK_LOCALE): what people type is read the way that locale
// writes numbers, and shown so.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { expectCellText, typeInto } from './grid-actions.js';
import { storedValues, useBrowserSuite } from './suite.js';

describe.skipIf(!hasChromium)('typing numbers on a de-DE server', () => {
  const suite = useBrowserSuite({ server: { env: { GRIDBOOK_LOCALE: 'de-DE' } } });

  it('reads 1,5 as one and a half, shows it with its comma, and computes with it', async () => {
    await suite.open();
    const page = suite.ui.page;
    await typeInto(page, 'A1', '1,5');
    await typeInto(page, 'A2', '1.234,5');
    await typeInto(page, 'A3', '=A1*2');
    await expect
      .poll(() => storedValues(suite.server, 'A1:A3'))
      .toEqual({ A1: 1.5, A2: 1234.5, A3: 3 });
    await expectCellText(page, 'A1', '1,5');
    await expectCellText(page, 'A2', '1.234,50');
    await expectCellText(page, 'A3', '3');
    expect(suite.ui.errors).toEqual([]);
  });
});
