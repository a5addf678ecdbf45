// The AI agent endpoints (docs/contract.md §4 Agent; docs/agent.md for the model-reply contract).
import { Type, type Static } from 'typebox';
import { WireValue } from './common.js';

const OptionalText = (description: string, maxLength = 200) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

export const HistoryEntry = Type.Object({
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String({ maxLength: 100_000 }),
});

const ChatFields = {
  prompt: Type.String({
    minLength: 1,
    maxLength: 50_000,
    description: 'What the agent should do, in plain language.',
  }),
  history: Type.Optional(
    Type.Array(HistoryEntry, { maxItems: 500, description: 'Earlier turns, oldest first.' }),
  ),
  scope: Type.Optional(
    Type.Union([Type.Literal('sheet'), Type.Literal('selection')], {
      description: '`selection` shows the model only the selected cells; default `sheet`.',
    }),
  ),
  selected_cells: Type.Optional(
    Type.Array(Type.String({ maxLength: 300 }), {
      maxItems: 10_000,
      description: 'A1 cells or ranges; the first is the default target.',
    }),
  ),
  sheet: OptionalText('Sheet the agent works on; default the active sheet.'),
  model_id: OptionalText('A catalog model id; absent or unusable → the default model.'),
  agent_id: OptionalText('Use this agent instead of routing (when it names a known agent).', 100),
};

export const AgentChatBody = Type.Object(ChatFields);
export type AgentChatBody = Static<typeof AgentChatBody>;

export const AgentChainBody = Type.Object({
  ...ChatFields,
  max_iterations: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'Iterations at most: default 10; values are clamped to 1..10.',
    }),
  ),
});
export type AgentChainBody = Static<typeof AgentChainBody>;

const Grid = Type.Array(Type.Array(WireValue), {
  description: 'Row-major values; null leaves a cell alone, "=…" is a formula.',
});

export const AgentApplyBody = Type.Object({
  agent_id: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "The preview's agent_id; recorded as the author of the write.",
  }),
  target_cell: Type.String({
    minLength: 1,
    maxLength: 300,
    description: "Top-left: the preview's target_cell (may be sheet-qualified).",
  }),
  values: Grid,
  sheet: OptionalText('Sheet of an unqualified target_cell; default the active sheet.'),
  shift_direction: Type.Optional(
    Type.Union([Type.Literal('right'), Type.Literal('down')], {
      description: 'Where a colliding write moves; default `right`.',
    }),
  ),
  chart_spec: Type.Optional(
    Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
      description: 'data_range, chart_type, title, anchor_cell, orientation.',
    }),
  ),
  intents: Type.Optional(
    Type.Union(
      [
        Type.Array(
          Type.Object({ target_cell: Type.String({ minLength: 1, maxLength: 300 }), values: Grid }),
          { maxItems: 1_000 },
        ),
        Type.Null(),
      ],
      {
        description:
          "The preview's intents, when it wrote to several sheets; replaces target_cell/values.",
      },
    ),
  ),
});
export type AgentApplyBody = Static<typeof AgentApplyBody>;
