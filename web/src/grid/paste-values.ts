// Paste values only (Ctrl+Shift+V, docs/ui-rules.md CLIP-06): what each copied cell's computed
// value is written as, and the block such a paste writes. Pure; clipboard.ts does the pasting.
import { errorLiteralOf } from '../../../src/core/value-typing.js';
import type { Rect } from './address.js';

/** A cell value as a paste writes it (the wire's: text is typed by the server as if entered). */
export type PastedValue = string | number | boolean | null;
/** A block a paste writes, row by row from its top-left. */
export type PastedBlock = readonly (readonly PastedValue[])[];

/**
 * A computed value as Ctrl+Shift+V writes it, as Excel pastes values: a number or a logical as
 * itself, text as text even when it reads as a number, date or formula (`'` keeps it), an error
 * as that error constant (`#DIV/0!`; Gridbook's own `#PARSE_ERROR!`, `#CIRCULAR!`, `#BUSY!` and
 * `#TIMEOUT!`, which no cell can hold as a constant, as the text shown), nothing as nothing.
 */
export function pastedValue(
  value: string | number | boolean | null | undefined,
  error: string | null,
): PastedValue {
  if (error !== null) {
    const constant = errorLiteralOf(error) ?? errorLiteralOf(error.split(' ')[0] ?? '');
    return constant ?? `'${error}`;
  }
  if (value === null || value === undefined || value === '') return '';
  return typeof value === 'string' ? `'${value}` : value;
}

/** Text from another program, pasted as values: a field that starts with `=` is that text. */
export function outsideTextValues(rows: readonly (readonly string[])[]): PastedBlock {
  return rows.map((row) => row.map((field) => (field.startsWith('=') ? `'${field}` : field)));
}

/** One value pasted over a larger selection fills all of it, as in any paste (CLIP-03). */
export function fillSelection(block: PastedBlock, target: Rect): PastedBlock {
  if (block.length !== 1 || block[0]!.length !== 1 || (target.width === 1 && target.height === 1))
    return block;
  const value = block[0]![0]!;
  return Array.from({ length: target.height }, () => Array<PastedValue>(target.width).fill(value));
}
