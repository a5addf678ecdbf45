// What the AI panel's conversation holds: the user's prompts, preview cards with their
// outcome, chain runs, notes and errors. History sent to the agent is derived from it.
import type { ApiError, BlockedFormula } from '../api/errors.js';
import type {
  ApplyJson,
  ChainJson,
  ChainStepJson,
  HistoryEntry,
  PreviewJson,
} from '../api/agent-api.js';

export type CardStatus = 'open' | 'applying' | 'applied' | 'dismissed' | 'superseded';

export interface UserEntry {
  readonly kind: 'user';
  readonly id: number;
  readonly text: string;
  readonly chain: boolean;
}

export interface PreviewEntry {
  readonly kind: 'preview';
  readonly id: number;
  readonly prompt: string;
  readonly preview: PreviewJson;
  readonly status: CardStatus;
  readonly shift: 'right' | 'down';
  /** Proposed cells that already hold data (they would be overwritten or shifted). */
  readonly occupied: readonly string[];
  readonly result?: ApplyJson;
  readonly applyError?: { readonly message: string; readonly blocked: readonly BlockedFormula[] };
}

export interface ChainEntry {
  readonly kind: 'chain';
  readonly id: number;
  /** Steps as they arrive (the server streams them). */
  readonly steps: readonly ChainStepJson[];
  /** The final answer; null while the chain runs (or when it was stopped). */
  readonly result: ChainJson | null;
  /** The request ended without a result (stopped by the user, or failed). */
  readonly ended?: boolean;
}

export interface NoteEntry {
  readonly kind: 'note';
  readonly id: number;
  readonly text: string;
  readonly tone: 'info' | 'warning';
}

export interface ErrorEntry {
  readonly kind: 'error';
  readonly id: number;
  readonly message: string;
  readonly blocked: readonly BlockedFormula[];
  /** The prompt to send again with Retry. */
  readonly retry?: { readonly prompt: string; readonly chain: boolean };
  readonly status?: number;
}

export type ThreadEntry = UserEntry | PreviewEntry | ChainEntry | NoteEntry | ErrorEntry;

const MAX_HISTORY = 6;

/** Oldest first: user prompts and what the assistant answered, the last six entries. */
export function historyOf(thread: readonly ThreadEntry[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const entry of thread) {
    if (entry.kind === 'user') entries.push({ role: 'user', content: entry.text });
    else if (entry.kind === 'preview')
      entries.push({
        role: 'assistant',
        content: `${entry.preview.category ?? entry.preview.agent_id}: ${entry.preview.reasoning}`,
      });
    else if (entry.kind === 'chain') {
      const last = entry.steps.at(-1);
      entries.push({
        role: 'assistant',
        content: `chain (${entry.steps.length} steps): ${last?.reasoning ?? ''}`,
      });
    }
  }
  return entries.slice(-MAX_HISTORY);
}

export type { ApiError };
