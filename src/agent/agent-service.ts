// The agent facade the routes call: chat (preview), apply, chain and the agent list. It holds
// the Completer (providers), the agent definitions and the chart id generator; every method
// takes the workbook the caller acts on (hosting decides which).
import type { ShiftDirection, WireValue, WorkbookHandle, WorkbookReader } from '../core/index.js';
import { DEFAULT_MAX_TOOL_CALLS, type ChatMessage, type Completer } from '../providers/index.js';
import { builtInAgents, type AgentDefinition } from './agent-definitions.js';
import { applyAgentWrite, type ApplyOutcome } from './apply.js';
import { readFormats } from './format-writes.js';
import { askModel } from './ask-model.js';
import { clampIterations, runChain, type ChainHooks, type ChainResult } from './chain.js';
import type { Scope } from './grid-context.js';
import { buildPreview, type AgentPreview } from './preview.js';
import { routePrompt } from './routing.js';

export interface AgentServiceOptions {
  readonly completer: Completer;
  /** Chart ids for chart_spec (core has no randomness). */
  readonly newChartId: () => string;
  readonly agents?: readonly AgentDefinition[];
  /** The most cells of the sheet the prompt lists (default 2000). */
  readonly maxContextCells?: number;
  /** Read-only tool calls the model may make per turn before answering (default 4; 0: none). */
  readonly maxToolCalls?: number;
  /** Agents that come and go (plugins'), read on every request; a built-in id wins. */
  readonly extraAgents?: () => readonly AgentDefinition[];
}

export interface ChatInput {
  readonly prompt: string;
  readonly history?: readonly ChatMessage[] | undefined;
  readonly scope?: Scope | undefined;
  readonly selectedCells?: readonly string[] | undefined;
  readonly sheet?: string | undefined;
  readonly modelId?: string | null | undefined;
  /** Skips routing when it names a known agent (GridOS's habit); unknown ids are routed. */
  readonly agentId?: string | null | undefined;
}

export interface ChainInput extends ChatInput {
  readonly maxIterations?: number | null | undefined;
  /** The client the chain runs for, recorded with each step's undo (see ApplyMeta.origin). */
  readonly origin?: string | undefined;
}

export interface ApplyInput {
  readonly agentId: string;
  readonly sheet?: string | undefined;
  /** One rectangle, or several (`intents`); a target may be sheet-qualified. */
  readonly writes: readonly { readonly target: string; readonly values: WireValue[][] }[];
  readonly direction?: ShiftDirection | undefined;
  readonly chartSpec?: Readonly<Record<string, unknown>> | null | undefined;
  /** The preview's `formats` (checked here: errors name `formats[i]…`). */
  readonly formats?: unknown;
  /** The client that applies, recorded with the undo step (see ApplyMeta.origin). */
  readonly origin?: string | undefined;
}

export interface AgentSummary {
  readonly id: string;
  readonly display_name: string;
  readonly router_description: string;
}

export class AgentService {
  readonly #agents: readonly AgentDefinition[];
  readonly #maxContextCells: number;
  readonly #maxToolCalls: number;

  constructor(private readonly options: AgentServiceOptions) {
    this.#agents = options.agents ?? builtInAgents();
    this.#maxContextCells = options.maxContextCells ?? 2_000;
    this.#maxToolCalls = options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
  }

  /** The same agent answering through another completer (SaaS: the caller's own provider keys). */
  withCompleter(completer: Completer): AgentService {
    return new AgentService({ ...this.options, agents: this.#agents, completer });
  }

  agents(): AgentSummary[] {
    return this.#allAgents().map((agent) => ({
      id: agent.id,
      display_name: agent.displayName,
      router_description: agent.routerDescription,
    }));
  }

  async chat(
    workbook: WorkbookReader,
    input: ChatInput,
    signal?: AbortSignal,
  ): Promise<AgentPreview> {
    const context = this.#context(workbook, input);
    const turn = await askModel(this.options.completer, workbook, {
      ...context,
      prompt: input.prompt,
      history: input.history ?? [],
      modelId: input.modelId,
      maxContextCells: this.#maxContextCells,
      maxToolCalls: this.#maxToolCalls,
      signal,
    });
    return buildPreview(
      { workbook, ...context, firstTurn: (input.history ?? []).length === 0 },
      turn.reply,
      turn.completion,
    );
  }

  applyWrites(handle: WorkbookHandle, input: ApplyInput): Promise<ApplyOutcome> {
    return applyAgentWrite(
      handle,
      {
        agentId: input.agentId,
        sheet: input.sheet,
        writes: input.writes,
        direction: input.direction ?? 'right',
        chartSpec: input.chartSpec ?? null,
        formats: readFormats(input.formats),
        origin: input.origin,
      },
      this.options.newChartId,
    );
  }

  chain(handle: WorkbookHandle, input: ChainInput, hooks: ChainHooks = {}): Promise<ChainResult> {
    const context = this.#context(handle.workbook, input);
    return runChain(
      {
        completer: this.options.completer,
        newChartId: this.options.newChartId,
        maxContextCells: this.#maxContextCells,
        maxToolCalls: this.#maxToolCalls,
      },
      handle,
      {
        ...context,
        prompt: input.prompt,
        history: input.history ?? [],
        modelId: input.modelId,
        maxIterations: clampIterations(input.maxIterations),
        origin: input.origin,
      },
      hooks,
    );
  }

  #allAgents(): readonly AgentDefinition[] {
    const extra = this.options.extraAgents?.() ?? [];
    if (extra.length === 0) return this.#agents;
    const taken = new Set(this.#agents.map((agent) => agent.id));
    return [...this.#agents, ...extra.filter((agent) => !taken.has(agent.id))];
  }

  #context(workbook: WorkbookReader, input: ChatInput) {
    return {
      agent: routePrompt(input.prompt, this.#allAgents(), input.agentId).agent,
      sheet: workbook.sheet(input.sheet).name,
      scope: input.scope ?? 'sheet',
      selectedCells: input.selectedCells ?? [],
    };
  }
}
