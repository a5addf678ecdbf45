// A cell format as a POST /grid/format patch that replaces a cell's whole format (every field
// sent, null where the source has none): what the format painter and a paste carry over.
import type { FormatBody } from '../../../src/contract/index.js';
import { parseTypedNumber } from '../../../src/core/format/number-format.js';
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

/** A grid of formats a paste gives its cells, row by row from the target's top-left. */
export type FormatGrid = readonly (readonly (CellFormat | undefined)[])[];

/**
 * The formats a paste of `block` gives its cells: the copied grid's, repeated when one copied
 * cell fills a larger selection; undefined when the source's shape does not match the block.
 */
export function pasteFormatGrid(
  source: FormatGrid | undefined,
  block: readonly (readonly string[])[],
): FormatGrid | undefined {
  if (source === undefined || source.length === 0) return undefined;
  const single = source.length === 1 && source[0]!.length === 1 ? source[0]![0] : undefined;
  if (source.length === 1 && source[0]!.length === 1)
    return block.map((row) => row.map(() => single));
  if (source.length !== block.length) return undefined;
  return source;
}

/**
 * Another program's formats with the number format each pasted text implies where its cell
 * names none: `$1,200` or `15%` from a web page's table is written as a number and shows as
 * typed, as when typed here (the server infers the same format). Without it the paste's
 * format step, which replaces whole formats, set the inferred one back to General.
 */
export function withImpliedNumberFormats(
  formats: FormatGrid,
  block: readonly (readonly string[])[],
): FormatGrid {
  return formats.map((row, r) =>
    row.map((format, c) => {
      if (format?.number_format !== undefined) return format;
      const implied = parseTypedNumber((block[r]?.[c] ?? '').trim())?.numberFormat;
      return implied === undefined ? format : { ...format, number_format: implied };
    }),
  );
}
