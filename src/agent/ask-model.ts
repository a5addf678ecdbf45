// One model turn: route the prompt, describe the workbook, call the provider through the
// Completer port (JSON mode) with the read-only tools it may call first, parse the reply. Shared
// by chat and every chain iteration.
import type { WorkbookReader } from '../core/index.js';
import type { ChatMessage, Completer, Completion } from '../providers/index.js';
import type { AgentDefinition } from './agent-definitions.js';
import { describeGrid, parseSelection, type Scope } from './grid-context.js';
import { lookTools } from './look-tools.js';
import type { AgentReply } from './parse-reply.js';
import { buildMessages, buildSystemPrompt } from './prompt.js';

export interface TurnRequest {
  readonly agent: AgentDefinition;
  readonly prompt: string;
  readonly history: readonly ChatMessage[];
  /** Actual name of the sheet the agent works on. */
  readonly sheet: string;
  readonly scope: Scope;
  readonly selectedCells: readonly string[];
  readonly modelId: string | null | undefined;
  readonly maxContextCells: number;
  /** Read-only tool calls the model may make before it answers (0: none offered). */
  readonly maxToolCalls: number;
  readonly signal?: AbortSignal | undefined;
}

export interface Turn {
  readonly reply: AgentReply;
  readonly completion: Completion;
}

export async function askModel(
  completer: Completer,
  workbook: WorkbookReader,
  request: TurnRequest,
): Promise<Turn> {
  parseSelection(request.selectedCells);
  const grid = describeGrid(workbook, {
    sheet: request.sheet,
    scope: request.scope,
    selectedCells: request.selectedCells,
    maxCells: request.maxContextCells,
  });
  const system = buildSystemPrompt({
    agent: request.agent,
    grid,
    functionSignatures: workbook.functionCatalogue().map((fn) => fn.signature),
    toolCalls: request.maxToolCalls,
  });
  const completion = await completer.complete({
    model: request.modelId,
    system,
    messages: buildMessages(request.history, request.prompt),
    json: true,
    signal: request.signal,
    ...(request.maxToolCalls > 0
      ? { tools: lookTools(workbook, request.sheet), maxToolCalls: request.maxToolCalls }
      : {}),
  });
  // The reply checker (typebox's value checker, ~300 modules) loads with the first model reply, not at every start.
  const { parseReply } = await import('./parse-reply.js');
  const reply = parseReply(completion.text, {
    provider: completion.provider,
    model: completion.model,
    finishReason: completion.finishReason,
  });
  return { reply, completion };
}
