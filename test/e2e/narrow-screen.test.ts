// The page on a phone-sized screen (390 px) and a tablet (768 px): nothing widens the page past the screen, every
// top-bar and formatting-toolbar control can be reached, and every menu opens wholly inside the
// window.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { useBrowserSuite } from './suite.js';

const WIDTH = 390;

describe.skipIf(!hasChromium)('the page at 390 px wide', () => {
  const suite = useBrowserSuite({ page: { width: WIDTH, height: 800 } });

  it('[RESP-02] the page is no wider than the screen and every menu opens inside it', async () => {
    await suite.open();
    const page = suite.ui.page;
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(WIDTH);
    for (const menu of ['menu-file', 'menu-edit', 'menu-insert']) {
      await page.getByTestId(menu).click();
      const box = await page.getByTestId('context-menu').boundingBox();
      expect(box, menu).not.toBeNull();
      expect(box!.x, menu).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, menu).toBeLessThanOrEqual(WIDTH);
      expect(box!.y + box!.height, menu).toBeLessThanOrEqual(800);
      await page.keyboard.press('Escape');
    }
    for (const control of ['undo', 'open-settings', 'toggle-ai']) {
      const button = page.getByTestId(control);
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box!.x, control).toBeGreaterThanOrEqual(0);
      // Scrolled into view, the last one may end a fraction of a pixel past the edge.
      expect(box!.x + box!.width, control).toBeLessThanOrEqual(WIDTH + 1);
    }
    // The assistant panel covers the bars below the top bar on a phone; closed, the formatting
    // toolbar scrolls sideways to its last button and its number-format menu opens inside.
    await page.getByTestId('toggle-ai').click();
    await page.getByTestId('format-number-menu').click();
    const menu = await page.getByTestId('context-menu').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(WIDTH);
    expect(menu!.y + menu!.height).toBeLessThanOrEqual(800);
    await page.keyboard.press('Escape');
    for (const control of ['format-wrap', 'format-clear']) {
      const button = page.getByTestId(control);
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box!.x, control).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, control).toBeLessThanOrEqual(WIDTH + 1);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(WIDTH);
  });
});

describe.skipIf(!hasChromium)('the page at 768 px wide (a tablet)', () => {
  const TABLET = 768;
  const suite = useBrowserSuite({ page: { width: TABLET, height: 900 } });

  it('[RESP-01] every top-bar control is on screen without scrolling and the page is no wider than the window', async () => {
    await suite.open();
    const page = suite.ui.page;
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(TABLET);
    for (const control of ['menu-file', 'undo', 'save-state', 'open-settings', 'toggle-ai']) {
      const box = await page.getByTestId(control).boundingBox();
      expect(box, control).not.toBeNull();
      expect(box!.x, control).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, control).toBeLessThanOrEqual(TABLET);
    }
    // Where it is drawn is where a click lands: Keys & models opens Settings, Ask AI its panel.
    const settings = await page.getByTestId('open-settings').boundingBox();
    await page.mouse.click(settings!.x + settings!.width / 2, settings!.y + settings!.height / 2);
    await page.getByTestId('settings-dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Keys & models' }).count()).resolves.toBe(1);
    expect(suite.ui.errors).toEqual([]);
  });
});
