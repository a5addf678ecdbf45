// The agent endpoints' wire shapes (src/contract) turned into the service's inputs and back,
// once for every transport (the REST routes and the MCP tools).
import type { AgentApplyBody, AgentChatBody, ApplyResponse } from '../contract/index.js';
import type { ApplyInput, ChatInput } from './agent-service.js';
import type { ApplyOutcome } from './apply.js';

export function chatInputOf(body: AgentChatBody): ChatInput {
  return {
    prompt: body.prompt,
    history: body.history,
    scope: body.scope,
    selectedCells: body.selected_cells,
    sheet: body.sheet ?? undefined,
    modelId: body.model_id,
    agentId: body.agent_id,
  };
}

/** A preview's write: several `intents` when it wrote to several sheets, else target_cell/values. */
export function applyInputOf(body: AgentApplyBody, origin: string | undefined): ApplyInput {
  const writes =
    body.intents !== undefined && body.intents !== null && body.intents.length > 0
      ? body.intents.map((intent) => ({ target: intent.target_cell, values: intent.values }))
      : [{ target: body.target_cell, values: body.values }];
  return {
    agentId: body.agent_id,
    sheet: body.sheet ?? undefined,
    writes,
    direction: body.shift_direction,
    chartSpec: (body.chart_spec as Record<string, unknown> | null | undefined) ?? null,
    formats: body.formats ?? undefined,
    origin,
  };
}

export function applyResponseOf(outcome: ApplyOutcome): ApplyResponse {
  return {
    status: outcome.status,
    sheet: outcome.sheet,
    actual_target: outcome.actualTarget,
    chart: outcome.chart,
    chart_error: outcome.chartError,
    formats: outcome.formats,
  };
}
