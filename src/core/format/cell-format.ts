// A cell's format: how its value is shown, never what it is. The number format is an Excel format
// code (`0.00`, `"$"#,##0.00`, `yyyy-mm-dd`, multi-section), the rest is style. A field absent
// means the default (General, not bold, the sheet's colours, alignment by type, no wrap).
import { InvalidOperationError } from '../errors.js';
import { isValidNumberFormat } from './number-format.js';

export type HorizontalAlignment = 'left' | 'center' | 'right';
export const HORIZONTAL_ALIGNMENTS: readonly HorizontalAlignment[] = ['left', 'center', 'right'];

export interface CellFormat {
  readonly number_format?: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly strikethrough?: boolean;
  /** Font colour, `#RRGGBB`. */
  readonly color?: string;
  /** Fill (background) colour, `#RRGGBB`. */
  readonly fill?: string;
  readonly align?: HorizontalAlignment;
  readonly wrap?: boolean;
}

/** A change to formats: a field sent sets it, `null` clears it, a field absent stays as it is. */
export type FormatPatch = { readonly [K in keyof CellFormat]?: CellFormat[K] | null };

export const FORMAT_FIELDS = [
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

const BOOLEAN_FIELDS = new Set(['bold', 'italic', 'underline', 'strikethrough', 'wrap']);
const COLOUR = /^#[0-9A-Fa-f]{6}$/;
/** Excel's own limit on a number format code. */
export const MAX_NUMBER_FORMAT_LENGTH = 255;

/** Checks a patch (from a client, a journal or a file) and returns it with colours in upper case. */
export function validateFormatPatch(patch: unknown, field = 'format'): FormatPatch {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw new InvalidOperationError(field, 'expected an object of format fields.');
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch as Record<string, unknown>)) {
    const where = `${field}.${name}`;
    if (!(FORMAT_FIELDS as readonly string[]).includes(name))
      throw new InvalidOperationError(
        where,
        `unknown format field; use ${FORMAT_FIELDS.join(', ')}.`,
      );
    if (value === null || value === undefined) {
      if (value === null) checked[name] = null;
      continue;
    }
    if (BOOLEAN_FIELDS.has(name)) {
      if (typeof value !== 'boolean')
        throw new InvalidOperationError(where, 'expected true or false.');
      checked[name] = value;
    } else if (name === 'color' || name === 'fill') {
      if (typeof value !== 'string' || !COLOUR.test(value))
        throw new InvalidOperationError(where, 'expected a colour as #RRGGBB.');
      checked[name] = value.toUpperCase();
    } else if (name === 'align') {
      if (!HORIZONTAL_ALIGNMENTS.includes(value as HorizontalAlignment))
        throw new InvalidOperationError(where, `expected ${HORIZONTAL_ALIGNMENTS.join(', ')}.`);
      checked[name] = value;
    } else {
      if (
        typeof value !== 'string' ||
        value.length === 0 ||
        value.length > MAX_NUMBER_FORMAT_LENGTH
      )
        throw new InvalidOperationError(
          where,
          `expected an Excel number format code of 1 to ${MAX_NUMBER_FORMAT_LENGTH} characters.`,
        );
      if (!isValidNumberFormat(value))
        throw new InvalidOperationError(where, `"${value}" is not a valid Excel number format.`);
      checked[name] = value;
    }
  }
  return checked as FormatPatch;
}

/** A stored format: a patch without nulls, its fields in canonical order (so equal formats are equal keys). */
export function validateCellFormat(format: unknown, field = 'format'): CellFormat {
  return applyPatch(undefined, validateFormatPatch(format, field)) ?? {};
}

/** `base` changed by `patch`; undefined when nothing is left (the default format). */
export function applyPatch(
  base: CellFormat | undefined,
  patch: FormatPatch,
): CellFormat | undefined {
  const next: Record<string, unknown> = {};
  let any = false;
  for (const name of FORMAT_FIELDS) {
    const value = name in patch ? patch[name] : base?.[name];
    // General is the default number format: storing it would only cost a style.
    if (value === null || value === undefined || value === false) continue;
    if (name === 'number_format' && value === 'General') continue;
    next[name] = value;
    any = true;
  }
  return any ? (next as CellFormat) : undefined;
}

/** One string per distinct format (fields in canonical order). */
export function formatKey(format: CellFormat): string {
  return JSON.stringify(format);
}
