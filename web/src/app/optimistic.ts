// What a cell will most likely look like after a write, shown before the server answers
// (docs/ui-rules.md EDIT-05). Typed by the core's own rules (value-typing.ts), so the echo and
// the server agree; the next read replaces it with the server's truth.
import { inputToText, isFormula, isTypedError, typeInput } from '../../../src/core/value-typing.js';
import type { CachedCell } from '../grid/cell-store.js';

/** The cell as it will most likely look after the write (null: the write clears it). */
export function optimisticCell(
  text: string,
  before: CachedCell | null | undefined,
): CachedCell | null {
  const input = typeInput(text);
  if (input === null) return null;
  const formula = isFormula(input);
  // A typed error (#N/A) is its own value, shown as the error it is.
  const error = isTypedError(input) ? input.error : null;
  return {
    input: text,
    // A formula keeps its old value until the server computes the new one.
    value: formula ? (before?.value ?? null) : (error ?? (input as string | number | boolean)),
    error,
    // As the server shows it: without the wrapper a typed array formula is held in.
    formula: formula ? inputToText(input) : null,
    version: before?.version ?? 0,
    locked: before?.locked ?? false,
  };
}
