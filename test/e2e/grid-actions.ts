// Driving the grid the way a person does: click cells (through their mirror position), type,
// read what a cell shows.
import type { Page } from 'playwright-core';
import type { SuiteContext } from './suite.js';

export function cell(page: Page, address: string) {
  return page.locator(`[data-testid="cell-${address}"]`);
}

/** Click the canvas where the cell is (the mirror lets clicks through). */
export async function clickCell(
  page: Page,
  address: string,
  options: { modifiers?: ('Shift' | 'Control')[]; button?: 'left' | 'right' } = {},
): Promise<void> {
  const box = await cell(page, address).boundingBox();
  if (box === null) throw new Error(`cell ${address} is not on screen`);
  // page.mouse has no modifiers option: hold the keys around the click.
  for (const key of options.modifiers ?? []) await page.keyboard.down(key);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, {
    button: options.button ?? 'left',
  });
  for (const key of options.modifiers ?? []) await page.keyboard.up(key);
}

/** Select a cell through the name box (works for cells off screen too). */
export async function goTo(page: Page, reference: string): Promise<void> {
  await page.getByTestId('name-box').click();
  await page.getByTestId('name-box').fill(reference);
  await page.keyboard.press('Enter');
}

/** Select `address`, type `text` and press Enter, as someone entering a value. */
export async function typeInto(page: Page, address: string, text: string): Promise<void> {
  await goTo(page, address);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Wait until the cell's mirror shows `text` (values come from the server after a commit). */
export async function expectCellText(
  page: Page,
  address: string,
  text: string,
  timeout = 5000,
): Promise<void> {
  await page
    .waitForFunction(
      ({ address, text }) =>
        document.querySelector(`[data-testid="cell-${address}"]`)?.textContent === text,
      { address, text },
      { timeout },
    )
    .catch(async () => {
      const actual = await cell(page, address)
        .textContent()
        .catch(() => '(no such cell on screen)');
      throw new Error(`cell ${address} shows "${actual}", expected "${text}"`);
    });
}

/** The pixels the canvas drew for one cell (RGBA rows), to check what a person actually sees. */
export interface CellPixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: number[];
}

export async function cellPixels(page: Page, address: string): Promise<CellPixels> {
  const box = await cell(page, address).boundingBox();
  if (box === null) throw new Error(`cell ${address} is not on screen`);
  return page.evaluate((box) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="data-grid-canvas"]')!;
    const origin = canvas.getBoundingClientRect();
    const scale = canvas.width / origin.width;
    const x = Math.round((box.x - origin.x) * scale);
    const y = Math.round((box.y - origin.y) * scale);
    const width = Math.round(box.width * scale);
    const height = Math.round(box.height * scale);
    const data = canvas.getContext('2d')!.getImageData(x, y, width, height).data;
    return { width, height, rgba: Array.from(data) };
  }, box);
}

/** Leftmost and rightmost columns (in pixels from the cell's left edge) holding dark text, or null when blank. */
export function inkExtent(pixels: CellPixels): { left: number; right: number } | null {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  // Skip the grid lines on the cell's edges.
  for (let y = 2; y < pixels.height - 2; y += 1) {
    for (let x = 2; x < pixels.width - 2; x += 1) {
      const at = (y * pixels.width + x) * 4;
      if (pixels.rgba[at]! + pixels.rgba[at + 1]! + pixels.rgba[at + 2]! < 384) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return right < left ? null : { left, right };
}

/** Drag the fill handle from the selection's bottom-right cell `corner` to the middle of `target`. */
export async function dragFillHandle(page: Page, corner: string, target: string): Promise<void> {
  const from = await cell(page, corner).boundingBox();
  const to = await cell(page, target).boundingBox();
  if (from === null || to === null)
    throw new Error(`cells ${corner} and ${target} must be on screen`);
  await page.mouse.move(from.x + from.width - 2, from.y + from.height - 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Double-click the fill handle at the corner of the selection whose bottom-right cell is `corner`. */
export async function doubleClickFillHandle(page: Page, corner: string): Promise<void> {
  const box = await cell(page, corner).boundingBox();
  if (box === null) throw new Error(`cell ${corner} is not on screen`);
  await page.mouse.dblclick(box.x + box.width - 1, box.y + box.height - 1);
}

/** The bodies of the requests the page sends to a path ending in `suffix`, as they go out. */
export function recordRequestBodies(page: Page, suffix: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(suffix)) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** Writes `values` at `target` through the API, then opens the page: where most grid tests start. */
export async function openWithValues(
  suite: SuiteContext,
  target: string,
  values: readonly (readonly unknown[])[],
): Promise<Page> {
  await suite.server.http.post('/grid/range', { target_cell: target, values });
  await suite.open();
  return suite.ui.page;
}

/**
 * Holds the answers of the page's background reads (the heartbeat's /healthz and the commit
 * stream), so whatever then changes on screen was brought by the feature under test.
 */
export async function holdBackgroundReads(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/healthz' || url.pathname === '/events',
    () => {},
  );
}
