// Cells another client changed are tinted for a moment once their new values are on screen
// (RT-01): the commit stream names them before the page has read them, so each waits for the
// read of its block, then shows for FLASH_MS. One that is not read within WAIT_MS (scrolled
// away) is let go.
import { tryParseCell, type Rect } from '../grid/address.js';

/** How long a changed cell stays tinted once its new value is shown. */
export const FLASH_MS = 1_000;
/** How long a changed cell waits for its new value to be read before it is let go. */
const WAIT_MS = 5_000;

export interface FlashOptions {
  /** The grid draws these cells again (the tint came or went). */
  readonly repaint: (sheet: string, rect: Rect) => void;
  readonly now?: () => number;
  readonly schedule?: (run: () => void, ms: number) => void;
}

export class CellFlashes {
  /** Per sheet, per cell ("A1"): until when it waits for its read. */
  readonly #waiting = new Map<string, Map<string, number>>();
  /** Per sheet, per cell: until when it is tinted. */
  readonly #shown = new Map<string, Map<string, number>>();
  readonly #now: () => number;
  readonly #schedule: (run: () => void, ms: number) => void;

  constructor(private readonly options: FlashOptions) {
    this.#now = options.now ?? (() => Date.now());
    this.#schedule = options.schedule ?? ((run, ms) => void setTimeout(run, ms));
  }

  /** These cells changed elsewhere: tint each once its new value is read. */
  expect(cells: ReadonlyMap<string, ReadonlySet<string>>): void {
    const until = this.#now() + WAIT_MS;
    for (const [sheet, addresses] of cells) {
      const waiting = this.#waiting.get(sheet) ?? new Map<string, number>();
      for (const address of addresses) waiting.set(address, until);
      this.#waiting.set(sheet, waiting);
    }
  }

  /** Cells of `sheet` inside `rect` were read: those waiting are tinted from now. */
  read(sheet: string, rect: Rect): void {
    const waiting = this.#waiting.get(sheet);
    if (waiting === undefined) return;
    const now = this.#now();
    const until = now + FLASH_MS;
    const shown = this.#shown.get(sheet) ?? new Map<string, number>();
    const landed: Rect[] = [];
    for (const [address, deadline] of waiting) {
      const cell = tryParseCell(address);
      if (deadline < now || cell === undefined) {
        waiting.delete(address);
        continue;
      }
      if (!inside(rect, cell.col, cell.row)) continue;
      waiting.delete(address);
      shown.set(address, until);
      landed.push({ ...cell, width: 1, height: 1 });
    }
    if (waiting.size === 0) this.#waiting.delete(sheet);
    if (landed.length === 0) return;
    this.#shown.set(sheet, shown);
    for (const cell of landed) this.options.repaint(sheet, cell);
    this.#schedule(() => this.#fade(sheet, until), FLASH_MS);
  }

  isShown(sheet: string, address: string): boolean {
    return (this.#shown.get(sheet)?.get(address) ?? 0) > this.#now();
  }

  /** Ends the tints that ran out at `until` (one tinted again since keeps its later end). */
  #fade(sheet: string, until: number): void {
    const shown = this.#shown.get(sheet);
    if (shown === undefined) return;
    for (const [address, end] of shown) {
      if (end > until) continue;
      shown.delete(address);
      const cell = tryParseCell(address);
      if (cell !== undefined) this.options.repaint(sheet, { ...cell, width: 1, height: 1 });
    }
    if (shown.size === 0) this.#shown.delete(sheet);
  }
}

function inside(rect: Rect, col: number, row: number): boolean {
  return (
    col >= rect.col &&
    col < rect.col + rect.width &&
    row >= rect.row &&
    row < rect.row + rect.height
  );
}
