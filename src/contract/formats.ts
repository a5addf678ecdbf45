// Cell formats (issue 19): the format a cell shows its value with, the format request (partial:
// fields sent change, null clears) and GridOS's {cells, decimals} form.
import { Type, type Static } from 'typebox';
import { SheetName, Success } from './common.js';

const Colour = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#RRGGBB.' });
const NumberFormat = Type.String({
  minLength: 1,
  maxLength: 255,
  description:
    'An Excel number format code: General, 0.00, #,##0, 0%, "$"#,##0.00, yyyy-mm-dd, custom and multi-section codes.',
});
const Align = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]);

/** A cell's format; a field absent is the default (General, plain, no colours, aligned by type, no wrap). */
export const CellFormatJson = Type.Object({
  number_format: Type.Optional(NumberFormat),
  bold: Type.Optional(Type.Boolean()),
  italic: Type.Optional(Type.Boolean()),
  underline: Type.Optional(Type.Boolean()),
  strikethrough: Type.Optional(Type.Boolean()),
  color: Type.Optional(Colour),
  fill: Type.Optional(Colour),
  align: Type.Optional(Align),
  wrap: Type.Optional(Type.Boolean()),
});
export type CellFormatJson = Static<typeof CellFormatJson>;

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const FormatPatchJson = Type.Object(
  {
    number_format: Type.Optional(orNull(NumberFormat)),
    bold: Type.Optional(orNull(Type.Boolean())),
    italic: Type.Optional(orNull(Type.Boolean())),
    underline: Type.Optional(orNull(Type.Boolean())),
    strikethrough: Type.Optional(orNull(Type.Boolean())),
    color: Type.Optional(orNull(Colour)),
    fill: Type.Optional(orNull(Colour)),
    align: Type.Optional(orNull(Align)),
    wrap: Type.Optional(orNull(Type.Boolean())),
  },
  { description: 'Only the fields sent change; null clears one (back to the default).' },
);

export const FormatBody = Type.Object(
  {
    range: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description:
          'A1 cell or range (may be sheet-qualified; whole columns A:C and rows 1:3 too).',
      }),
    ),
    cells: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 10_000,
        description: "GridOS's form: A1 addresses.",
      }),
    ),
    sheet: Type.Optional(SheetName),
    format: Type.Optional(FormatPatchJson),
    decimals: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 30 }), Type.Null()], {
        description: "GridOS's form: display decimals (a number format 0.00…); null clears it.",
      }),
    ),
  },
  {
    examples: [
      { range: 'B2:B20', format: { number_format: '"$"#,##0.00', bold: null } },
      { range: 'A1:D1', format: { bold: true, fill: '#DDEBF7' } },
      { cells: ['C2', 'C3'], decimals: 2 },
    ],
  },
);
export type FormatBody = Static<typeof FormatBody>;

export const FormatResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  ranges: Type.Array(Type.String(), { description: 'The ranges formatted.' }),
  cells: Type.Integer({ minimum: 0, description: 'How many cells the ranges cover.' }),
  updated: Type.Optional(
    Type.Array(
      Type.Object({
        cell: Type.String(),
        decimals: Type.Union([Type.Integer(), Type.Null()]),
      }),
      { description: "GridOS's answer to the {cells, decimals} form." },
    ),
  ),
});
export type FormatResponse = Static<typeof FormatResponse>;

/** A rectangle of a sheet sharing one format, as GET /grid lists them for the rows it reads. */
export const FormatRangeJson = Type.Object({ range: Type.String(), format: CellFormatJson });
export type FormatRangeJson = Static<typeof FormatRangeJson>;
