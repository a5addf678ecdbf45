// While a formula is typed, each reference in it is outlined on the grid in its own colour
// (docs/ui-rules.md EDIT-07), the same colour the formula bar uses for its text.
import type { Highlight } from '@glideapps/glide-data-grid';
import { tokenizeFormula } from '../../../src/core/formula-text/index.js';
import { formatRect, parseRange, rectOf } from './address.js';

export const REFERENCE_COLORS = ['#1a73e8', '#d93025', '#188038', '#a142f4', '#e37400', '#12b5cb'];

/** Same-sheet references in a formula (`B2`, `A1:C3`), in order of appearance, without duplicates. */
export function formulaReferences(text: string): string[] {
  if (!text.startsWith('=')) return [];
  const found: string[] = [];
  for (const token of tokenizeFormula(text)) {
    if (token.kind !== 'reference' || token.sheet !== undefined) continue;
    const reference = formatRect(rectOf(token.start, token.end ?? token.start));
    if (!found.includes(reference)) found.push(reference);
  }
  return found;
}

export function referenceHighlights(text: string): Highlight[] {
  return formulaReferences(text).flatMap((reference, index) => {
    const rect = parseRange(reference, 1_048_576, 16_384);
    if (rect === undefined) return [];
    const color = REFERENCE_COLORS[index % REFERENCE_COLORS.length]!;
    return [
      {
        color: `${color}22`,
        range: { x: rect.col, y: rect.row, width: rect.width, height: rect.height },
        style: 'solid' as const,
      },
    ];
  });
}
