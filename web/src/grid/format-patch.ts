// A cell format as a POST /grid/format patch that replaces a cell's whole format (every field
// sent, null where the source has none): what the format painter and a paste carry over.
import type { FormatBody } from '../../../src/contract/index.js';
import type { CellFormat } from './cell-store.js';

export type FormatPatch = NonNullable<FormatBody['format']>;

const FIELDS = [
  'number_format',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'color',
  'fill',
  'align',
  'wrap',
] as const satisfies readonly (keyof CellFormat)[];

/** Every field of `format`, null for those it lacks, so the target ends up exactly like it. */
export function replacingPatch(format: CellFormat | undefined): FormatPatch {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) patch[field] = format?.[field] ?? null;
  return patch as FormatPatch;
}

/** One key per distinct format (field order fixed), to group cells that share one. */
export function formatKey(format: CellFormat | undefined): string {
  return JSON.stringify(FIELDS.map((field) => format?.[field] ?? null));
}

export function isPlain(format: CellFormat | undefined): boolean {
  return format === undefined || FIELDS.every((field) => format[field] === undefined);
}
