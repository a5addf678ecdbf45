// Counting a range write's cells in the raw JSON, before it is parsed: JSON.parse and the schema
// check of a 4,194,304-cell body held the server for 16 s (under load) only to answer 413
// afterwards. The count reads the body's bytes as they arrive (GridCellCounter), so a body over
// the limit is refused before it is all received, joined or decoded (joining and decoding that
// 8 MB body alone held the event loop ~100 ms on a machine slow to touch fresh memory). UTF-8 is
// read as bytes: every byte of a multi-byte character is ≥ 0x80, never one of JSON's marks.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * The number of items in arrays that are themselves items of an array (the cells of a
 * `values: [[…], […]]` grid), read from JSON a piece at a time without parsing it. Malformed
 * JSON gives some count; JSON.parse reports what is wrong with it afterwards.
 */
export class GridCellCounter {
  // One entry per open container: 0 object, 1 array, 2 array inside a plain array (its items count).
  readonly #stack: number[] = [];
  // Whether the innermost counted array is waiting for its next item's first character.
  #awaitingItem = false;
  #inString = false;
  #escaped = false;
  #cells = 0;

  get cells(): number {
    return this.#cells;
  }

  /** Reads the next piece of the body; the count so far. */
  read(bytes: Uint8Array): number {
    const stack = this.#stack;
    for (let index = 0; index < bytes.length; index += 1) {
      const code = bytes[index]!;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (code === BACKSLASH) this.#escaped = true;
        else if (code === QUOTE) this.#inString = false;
        continue;
      }
      if (isSpace(code)) continue;
      const top = stack.length === 0 ? -1 : stack[stack.length - 1]!;
      if (top === 2 && this.#awaitingItem && code !== CLOSE_ARRAY) {
        this.#awaitingItem = false;
        this.#cells += 1;
      }
      if (code === QUOTE) {
        this.#inString = true;
      } else if (code === OPEN_ARRAY) {
        const inner = top === 1;
        stack.push(inner ? 2 : 1);
        this.#awaitingItem = inner;
      } else if (code === OPEN_OBJECT) {
        stack.push(0);
      } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        stack.pop();
        this.#awaitingItem = false;
      } else if (code === COMMA && top === 2) {
        this.#awaitingItem = true;
      }
    }
    return this.#cells;
  }
}

/** The grid cells of a whole JSON text (GridCellCounter over its UTF-8 bytes). */
export function countGridCells(text: string): number {
  return new GridCellCounter().read(Buffer.from(text, 'utf8'));
}
