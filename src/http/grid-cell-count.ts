// Counting a range write's cells in the raw JSON text, before it is parsed: JSON.parse and the
// schema check of a 4,194,304-cell body held the server for 16 s (under load) only to answer
// 413 afterwards. One pass over the characters, which stops as soon as the count passes the
// limit, costs a few milliseconds per megabyte.

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
 * `values: [[…], […]]` grid), read from JSON text without parsing it. Counting stops once it
 * passes `limit` (the answer is then limit + 1). Malformed text gives some count; JSON.parse
 * reports what is wrong with it afterwards.
 */
export function countGridCells(text: string, limit: number): number {
  // One entry per open container: 0 object, 1 array, 2 array inside a plain array (its items count).
  const stack: number[] = [];
  // Whether the innermost counted array is waiting for its next item's first character.
  let awaitingItem = false;
  let cells = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    const top = stack.length === 0 ? -1 : stack[stack.length - 1]!;
    if (top === 2 && awaitingItem && code !== CLOSE_ARRAY) {
      awaitingItem = false;
      cells += 1;
      if (cells > limit) return cells;
    }
    if (code === QUOTE) {
      index += 1;
      while (index < text.length && text.charCodeAt(index) !== QUOTE) {
        if (text.charCodeAt(index) === BACKSLASH) index += 1;
        index += 1;
      }
    } else if (code === OPEN_ARRAY) {
      const inner = top === 1;
      stack.push(inner ? 2 : 1);
      awaitingItem = inner;
    } else if (code === OPEN_OBJECT) {
      stack.push(0);
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      stack.pop();
      awaitingItem = false;
    } else if (code === COMMA && top === 2) {
      awaitingItem = true;
    }
  }
  return cells;
}
