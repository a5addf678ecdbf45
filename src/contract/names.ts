// Defined names (docs/contract.md §4 Workbook and sheets): listed, set and deleted.
import { Type, type Static } from 'typebox';
import { List } from './common.js';

const NameField = Type.String({
  minLength: 1,
  maxLength: 255,
  description:
    'A letter or "_", then letters, digits, "_" or "."; case-insensitive; not a cell reference.',
});

const Scope = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], {
  description: 'The sheet the name belongs to; null (or absent) for the whole workbook.',
});

const RefersTo = Type.String({
  minLength: 2,
  maxLength: 8192,
  description:
    'What the name stands for, as a formula: a range naming its sheet (`=Data!$A$2:$A$9`), a constant (`=0.05`) or a formula (`=SUM(Sales)*Rate`). References must be absolute; a definition that does not parse, or that the engine refuses, answers 400 naming `refers_to`.',
});

export const DefinedNameJson = Type.Object({
  name: Type.String(),
  sheet: Type.Union([Type.String(), Type.Null()], {
    description: 'The sheet whose formulas see it (and see it first); null: every sheet.',
  }),
  refers_to: Type.String(),
});
export type DefinedNameJson = Static<typeof DefinedNameJson>;

export const NamesResponse = Type.Object({
  names: List(DefinedNameJson, {
    description: "The workbook's names sorted by name, then each sheet's in tab order.",
  }),
});
export type NamesResponse = Static<typeof NamesResponse>;

export const SetNameBody = Type.Object(
  { name: NameField, sheet: Type.Optional(Scope), refers_to: RefersTo },
  { examples: [{ name: 'Sales', refers_to: '=Sheet1!$A$2:$A$9' }] },
);
export type SetNameBody = Static<typeof SetNameBody>;

export const DeleteNameBody = Type.Object(
  { name: NameField, sheet: Type.Optional(Scope) },
  { examples: [{ name: 'Sales' }] },
);
export type DeleteNameBody = Static<typeof DeleteNameBody>;
