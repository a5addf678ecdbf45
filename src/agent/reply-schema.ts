// The model's reply contract (docs/agent.md) as a TypeBox schema. It is compatible with
// GridOS's, so its prompts and habits carry over. The schema validates after a tolerant
// normalisation (a flat row becomes a 2-D grid, a scalar a 1x1 grid).
import { Type, type Static } from 'typebox';

export const ReplyCell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export const ReplyGrid = Type.Array(Type.Array(ReplyCell));

export const ReplyIntent = Type.Object({
  target_cell: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  values: ReplyGrid,
});

export const ReplyPlanSection = Type.Object({
  label: Type.Optional(Type.Unknown()),
  target: Type.Optional(Type.Unknown()),
  notes: Type.Optional(Type.Unknown()),
});

export const ReplyPlan = Type.Object({
  title: Type.Optional(Type.Unknown()),
  anchor: Type.Optional(Type.Unknown()),
  sections: Type.Optional(Type.Array(Type.Unknown())),
});

export const ModelReply = Type.Object({
  reasoning: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  target_cell: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  values: Type.Optional(Type.Union([ReplyGrid, Type.Null()])),
  intents: Type.Optional(Type.Union([Type.Array(ReplyIntent), Type.Null()])),
  chart_spec: Type.Optional(
    Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  ),
  macro_spec: Type.Optional(
    Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  ),
  plan: Type.Optional(Type.Union([ReplyPlan, Type.Null()])),
  // Checked entry by entry by readFormats (format-writes.ts), which names the field at fault.
  formats: Type.Optional(Type.Unknown()),
});
export type ModelReply = Static<typeof ModelReply>;

/** The keys of the contract; a JSON object with none of them is not a reply. */
export const REPLY_KEYS = [
  'reasoning',
  'target_cell',
  'values',
  'intents',
  'chart_spec',
  'macro_spec',
  'plan',
  'formats',
] as const;
