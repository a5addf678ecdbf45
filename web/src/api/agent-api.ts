// The AI agent (docs/contract.md §2 Agent preview and Chain step, §4 Agent).
import type { ApiClient } from './client.js';
import { ApiError, describeDetail } from './errors.js';
import { readEvents } from './sse.js';
import type {
  AgentPreviewResponse as PreviewJson,
  ApplyResponse as ApplyJson,
  ChainResponse as ChainJson,
  ChainStepJson,
} from '../../../src/contract/index.js';
import type { CellValue } from './types.js';

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

export interface ApplyRequest {
  readonly agent_id: string;
  readonly target_cell: string;
  readonly values: readonly (readonly CellValue[])[];
  readonly sheet: string;
  readonly shift_direction: 'right' | 'down';
  /** The preview's chart spec as the model wrote it; the server checks it on apply. */
  readonly chart_spec: Readonly<Record<string, unknown>> | null;
  /** The preview's formats, written with the values in the same undo step. */
  readonly formats?: PreviewJson['formats'];
}

export type {
  AgentPreviewResponse as PreviewJson,
  ApplyResponse as ApplyJson,
  ChainResponse as ChainJson,
  ChainStepJson,
  Observation as ObservationJson,
  PlanJson,
  ProposedMacro as MacroJson,
} from '../../../src/contract/index.js';

/** How a preview's chart spec reads on screen: each field only when the model gave it as text. */
export interface ChartSpecSummary {
  readonly chartType: string;
  readonly title: string;
  readonly dataRange: string;
  readonly anchorCell: string;
}

export function summarizeChartSpec(spec: Readonly<Record<string, unknown>>): ChartSpecSummary {
  const text = (field: string, fallback: string) => {
    const value = spec[field];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  return {
    chartType: text('chart_type', 'bar'),
    title: text('title', ''),
    dataRange: text('data_range', '?'),
    anchorCell: text('anchor_cell', 'F2'),
  };
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
