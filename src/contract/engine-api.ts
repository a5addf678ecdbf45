// Engine API wire shapes: /eval, /schema, /peek (docs/contract.md §4, docs/design.md §5).
import { Type, type Static } from 'typebox';
import { BoundsJson, CellValueJson, SheetName, List } from './common.js';

export const MAX_EVAL_FORMULAS = 500;

export const EvalItem = Type.Object({
  cell: Type.String({
    maxLength: 64,
    description:
      'Where the formula would sit (A1). An invalid address gives #REF! (Invalid A1 notation).',
  }),
  formula: Type.String({
    maxLength: 100_000,
    description: 'Formula text; the leading = is optional.',
  }),
});

export const EvalBody = Type.Object(
  {
    formulas: Type.Array(EvalItem, {
      maxItems: MAX_EVAL_FORMULAS,
      description: `At most ${MAX_EVAL_FORMULAS} items, evaluated independently against the state before the request.`,
    }),
    sheet: Type.Optional(SheetName),
    display: Type.Optional(
      Type.Boolean({
        description:
          'Gridbook adds: also answer each result as text, as its cell would show it: through the number format the cell has, or else the one the formula takes when typed there (a sum of dollars shows dollars, =TODAY() a date).',
      }),
    ),
  },
  { examples: [{ formulas: [{ cell: 'C1', formula: 'SUM(B2:B3)*1.2' }] }] },
);
export type EvalBody = Static<typeof EvalBody>;

export const PeekQuery = Type.Object({
  range: Type.Optional(
    Type.String({
      maxLength: 300,
      description:
        'A1 range, whole columns (A:C) or rows (1:5) cut to the used area (may be sheet-qualified); default: the occupied bounds.',
    }),
  ),
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('tsv')], {
      default: 'json',
    }),
  ),
  sheet: Type.Optional(SheetName),
  mode: Type.Optional(
    Type.Union([Type.Literal('values'), Type.Literal('formulas'), Type.Literal('display')], {
      default: 'values',
      description:
        'values: computed values; formulas: inputs as typed; display: each value as its cell shows it (its number format applied), as text.',
    }),
  ),
});
export type PeekQuery = Static<typeof PeekQuery>;

export const EvalResult = Type.Object({
  cell: Type.String({ description: 'Echoed as sent.' }),
  result: CellValueJson,
  error: Type.Union([Type.String(), Type.Null()]),
  display: Type.Optional(
    Type.String({
      description: 'With `display: true` only: the result as its cell would show it.',
    }),
  ),
});
export type EvalResult = Static<typeof EvalResult>;

export const EvalResponse = Type.Object({ sheet: Type.String(), results: List(EvalResult) });
export type EvalResponse = Static<typeof EvalResponse>;

export const SchemaColumn = Type.Object({
  col: Type.String(),
  header: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('bool'),
    Type.Literal('formula'),
    Type.Literal('empty'),
    Type.Literal('date'),
    Type.Literal('percent'),
    Type.Literal('currency'),
  ]),
});

export const SchemaSheet = Type.Object({
  name: Type.String(),
  active: Type.Boolean(),
  rows: Type.Integer({ minimum: 0 }),
  cols: List(SchemaColumn),
  occupied_bounds: BoundsJson,
});
export type SchemaSheet = Static<typeof SchemaSheet>;

export const SchemaResponse = Type.Object({
  active_sheet: Type.String(),
  sheets: List(SchemaSheet),
});
export type SchemaResponse = Static<typeof SchemaResponse>;

/** GET /peek?format=json: one array per row of the range, null for an empty cell. */
export const PeekJsonResponse = Type.Object({
  sheet: Type.String(),
  range: Type.Union([Type.String(), Type.Null()]),
  rows: List(List(CellValueJson)),
});
export type PeekJsonResponse = Static<typeof PeekJsonResponse>;

export const PeekTextResponse = Type.String({ description: 'RFC 4180 CSV or TSV.' });

/** GET /functions: the function catalogue (the agent's prompt and the formula bar read the same). */
export const FunctionEntry = Type.Object({
  name: Type.String({ description: 'Uppercase, as written in formulas.' }),
  signature: Type.String({
    description:
      'Name and parameters; optional ones in brackets, "…" when the last ones repeat: VLOOKUP(search_criterion, array, index, [sort_order]).',
  }),
  category: Type.String(),
  description: Type.String({ description: 'One sentence; empty when the function has none.' }),
  parameters: List(Type.Object({ name: Type.String(), optional: Type.Boolean() })),
  repeat_last_args: Type.Integer({ minimum: 0 }),
});
export type FunctionEntry = Static<typeof FunctionEntry>;

export const FunctionsResponse = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  functions: List(FunctionEntry),
});
export type FunctionsResponse = Static<typeof FunctionsResponse>;
