// Engine API wire shapes: /eval, /schema, /peek (docs/contract.md §4, docs/design.md §5).
import { Type, type Static } from 'typebox';
import { SheetName } from './common.js';

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
  },
  { examples: [{ formulas: [{ cell: 'C1', formula: 'SUM(B2:B3)*1.2' }] }] },
);
export type EvalBody = Static<typeof EvalBody>;

export const PeekQuery = Type.Object({
  range: Type.Optional(
    Type.String({
      maxLength: 300,
      description: 'A1 range (may be sheet-qualified); default: the occupied bounds.',
    }),
  ),
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('tsv')], {
      default: 'json',
    }),
  ),
  sheet: Type.Optional(SheetName),
  mode: Type.Optional(
    Type.Union([Type.Literal('values'), Type.Literal('formulas')], { default: 'values' }),
  ),
});
export type PeekQuery = Static<typeof PeekQuery>;
