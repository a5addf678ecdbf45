// Driving the grid the way a person does: click cells (through their mirror position), type,
// read what a cell shows.
import type { Page } from 'playwright-core';

export function cell(page: Page, address: string) {
  return page.locator(`[data-testid="cell-${address}"]`);
}

/** Click the canvas where the cell is (the mirror lets clicks through). */
export async function clickCell(page: Page, address: string, options: { modifiers?: ('Shift' | 'Control')[]; button?: 'left' | 'right' } = {}): Promise<void> {
  const box = await cell(page, address).boundingBox();
  if (box === null) throw new Error(`cell ${address} is not on screen`);
  // page.mouse has no modifiers option: hold the keys around the click.
  for (const key of options.modifiers ?? []) await page.keyboard.down(key);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: options.button ?? 'left' });
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
export async function expectCellText(page: Page, address: string, text: string, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    ({ address, text }) => document.querySelector(`[data-testid="cell-${address}"]`)?.textContent === text,
    { address, text },
    { timeout },
  ).catch(async () => {
    const actual = await cell(page, address).textContent().catch(() => '(no such cell on screen)');
    throw new Error(`cell ${address} shows "${actual}", expected "${text}"`);
  });
}
