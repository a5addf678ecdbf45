// GridOS's column-alignment warning for the chain's observations (docs/gridos-compat.md §6.2): a
// formula that reads a label cell directly usually means the model shifted its columns (a formula
// in column C reading the label in column B). Unlike the pre-write guardrail this looks at every
// direct same-sheet reference that is not used as a label (compared, joined, passed to a text or
// lookup function), and wrapper functions do not hide it: IFERROR(B3*2, 0) over a label computes a
// silent 0.
import { columnToLetters, formatCell, type CellAddress } from '../address/index.js';
import type { CellReader } from './check-guardrails.js';
import { referenceUses } from './reference-uses.js';

function quoted(value: string): string {
  return `'${value.replace(/'/g, "\\'")}'`;
}

/** The warning text for a written formula cell, or null when it reads no label as a value. */
export function columnAlignmentWarning(
  sheet: string,
  cell: CellAddress,
  formula: string,
  reader: CellReader,
): string | null {
  const bad: string[] = [];
  const seen = new Set<string>();
  for (const use of referenceUses(formula)) {
    const reference = use.reference;
    if (reference.end !== undefined || use.label) continue;
    if (reference.sheet !== undefined && reference.sheet.toLowerCase() !== sheet.toLowerCase())
      continue;
    const name = formatCell(reference.start);
    if (seen.has(name)) continue;
    seen.add(name);
    const value = reader.value(sheet, reference.start);
    if (typeof value === 'string' && value !== '') bad.push(`${name}=${quoted(value)}`);
  }
  if (bad.length === 0) return null;
  const column = columnToLetters(cell.col);
  return (
    `${formatCell(cell)} (${formula}) reads text ${bad.join(', ')}: column-alignment bug. ` +
    `The formula in column ${column} must use the cells of column ${column}, not a label column.`
  );
}
