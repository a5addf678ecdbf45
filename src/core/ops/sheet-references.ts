// Rewrites the sheet names a formula mentions, outside string literals, so stored formula
// text follows a sheet rename the way the engine's own references do.
import { quoteSheetName } from '../address/index.js';

const SHEET_PREFIX = /'((?:[^']|'')+)'!|([A-Za-z_\u00c0-\uffff][A-Za-z0-9_.\u00c0-\uffff]*)!/y;

export function renameSheetReferences(formula: string, from: string, to: string): string {
  const target = from.toLowerCase();
  let out = '';
  let index = 0;
  while (index < formula.length) {
    const char = formula[index]!;
    if (char === '"') {
      const close = formula.indexOf('"', index + 1);
      const end = close === -1 ? formula.length : close + 1;
      out += formula.slice(index, end);
      index = end;
      continue;
    }
    SHEET_PREFIX.lastIndex = index;
    const match = SHEET_PREFIX.exec(formula);
    const previous = formula[index - 1] ?? '';
    if (match !== null && !/[A-Za-z0-9_.]/.test(previous)) {
      const name = match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2]!;
      out += name.toLowerCase() === target ? `${quoteSheetName(to)}!` : match[0];
      index += match[0].length;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}

/** A cheap pre-filter: could the formula name the sheet, bare or quoted (`'Bob''s'`)? */
export function mentionsSheet(formula: string, name: string): boolean {
  const text = formula.toLowerCase();
  const lowered = name.toLowerCase();
  return text.includes(lowered) || text.includes(lowered.replace(/'/g, "''"));
}
