// A sheet's layout: frozen panes, column widths, row heights and the filter (issue 20).
import { Type, type Static } from 'typebox';
import { List, SheetName, Success } from './common.js';

const Size = Type.Integer({ minimum: 2, maximum: 2_000, description: 'Pixels.' });
const ColumnRef = Type.Union([Type.String({ maxLength: 3 }), Type.Integer({ minimum: 1 })], {
  description: 'Column letters (`B`) or number (2).',
});

const ConditionOp = Type.Union([
  Type.Literal('eq'),
  Type.Literal('ne'),
  Type.Literal('gt'),
  Type.Literal('gte'),
  Type.Literal('lt'),
  Type.Literal('lte'),
  Type.Literal('contains'),
  Type.Literal('not_contains'),
  Type.Literal('begins_with'),
  Type.Literal('ends_with'),
  Type.Literal('blank'),
  Type.Literal('not_blank'),
]);

export const FilterCondition = Type.Object({
  op: ConditionOp,
  value: Type.Optional(
    Type.Union([Type.String({ maxLength: 255 }), Type.Number(), Type.Boolean()], {
      description: 'Compared with the computed value (numbers as numbers, text ignoring case).',
    }),
  ),
});

const FilterColumnFields = {
  values: Type.Optional(
    List(Type.String({ maxLength: 32_767 }), {
      maxItems: 10_000,
      description:
        'Values shown, as the cell shows them (`""` a blank cell, TRUE/FALSE, `#N/A`); case ignored. Absent: every value.',
    }),
  ),
  conditions: Type.Optional(List(FilterCondition, { maxItems: 2 })),
  join: Type.Optional(
    Type.Union([Type.Literal('and'), Type.Literal('or')], {
      default: 'and',
      description: 'How two conditions combine.',
    }),
  ),
};

export const FilterJson = Type.Object({
  range: Type.String({ description: 'The filtered range in A1; its first row is the header.' }),
  columns: List(Type.Object({ column: Type.String(), ...FilterColumnFields })),
});

export const LayoutJson = Type.Object({
  frozen_rows: Type.Integer({ minimum: 0 }),
  frozen_columns: Type.Integer({ minimum: 0 }),
  column_widths: Type.Record(Type.String(), Type.Integer(), {
    description: 'Column letters → width in pixels; others have the default (100 px).',
  }),
  row_heights: Type.Record(Type.String(), Type.Integer(), {
    description: 'Row number → height in pixels; others have the default (24 px).',
  }),
  filter: Type.Union([FilterJson, Type.Null()]),
  hidden_rows: Type.Optional(
    List(List(Type.Integer({ minimum: 1 }), { minItems: 2, maxItems: 2 }), {
      description: 'Rows hidden by hand, as [first, last] row numbers; absent when none.',
    }),
  ),
  filtered_rows: Type.Optional(
    List(List(Type.Integer({ minimum: 1 }), { minItems: 2, maxItems: 2 }), {
      description:
        'Rows hidden by a filter kept without criteria (a table’s, from an .xlsx), as [first, last] row numbers; absent when none.',
    }),
  ),
  default_column_width: Type.Optional(
    Type.Integer({
      description:
        'The width in pixels of a column not in column_widths, when the sheet has its own (from an .xlsx); absent: 100.',
    }),
  ),
});
export type LayoutJson = Static<typeof LayoutJson>;

/** Rows hidden from view, as [first, last] row numbers (inclusive, ascending). */
export const HiddenRows = List(List(Type.Integer({ minimum: 1 }), { minItems: 2, maxItems: 2 }), {
  description:
    'Rows hidden from view, as [first, last] row numbers (inclusive, ascending): those the filter hides, those hidden by hand and those a table’s filter hid in an imported .xlsx.',
});

export const LayoutResponse = Type.Object({
  sheet: Type.String(),
  layout: LayoutJson,
  hidden_rows: HiddenRows,
});
export type LayoutResponse = Static<typeof LayoutResponse>;

export const LayoutChangeResponse = Type.Object({
  status: Success,
  ...LayoutResponse.properties,
});
export type LayoutChangeResponse = Static<typeof LayoutChangeResponse>;

export const FreezeBody = Type.Object(
  {
    rows: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000,
        description: 'Rows frozen at the top (0 unfreezes); default: unchanged.',
      }),
    ),
    columns: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100,
        description: 'Columns frozen at the left (0 unfreezes); default: unchanged.',
      }),
    ),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ rows: 1, columns: 0 }] },
);
export type FreezeBody = Static<typeof FreezeBody>;

export const ColumnWidthBody = Type.Object(
  {
    columns: Type.Union(
      [Type.String({ minLength: 1, maxLength: 7 }), Type.Integer({ minimum: 1 })],
      {
        description: 'A column (`B`, 2) or a band of columns (`B:D`).',
      },
    ),
    width: Type.Union([Size, Type.Null()], { description: 'Pixels; null restores the default.' }),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ columns: 'B', width: 160 }] },
);
export type ColumnWidthBody = Static<typeof ColumnWidthBody>;

export const RowHeightBody = Type.Object(
  {
    rows: Type.Union([Type.String({ minLength: 1, maxLength: 15 }), Type.Integer({ minimum: 1 })], {
      description: 'A row number (3) or a band of rows (`3:5`).',
    }),
    height: Type.Union([Size, Type.Null()], { description: 'Pixels; null restores the default.' }),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ rows: '1', height: 40 }] },
);
export type RowHeightBody = Static<typeof RowHeightBody>;

export const FilterBody = Type.Object(
  {
    range: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The range to filter (A1); its first row is the header and stays shown.',
    }),
    columns: Type.Optional(
      Type.Array(Type.Object({ column: ColumnRef, ...FilterColumnFields }), {
        maxItems: 16_384,
        description: 'Criteria per column; a row shows when it passes every column.',
      }),
    ),
    sheet: Type.Optional(SheetName),
  },
  {
    examples: [
      {
        range: 'A1:C200',
        columns: [
          { column: 'B', values: ['North', 'South'] },
          { column: 'C', conditions: [{ op: 'gt', value: 100 }] },
        ],
      },
    ],
  },
);
export type FilterBody = Static<typeof FilterBody>;

export const LayoutQuery = Type.Object({ sheet: Type.Optional(SheetName) });
