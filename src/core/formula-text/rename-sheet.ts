// Rewrites the sheet names a formula mentions (outside string literals), so stored formula
// text follows a sheet rename the way the engine's own references do.
import { quoteSheetName } from '../address/index.js';
import { lexFormula } from './tokens.js';

export function renameSheetReferences(formula: string, from: string, to: string): string {
  const target = from.toLowerCase();
  let out = '';
  let copied = 0;
  for (const prefix of lexFormula(formula).sheetPrefixes) {
    if (prefix.name.toLowerCase() !== target) continue;
    out += `${formula.slice(copied, prefix.from)}${quoteSheetName(to)}!`;
    copied = prefix.to;
  }
  return copied === 0 ? formula : out + formula.slice(copied);
}

/** A cheap pre-filter: could the formula name the sheet, bare or quoted (`'Bob''s'`)? */
export function mentionsSheet(formula: string, name: string): boolean {
  const text = formula.toLowerCase();
  const lowered = name.toLowerCase();
  return text.includes(lowered) || text.includes(lowered.replace(/'/g, "''"));
}
