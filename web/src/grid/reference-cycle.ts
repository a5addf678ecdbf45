// F4 while typing a formula (docs/ui-rules.md EDIT-13): the reference at the caret cycles through
// Excel's four forms, `A1` → `$A$1` → `A$1` → `$A1` → `A1`. A range changes both ends to the
// form that follows its first end's; a whole column or row (`A:C`, `2:5`) has two forms, with and
// without `$`. The references are the lexer's, the same the editor colours.
import { tokenizeFormula, type FormulaToken } from '../../../src/core/formula-text/index.js';

export interface CycledReference {
  readonly text: string;
  /** Just after the changed reference. */
  readonly caret: number;
  /** Where the reference (after any `Sheet!` prefix) now starts and ends. */
  readonly from: number;
  readonly to: number;
}

type Flags = readonly [column: boolean, row: boolean];

/** The form after `flags` in Excel's order: relative, absolute, absolute row, absolute column. */
function nextForm([column, row]: Flags): Flags {
  if (!column && !row) return [true, true];
  if (column && row) return [false, true];
  if (!column && row) return [true, false];
  return [false, false];
}

/** One cell (`$A1`) written with the given `$`s; other text is returned as it is. */
function withFlags(cell: string, [column, row]: Flags): string {
  const match = /^\$?([A-Za-z]+)\$?(\d+)$/.exec(cell);
  if (match === null) return cell;
  return `${column ? '$' : ''}${match[1]!}${row ? '$' : ''}${match[2]!}`;
}

/** The reference or whole line whose text (with its `Sheet!` prefix) holds or ends at `caret`. */
function referenceAt(text: string, caret: number): FormulaToken | undefined {
  return tokenizeFormula(text).find(
    (token) =>
      (token.kind === 'reference' || token.kind === 'line') &&
      token.qualifiedFrom <= caret &&
      caret <= token.to,
  );
}

/**
 * The formula with the reference at the caret in its next form, or undefined when the text is no
 * formula or no reference is at the caret.
 */
export function cycleReferenceAt(text: string, caret: number): CycledReference | undefined {
  if (!text.startsWith('=')) return undefined;
  const token = referenceAt(text, caret);
  if (token === undefined || (token.kind !== 'reference' && token.kind !== 'line'))
    return undefined;
  const written = text.slice(token.from, token.to);
  let replaced: string;
  if (token.kind === 'reference') {
    const form = nextForm([token.absolute[0], token.absolute[1]]);
    replaced = written
      .split(':')
      .map((cell) => withFlags(cell, form))
      .join(':');
  } else {
    const absolute = !token.absolute[0];
    replaced = written
      .split(':')
      .map((end) => `${absolute ? '$' : ''}${end.replace(/^\$/, '')}`)
      .join(':');
  }
  const to = token.from + replaced.length;
  return {
    text: text.slice(0, token.from) + replaced + text.slice(token.to),
    caret: to,
    from: token.from,
    to,
  };
}
