// The AI agent endpoints (docs/contract.md §4 Agent; docs/agent.md for the model-reply contract).
import { Type, type Static } from 'typebox';
import { ChartJson } from './charts.js';
import { CellValueJson, WireValue, List } from './common.js';
import { FormatPatchJson } from './formats.js';

/** A format for cells an agent write writes: `{range, format}` as POST /grid/format takes them. */
export const AgentFormatJson = Type.Object({
  range: Type.String({
    minLength: 1,
    maxLength: 300,
    description: 'A1 cell or range (may be sheet-qualified).',
  }),
  format: FormatPatchJson,
});

const AgentFormats = (description: string) =>
  List(AgentFormatJson, { maxItems: 1_000, description });

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

export const AgentChatBody = Type.Object(ChatFields, {
  examples: [{ prompt: 'Add a 12-month revenue forecast growing 5% a month, with a total row' }],
});
export type AgentChatBody = Static<typeof AgentChatBody>;

export const AgentChainBody = Type.Object(
  {
    ...ChatFields,
    max_iterations: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: 'Iterations at most: default 10; values are clamped to 1..10.',
      }),
    ),
  },
  {
    examples: [
      { prompt: 'Build a loan schedule for 10,000 at 5% over 12 months', max_iterations: 3 },
    ],
  },
);
export type AgentChainBody = Static<typeof AgentChainBody>;

const Grid = Type.Array(Type.Array(WireValue), {
  description: 'Row-major values; null leaves a cell alone, "=…" is a formula.',
});

export const AgentApplyBody = Type.Object(
  {
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
    formats: Type.Optional(
      Type.Union([
        AgentFormats(
          "The preview's formats: only cells this write writes get them (moved with the block when it moves); one undo step with the values.",
        ),
        Type.Null(),
      ]),
    ),
    intents: Type.Optional(
      Type.Union(
        [
          Type.Array(
            Type.Object({
              target_cell: Type.String({ minLength: 1, maxLength: 300 }),
              values: Grid,
            }),
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
  },
  {
    examples: [
      {
        agent_id: 'finance',
        target_cell: 'A1',
        values: [
          ['Month', 'Revenue'],
          ['Jan', 100],
          ['Total', '=SUM(B2:B2)'],
        ],
        formats: [
          { range: 'A1:B1', format: { bold: true } },
          { range: 'B2:B3', format: { number_format: '"$"#,##0.00' } },
        ],
      },
    ],
  },
);
export type AgentApplyBody = Static<typeof AgentApplyBody>;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const ValueGrid = List(List(WireValue));

export const AgentSummary = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  router_description: Type.String(),
});
export type AgentSummary = Static<typeof AgentSummary>;

export const AgentsResponse = Type.Object({ agents: List(AgentSummary) });

export const ProposedMacro = Type.Object({
  name: Type.String(),
  params: List(Type.String()),
  description: Type.String(),
  body: Type.String(),
  replaces_existing: Type.Boolean(),
});
export type ProposedMacro = Static<typeof ProposedMacro>;

export const PlanJson = Type.Object({
  title: Type.String(),
  anchor: Type.String(),
  sections: List(
    Type.Object({ label: Type.String(), target: Type.String(), notes: Type.String() }),
  ),
});
export type PlanJson = Static<typeof PlanJson>;

export const TokenUsage = Type.Object(
  {
    input_tokens: Type.Integer({ minimum: 0 }),
    output_tokens: Type.Integer({ minimum: 0 }),
    total_tokens: Type.Integer({ minimum: 0 }),
  },
  { description: 'Tokens the model used (every tool round included); 0 when a vendor omits them.' },
);
export type TokenUsage = Static<typeof TokenUsage>;

export const ToolUse = Type.Object(
  {
    tool: Type.String({ description: 'peek, eval, schema or find.' }),
    input: Type.Unknown(),
    output: Type.Unknown({ description: 'What the model was told (an `error` when it failed).' }),
  },
  { description: 'A read-only tool call the model made before it answered.' },
);
export type ToolUse = Static<typeof ToolUse>;

export const PreviewIntent = Type.Object({
  sheet: Type.String(),
  target_cell: Type.String(),
  original_request: Type.String(),
  values: ValueGrid,
});

export const AgentPreviewResponse = Type.Object({
  category: Type.String(),
  agent_id: Type.String(),
  reasoning: Type.String(),
  sheet: Type.String(),
  scope: Type.Union([Type.Literal('sheet'), Type.Literal('selection')]),
  selected_cells: List(Type.String()),
  target_cell: Type.String({ description: 'Where apply would write (after collision shifting).' }),
  original_request: Type.String(),
  preview_cells: List(Type.Object({ cell: Type.String(), value: WireValue })),
  values: Type.Union([ValueGrid, Type.Null()]),
  intents: Type.Union([List(PreviewIntent), Type.Null()]),
  chart_spec: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  formats: AgentFormats(
    'Formats the reply proposes, where they land: only on cells this write writes. Send them to apply as they are.',
  ),
  proposed_macro: Type.Union([ProposedMacro, Type.Null()]),
  macro_error: NullableText,
  plan: Type.Union([PlanJson, Type.Null()]),
  model: Type.String(),
  provider: Type.String(),
  tools_used: List(ToolUse),
  usage: TokenUsage,
});
export type AgentPreviewResponse = Static<typeof AgentPreviewResponse>;

export const ApplyResponse = Type.Object({
  status: Type.Union([
    Type.Literal('Success'),
    Type.Literal('Collision Resolved'),
    Type.Literal('Partial'),
  ]),
  sheet: Type.String(),
  actual_target: NullableText,
  chart: Type.Union([ChartJson, Type.Null()]),
  chart_error: NullableText,
  formats: AgentFormats('The formats written, where they landed (with the values, one undo step).'),
});
export type ApplyResponse = Static<typeof ApplyResponse>;

export const Observation = Type.Object({
  cell: Type.String(),
  value: CellValueJson,
  formula: NullableText,
  warning: NullableText,
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'The error value the cell shows (#DIV/0!, #VALUE! …), or null.',
  }),
});
export type Observation = Static<typeof Observation>;

export const GuardrailIssueJson = Type.Union([
  Type.Object({
    cell: Type.String(),
    formula: Type.String(),
    empty_refs: List(Type.String()),
  }),
  Type.Object({ cell: Type.String(), formula: Type.String(), bad_refs: List(Type.String()) }),
  Type.Object({ cell: Type.String(), formula: Type.String(), parse_error: Type.String() }),
]);

export const ChainStepJson = Type.Object({
  iteration: Type.Integer({ minimum: 0, description: 'Counted from 0.' }),
  agent_id: Type.String(),
  reasoning: Type.String(),
  target: NullableText,
  values: Type.Union([ValueGrid, Type.Null()]),
  observations: List(Observation),
  completion_signal: Type.Boolean(),
  chart: Type.Union([ChartJson, Type.Null()]),
  chart_error: NullableText,
  formats: AgentFormats('The formats this step wrote with its values (empty when none).'),
  proposed_macro: Type.Union([ProposedMacro, Type.Null()]),
  macro_error: NullableText,
  plan: Type.Union([PlanJson, Type.Null()]),
  guardrail_issues: Type.Union([List(GuardrailIssueJson), Type.Null()], {
    description: "Set when the guardrails rejected this step's write (nothing was written).",
  }),
  tools_used: List(ToolUse),
  usage: TokenUsage,
  verification: Type.Object(
    {
      cells_checked: Type.Integer({ minimum: 0 }),
      errors_left: Type.Integer({ minimum: 0 }),
      error_cells: List(Type.String(), { description: 'The first cells still showing errors.' }),
    },
    {
      description:
        'The chain so far, checked after this step: the cells it wrote or changed, and how many show an error value.',
    },
  ),
});
export type ChainStepJson = Static<typeof ChainStepJson>;

export const ChainResponse = Type.Object({
  sheet: Type.String(),
  steps: List(ChainStepJson),
  iterations_used: Type.Integer({ minimum: 0 }),
  terminated_early: Type.Boolean(),
  stop_reason: Type.String({
    description: 'completion, max_iterations, repeated_write, aborted or error.',
  }),
  usage: TokenUsage,
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'The error that ended a later iteration (the first one answers its status).',
  }),
});
export type ChainResponse = Static<typeof ChainResponse>;
