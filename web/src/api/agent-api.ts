// The AI agent (docs/contract.md §2 Agent preview and Chain step, §4 Agent).
import type { ApiClient } from './client.js';
import { ApiError, describeDetail } from './errors.js';
import { readEvents } from './sse.js';
import type { CellValue, ChartJson, ChartSpecJson } from './types.js';

export interface HistoryEntry {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface ChatRequest {
  readonly prompt: string;
  readonly history: readonly HistoryEntry[];
  readonly scope: 'sheet' | 'selection';
  readonly selected_cells?: readonly string[];
  readonly sheet: string;
  readonly model_id?: string;
}

export interface PlanJson {
  readonly title?: string;
  readonly anchor?: string;
  readonly sections: readonly {
    readonly label?: string;
    readonly target?: string;
    readonly notes?: string;
  }[];
}

export interface MacroJson {
  readonly name: string;
  readonly params?: readonly unknown[];
  readonly description?: string;
  readonly body?: unknown;
  readonly replaces_existing?: boolean;
}

export interface PreviewJson {
  readonly category?: string;
  readonly agent_id: string;
  readonly reasoning: string;
  readonly sheet: string;
  readonly target_cell: string | null;
  readonly original_request?: string | null;
  readonly preview_cells: readonly { readonly cell: string; readonly value: CellValue }[];
  readonly values: readonly (readonly CellValue[])[] | null;
  readonly chart_spec: ChartSpecJson | null;
  readonly proposed_macro: MacroJson | null;
  readonly macro_error: string | null;
  readonly plan: PlanJson | null;
}

export interface ApplyRequest {
  readonly agent_id: string;
  readonly target_cell: string;
  readonly values: readonly (readonly CellValue[])[];
  readonly sheet: string;
  readonly shift_direction: 'right' | 'down';
  readonly chart_spec: ChartSpecJson | null;
}

export interface ApplyJson {
  readonly status: 'Success' | 'Collision Resolved' | 'Partial' | string;
  readonly sheet: string;
  readonly actual_target: string | null;
  readonly chart?: ChartJson | null;
  readonly chart_error?: string | null;
}

export interface ObservationJson {
  readonly cell: string;
  readonly value: CellValue;
  readonly formula: string | null;
  readonly warning: string | null;
}

export interface ChainStepJson {
  readonly iteration: number;
  readonly agent_id: string;
  readonly reasoning: string;
  readonly target: string | null;
  readonly values: readonly (readonly CellValue[])[] | null;
  readonly observations: readonly ObservationJson[];
  readonly completion_signal: boolean;
  readonly chart?: ChartJson | null;
  readonly chart_error?: string | null;
  readonly proposed_macro?: MacroJson | null;
  readonly plan?: PlanJson | null;
  /** Set when the guardrails refused this step's write (nothing was written). */
  readonly guardrail_issues?: readonly unknown[] | null;
}

export interface ChainJson {
  readonly sheet: string;
  readonly steps: readonly ChainStepJson[];
  readonly iterations_used: number;
  readonly terminated_early: boolean;
  /**
   * Why the loop ended (completion, max_iterations, nothing_left, rejected_twice, aborted, error).
   */
  readonly stop_reason?: string;
  readonly error?: string | null;
}

export class AgentApi {
  constructor(private readonly client: ApiClient) {}

  chat(request: ChatRequest, signal?: AbortSignal): Promise<PreviewJson> {
    return this.client.post('/agent/chat', request, undefined, signal);
  }

  apply(request: ApplyRequest): Promise<ApplyJson> {
    return this.client.post('/agent/apply', request);
  }

  /** Runs a chain, reporting each step as the server streams it (Server-Sent Events). */
  async chain(
    request: ChatRequest & { max_iterations: number },
    onStep: (step: ChainStepJson) => void,
    signal?: AbortSignal,
  ): Promise<ChainJson> {
    const response = await this.client.raw('POST', '/agent/chat/chain', {
      body: request,
      ...(signal === undefined ? {} : { signal }),
      accept: 'text/event-stream',
    });
    if (
      !(response.headers.get('content-type') ?? '').includes('text/event-stream') ||
      response.body === null
    ) {
      return (await response.json()) as ChainJson;
    }
    let result: ChainJson | undefined;
    for await (const event of readEvents(response.body)) {
      if (event.name === 'step') onStep(JSON.parse(event.data) as ChainStepJson);
      else if (event.name === 'result') result = JSON.parse(event.data) as ChainJson;
      else if (event.name === 'error')
        throw new ApiError(
          500,
          (JSON.parse(event.data) as { detail?: unknown }).detail,
          describeDetail((JSON.parse(event.data) as { detail?: unknown }).detail),
        );
    }
    if (result === undefined)
      throw new ApiError(
        502,
        'The chain stream ended without a result.',
        'The chain stream ended without a result; the steps shown were applied.',
      );
    return result;
  }
}
