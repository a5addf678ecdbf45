// RT-02 in the browser: two people on one workbook see each other's selection as a coloured box
// with a name at its top-left, only while on the same sheet, and a page that closes disappears
// from the other at once (it says it leaves; one that cannot goes once unheard for 8 s).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openPage, openWorkbook } from './browser.js';
import { cell, goTo } from './grid-actions.js';
import { useBrowserSuite } from './suite.js';

const peerBox = (page: Page, range?: string) =>
  page.locator(
    range === undefined
      ? '[data-testid="peer-selection"]'
      : `[data-testid="peer-selection"][data-range="${range}"]`,
  );

describe.skipIf(!hasChromium)('other people’s selections in an open page', () => {
  const suite = useBrowserSuite();

  it('[RT-02] a selection in one browser shows in the other as a labelled box over its cells, only on its sheet, and goes at once when its page closes', async () => {
    await suite.server.http.post('/workbook/sheet', { name: 'Costs' });
    await suite.open();
    // Another browser (its own storage, so its own client id).
    const other = await openPage(suite.browser, suite.server.url);
    try {
      await openWorkbook(other, suite.server.url);
      await goTo(suite.ui.page, 'B2:C3');

      const box = peerBox(other.page, 'B2:C3');
      await box.waitFor({ timeout: 5000 });
      await expect(box.locator('.peer-label').textContent()).resolves.toMatch(
        /^Guest [0-9a-f]{4}$/,
      );
      // The box covers B2 to C3 as the grid draws them.
      const drawn = (await box.boundingBox())!;
      const first = (await cell(other.page, 'B2').boundingBox())!;
      const last = (await cell(other.page, 'C3').boundingBox())!;
      expect(Math.abs(drawn.x - first.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(drawn.y - first.y)).toBeLessThanOrEqual(2);
      expect(Math.abs(drawn.x + drawn.width - (last.x + last.width))).toBeLessThanOrEqual(2);
      expect(Math.abs(drawn.y + drawn.height - (last.y + last.height))).toBeLessThanOrEqual(2);
      // A page never shows its own selection as someone else's.
      await goTo(other.page, 'E5');
      await peerBox(suite.ui.page, 'E5').waitFor({ timeout: 5000 });
      await expect(peerBox(suite.ui.page).count()).resolves.toBe(1);

      // The first moves to another sheet: hidden here, shown once this page goes there too.
      await suite.ui.page.getByTestId('sheet-tab-Costs').click();
      await peerBox(other.page).waitFor({ state: 'detached', timeout: 5000 });
      await other.page.getByTestId('sheet-tab-Costs').click();
      await peerBox(other.page).waitFor({ timeout: 5000 });

      // The first page closes: it says so (DELETE /presence) and its box goes at once, long
      // before the 8 s a page unheard stands.
      const closedAt = Date.now();
      await suite.ui.page.close({ runBeforeUnload: true });
      await peerBox(other.page).waitFor({ state: 'detached', timeout: 15_000 });
      expect(Date.now() - closedAt).toBeLessThan(4_000);
      expect(suite.ui.errors).toEqual([]);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
