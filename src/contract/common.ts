// Shapes shared by several API areas.
import { Type, type Static } from 'typebox';

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

export const SheetsResponse = Type.Object({
  sheet: Type.String(),
  sheets: Type.Array(Type.String()),
  active_sheet: Type.String(),
});
