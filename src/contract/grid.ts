// Direct writes and grid reads (docs/contract.md §4 Direct writes, docs/design.md §5).
import { Type, type Static } from 'typebox';
import { BoundsJson, CellValueJson, SheetName, Success, WireValue, List } from './common.js';
import { HiddenRows, LayoutJson } from './layout.js';
import { CellFormatJson, FormatRangeJson } from './formats.js';

const Address = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'A1 address, case-insensitive.',
});

export const ExpectedVersions = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.Integer({ minimum: 0 }),
  {
    description:
      'A1 address → the version you last read; any mismatch answers 409 and writes nothing.',
  },
);

export const WriteCellBody = Type.Object(
  {
    cell: Address,
    value: Type.Optional(WireValue),
    sheet: Type.Optional(SheetName),
    expected_versions: Type.Optional(ExpectedVersions),
  },
  { examples: [{ cell: 'B4', value: '=SUM(B2:B3)' }] },
);
export type WriteCellBody = Static<typeof WriteCellBody>;

export const WriteRangeBody = Type.Object(
  {
    target_cell: Address,
    values: Type.Array(Type.Array(WireValue), {
      description:
        'Row-major values; rows may differ in length. A shorter row leaves cells to its right alone; an empty row writes nothing.',
    }),
    sheet: Type.Optional(SheetName),
    expected_versions: Type.Optional(ExpectedVersions),
  },
  {
    examples: [
      {
        target_cell: 'A1',
        values: [
          ['Month', 'Revenue'],
          ['Jan', 100],
          ['Feb', 250],
          ['Total', '=SUM(B2:B3)'],
        ],
      },
    ],
  },
);
export type WriteRangeBody = Static<typeof WriteRangeBody>;

export const LockBody = Type.Object(
  {
    range: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'A1 cell or range to lock or unlock.',
    }),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ range: 'A1:B1' }] },
);
export type LockBody = Static<typeof LockBody>;

export const ClearRangeBody = Type.Object(
  {
    range: Type.String({ minLength: 1, maxLength: 300, description: 'A1 cell or range to clear.' }),
    sheet: Type.Optional(SheetName),
    visible_only: Type.Optional(
      Type.Boolean({
        description:
          "While the sheet's filter hides rows, leave every hidden row alone, as Delete does in a filtered list in Excel (default false: the whole range).",
      }),
    ),
  },
  { examples: [{ range: 'B2:B500', visible_only: true }] },
);
export type ClearRangeBody = Static<typeof ClearRangeBody>;

export const GridQuery = Type.Object({
  sheet: Type.Optional(SheetName),
  range: Type.Optional(
    Type.String({
      maxLength: 300,
      description: 'Only cells inside this A1 range; default: every occupied or locked cell.',
    }),
  ),
});
export type GridQuery = Static<typeof GridQuery>;

export const GridCell = Type.Object({
  cell: Type.String(),
  input: Type.Union([Type.String(), Type.Null()], { description: 'As typed; null when empty.' }),
  value: CellValueJson,
  error: Type.Union([Type.String(), Type.Null()], { description: 'The sentinel of a failure.' }),
  formula: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer({ minimum: 0 }),
  locked: Type.Boolean(),
  spilled_from: Type.Optional(
    Type.String({
      description:
        'The formula cell whose array result this cell shows (a dynamic-array spill); the cell has no input of its own.',
    }),
  ),
  spill_range: Type.Optional(
    Type.String({
      description: 'On a formula whose array result spills: the range it fills, itself included.',
    }),
  ),
  display: Type.Optional(
    Type.String({ description: 'The value as the cell shows it: through its number format.' }),
  ),
  format: Type.Optional(CellFormatJson),
});
export type GridCell = Static<typeof GridCell>;

export const GridResponse = Type.Object({
  sheet: Type.String(),
  occupied_bounds: BoundsJson,
  listed_bounds: Type.Optional(BoundsJson),
  cells: List(GridCell),
  layout: Type.Optional(LayoutJson),
  hidden_rows: Type.Optional(HiddenRows),
  formats: Type.Optional(
    Type.Array(FormatRangeJson, {
      description:
        'The formatted rectangles that meet the range read (empty cells included), later ones winning where two overlap.',
    }),
  ),
});
export type GridResponse = Static<typeof GridResponse>;

export const WriteCellResponse = Type.Object({
  status: Success,
  cell: Type.String(),
  sheet: Type.String(),
  value: CellValueJson,
  version: Type.Integer({ minimum: 0 }),
});
export type WriteCellResponse = Static<typeof WriteCellResponse>;

export const WriteRangeResponse = Type.Object({
  status: Success,
  target: Type.String(),
  sheet: Type.String(),
});
export type WriteRangeResponse = Static<typeof WriteRangeResponse>;

export const ClearRangeResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  cleared: Type.Integer({ minimum: 0 }),
  skipped_locked: Type.Integer({ minimum: 0 }),
});
export type ClearRangeResponse = Static<typeof ClearRangeResponse>;

export const LockResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  range: Type.String(),
  cells: Type.Integer({ minimum: 0 }),
  locked: Type.Boolean(),
});
export type LockResponse = Static<typeof LockResponse>;

export const UnlockAllResponse = Type.Object({
  status: Success,
  unlocked: Type.Integer({ minimum: 0 }),
});

export const ClearSheetResponse = Type.Object({ status: Success, sheet: Type.String() });
export type ClearSheetResponse = Static<typeof ClearSheetResponse>;

export const RowsChangeBody = Type.Object(
  {
    at: Type.Integer({
      minimum: 1,
      maximum: 1_048_576,
      description: 'Row number: inserted rows go above it; deleted rows start at it.',
    }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_048_576, default: 1 })),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ at: 3, count: 1 }] },
);
export type RowsChangeBody = Static<typeof RowsChangeBody>;

export const ColumnsChangeBody = Type.Object(
  {
    at: Type.Union([Type.Integer({ minimum: 1, maximum: 16_384 }), Type.String({ maxLength: 3 })], {
      description: 'Column letters (`C`) or number (3): inserted columns go left of it.',
    }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 16_384, default: 1 })),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ at: 'B', count: 1 }] },
);
export type ColumnsChangeBody = Static<typeof ColumnsChangeBody>;

export const StructureChangeResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  kind: Type.Union([Type.Literal('insert'), Type.Literal('delete')]),
  rows: Type.Optional(Type.String({ description: 'The rows inserted or deleted (`3:4`).' })),
  columns: Type.Optional(Type.String({ description: 'The columns inserted or deleted (`B:C`).' })),
});
export type StructureChangeResponse = Static<typeof StructureChangeResponse>;

export const SortBody = Type.Object(
  {
    range: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The A1 range whose rows are sorted (may name a sheet).',
    }),
    keys: Type.Array(
      Type.Object({
        column: Type.Union([Type.String({ maxLength: 3 }), Type.Integer({ minimum: 1 })], {
          description: 'A column of the range: letters (`B`) or number (2).',
        }),
        order: Type.Optional(
          Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
        ),
      }),
      { minItems: 1, maxItems: 64, description: 'First key first; ties go to the next.' },
    ),
    header: Type.Optional(
      Type.Union([Type.Boolean(), Type.Literal('auto')], {
        default: 'auto',
        description:
          'Whether the first row is a header that stays put; `auto` guesses as Excel does.',
      }),
    ),
    sheet: Type.Optional(SheetName),
  },
  { examples: [{ range: 'A1:B4', keys: [{ column: 'B', order: 'desc' }] }] },
);
export type SortBody = Static<typeof SortBody>;

export const SortResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  range: Type.String(),
  header: Type.Boolean({ description: 'Whether the first row was kept as a header.' }),
  rows: Type.Integer({ minimum: 0, description: 'Rows sorted (the header not counted).' }),
});
export type SortResponse = Static<typeof SortResponse>;

export const MoveBody = Type.Object(
  {
    source: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The A1 range whose cells move (cut), on `sheet` (default the active sheet).',
    }),
    target_cell: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'Where its top-left cell lands (paste), on `target_sheet`.',
    }),
    sheet: Type.Optional(SheetName),
    target_sheet: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Sheet the cells move to (case-insensitive); default: `sheet`.',
      }),
    ),
  },
  { examples: [{ source: 'A1:A3', target_cell: 'C1' }] },
);
export type MoveBody = Static<typeof MoveBody>;

export const MoveResponse = Type.Object({
  status: Success,
  sheet: Type.String({ description: 'The sheet the cells left.' }),
  source: Type.String({ description: 'The range they left, A1.' }),
  target_sheet: Type.String(),
  target: Type.String({ description: 'The range they now fill, A1.' }),
});
export type MoveResponse = Static<typeof MoveResponse>;

const FindFields = {
  query: Type.String({
    minLength: 1,
    maxLength: 1_000,
    description: 'Text, or a pattern with `regex`.',
  }),
  regex: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'RE2 syntax (linear-time: no backreferences or lookaround).',
    }),
  ),
  match_case: Type.Optional(Type.Boolean({ default: false })),
  whole_cell: Type.Optional(
    Type.Boolean({ default: false, description: 'The whole text must match, not a part.' }),
  ),
  scope: Type.Optional(
    Type.Union([Type.Literal('sheet'), Type.Literal('workbook')], {
      default: 'sheet',
      description: '`sheet` (the given or active sheet) or every sheet in tab order.',
    }),
  ),
  sheet: Type.Optional(SheetName),
};

export const FindBody = Type.Object(
  {
    ...FindFields,
    look_in: Type.Optional(
      Type.Union([Type.Literal('values'), Type.Literal('formulas')], {
        default: 'values',
        description: 'Computed values as shown, or what was typed (formula text).',
      }),
    ),
    cursor: Type.Optional(
      Type.String({ maxLength: 100, description: 'next_cursor of the last page.' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000, default: 100 })),
  },
  { examples: [{ query: 'rent' }] },
);
export type FindBody = Static<typeof FindBody>;

export const FindMatch = Type.Object({
  sheet: Type.String(),
  cell: Type.String(),
  value: CellValueJson,
  formula: Type.Union([Type.String(), Type.Null()]),
});

export const FindResponse = Type.Object({
  matches: List(FindMatch),
  total: Type.Integer({ minimum: 0, description: 'Matches in the whole scope.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type FindResponse = Static<typeof FindResponse>;

export const ReplaceBody = Type.Object(
  {
    ...FindFields,
    replacement: Type.String({
      maxLength: 32_767,
      description: 'Replaces each match in what was typed; with `regex`, $1… are the groups.',
    }),
    range: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description:
          "Only cells inside this A1 range (of `sheet`, or the sheet it names), `scope` aside: the page's Replace changes the match in view, then steps to the next.",
      }),
    ),
  },
  {
    examples: [
      { query: 'Rent', replacement: 'Housing' },
      { query: 'Rent', replacement: 'Housing', range: 'B7' },
    ],
  },
);
export type ReplaceBody = Static<typeof ReplaceBody>;

export const ReplaceResponse = Type.Object({
  status: Success,
  replaced: Type.Integer({ minimum: 0, description: 'Cells changed.' }),
  skipped_locked: Type.Integer({ minimum: 0, description: 'Matching cells left alone: locked.' }),
});
export type ReplaceResponse = Static<typeof ReplaceResponse>;
