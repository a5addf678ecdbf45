// What a cell will most likely look like after a write, shown before the server answers
// (docs/ui-rules.md EDIT-05). The next read replaces it with the server's truth.
import type { CachedCell } from '../grid/cell-store.js';

/** The cell as it will most likely look after the write, shown before the server answers. */
export function optimisticCell(
  text: string,
  before: CachedCell | null | undefined,
): CachedCell | null {
  if (text === '') return null;
  const formula = text.startsWith('=');
  return {
    input: text,
    // A formula keeps its old value until the server computes the new one.
    value: formula ? (before?.value ?? null) : literalValue(text),
    error: null,
    formula: formula ? text : null,
    version: before?.version ?? 0,
    locked: before?.locked ?? false,
  };
}

/** What a typed literal will look like once the server types it (numbers, booleans, text). */
export function literalValue(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (text.startsWith("'")) return text.slice(1);
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return Number(trimmed);
  if (/^(true|false)$/i.test(trimmed)) return trimmed.toUpperCase() === 'TRUE';
  return text;
}
