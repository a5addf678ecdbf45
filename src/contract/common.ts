// Shapes shared by several API areas.
import { Type, type Static, type TArrayOptions, type TSchema } from 'typebox';

/** A response array: read-only in TypeScript, so server code may return its own read-only lists. */
export const List = <Item extends TSchema>(item: Item, options?: TArrayOptions) =>
  Type.Immutable(Type.Array(item, options));

/** A cell value as clients send it: text (typed like a spreadsheet types input), number, boolean or null. */
export const WireValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], {
  description:
    'Text is typed like spreadsheet input: numeric text → number, TRUE/FALSE → boolean, =… → formula, \'… → literal text, "" → clear.',
});

export const SheetName = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Sheet name (case-insensitive); default: the active sheet.',
});

export const SheetQuery = Type.Object({ sheet: Type.Optional(SheetName) });
export type SheetQuery = Static<typeof SheetQuery>;

export const ErrorBody = Type.Object(
  { detail: Type.Union([Type.String(), Type.Object({}, { additionalProperties: true })]) },
  { description: 'Every 4xx/5xx answers {detail}; detail names the field or cell at fault.' },
);

/** The 409 of a write whose `expected_versions` no longer hold (SEED-SPEC: not in {detail}). */
export const VersionConflictBody = Type.Object(
  {
    message: Type.String(),
    cell: Type.String({ description: 'The first cell whose version differs, upper-case A1.' }),
    expected: Type.Integer({ description: 'The version the request expected.' }),
    actual: Type.Integer({ description: 'The version the cell has now (0: never written).' }),
  },
  { description: 'A cell changed since the caller read it; nothing was written.' },
);

export const SheetsResponse = Type.Object({
  sheet: Type.String(),
  sheets: Type.Array(Type.String()),
  active_sheet: Type.String(),
});

/** A computed value on the wire: a failing formula shows its error text (`#DIV/0!`). */
export const CellValueJson = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
]);
export type CellValueJson = Static<typeof CellValueJson>;

/** The rectangle from the first to the last occupied cell, or null when there is none. */
export const BoundsJson = Type.Union([
  Type.Object({ first: Type.String(), last: Type.String() }),
  Type.Null(),
]);
export type BoundsJson = Static<typeof BoundsJson>;

export const Success = Type.Literal('Success');

export type SheetsResponse = Static<typeof SheetsResponse>;

/** A 200 that did nothing and says why (load without a save file). */
export const StatusMessage = Type.Object({
  status: Type.String(),
  message: Type.Optional(Type.String()),
});
export type StatusMessage = Static<typeof StatusMessage>;

export const HealthResponse = Type.Object({ ok: Type.Literal(true) });
