// POST /agent/chat/chain (docs/contract.md §4, docs/gridos-compat.md §6): up to max_iterations of
// prompt → apply without confirmation → observations → next prompt. A first-turn plan is written
// one section per turn; a section with column-alignment warnings is retried once, replacing its
// first attempt. The completion signal (an empty grid) is always the last step. A write the
// guardrails reject is reported as a step and fed back so the model can correct it.
import {
  cellKey,
  GuardrailViolationError,
  type Chart,
  type GuardrailIssue,
  type WireValue,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
import type { ChatMessage, Completer } from '../providers/index.js';
import { applyAgentWrite, type ApplyOutcome } from './apply.js';
import { askModel, type Turn, type TurnRequest } from './ask-model.js';
import { followUpPrompt } from './chain-prompts.js';
import { proposeMacro, type ProposedMacro } from './macros.js';
import { observeWrites, type Observation } from './observations.js';
import type { AgentReply, Plan } from './parse-reply.js';
import { fallbackTarget } from './preview.js';
import { cellsOf } from './write-plan.js';

export const MAX_CHAIN_ITERATIONS = 10;

/**
 * docs/contract.md §8: default 10, range 1..10, larger values clamped (and smaller ones raised to
 * 1).
 */
export function clampIterations(requested: number | undefined | null): number {
  if (requested === undefined || requested === null || !Number.isFinite(requested))
    return MAX_CHAIN_ITERATIONS;
  return Math.max(1, Math.min(MAX_CHAIN_ITERATIONS, Math.trunc(requested)));
}

export interface ChainStep {
  readonly iteration: number;
  readonly agent_id: string;
  readonly reasoning: string;
  readonly target: string | null;
  readonly values: readonly (readonly WireValue[])[] | null;
  readonly observations: readonly Observation[];
  readonly completion_signal: boolean;
  readonly chart: Chart | null;
  readonly chart_error: string | null;
  readonly proposed_macro: ProposedMacro | null;
  readonly macro_error: string | null;
  readonly plan: Plan | null;
  /** Set when the guardrails rejected this step's write (nothing was written). */
  readonly guardrail_issues: readonly GuardrailIssue[] | null;
}

export interface ChainResult {
  readonly sheet: string;
  readonly steps: readonly ChainStep[];
  readonly iterations_used: number;
  readonly terminated_early: boolean;
  /**
   * Why the loop ended: completion, max_iterations, nothing_left, rejected_twice, aborted or error.
   */
  readonly stop_reason: string;
  /** The error that ended a later iteration (the first iteration's errors are thrown). */
  readonly error: string | null;
}

/** A chain asks what a single turn asks, plus how many turns it may take. */
export interface ChainRequest extends Omit<TurnRequest, 'maxContextCells' | 'signal'> {
  readonly maxIterations: number;
  /** The client the chain runs for, recorded with each step's undo. */
  readonly origin?: string | undefined;
}

export interface ChainDeps {
  readonly completer: Completer;
  readonly newChartId: () => string;
  readonly maxContextCells: number;
}

export interface ChainHooks {
  readonly signal?: AbortSignal | undefined;
  /** Called as each step completes (SSE progress). */
  readonly onStep?: ((step: ChainStep) => void) | undefined;
}

/** State carried from one iteration to the next. */
interface Progress {
  readonly originalPrompt: string;
  prompt: string;
  history: ChatMessage[];
  plan: Plan | null;
  sectionsDone: number;
  /** Cells of an attempt the next step replaces (retry after warnings), per lowercased sheet. */
  replaceable: Map<string, Set<number>> | undefined;
  retried: boolean;
  lastTarget: string | null;
  rejectedInARow: number;
}

function isCompletion(reply: AgentReply, iteration: number): boolean {
  const chart = reply.chartSpec !== null && Object.keys(reply.chartSpec).length > 0;
  const macro = reply.macroSpec !== null && Object.keys(reply.macroSpec).length > 0;
  return reply.writes.length === 0 && !chart && !macro && !(iteration === 0 && reply.plan !== null);
}

function writtenCells(outcome: ApplyOutcome): Map<string, Set<number>> {
  const cells = new Map<string, Set<number>>();
  for (const block of outcome.blocks) {
    const set = cells.get(block.sheet.toLowerCase()) ?? new Set<number>();
    for (const cell of cellsOf(block)) set.add(cellKey(cell.address.row, cell.address.col));
    cells.set(block.sheet.toLowerCase(), set);
  }
  return cells;
}

function baseStep(
  iteration: number,
  request: ChainRequest,
  turn: Turn,
  workbook: WorkbookReader,
  progress: Progress,
) {
  const macro = proposeMacro(turn.reply.macroSpec, workbook.functionNames());
  return {
    iteration,
    agent_id: request.agent.id,
    reasoning: turn.reply.reasoning,
    proposed_macro: macro.proposed_macro,
    macro_error: macro.macro_error,
    plan: iteration === 0 ? progress.plan : null,
  };
}

export async function runChain(
  deps: ChainDeps,
  handle: WorkbookHandle,
  request: ChainRequest,
  hooks: ChainHooks = {},
): Promise<ChainResult> {
  const steps: ChainStep[] = [];
  const progress: Progress = {
    originalPrompt: request.prompt,
    prompt: request.prompt,
    history: [...request.history],
    plan: null,
    sectionsDone: 0,
    replaceable: undefined,
    retried: false,
    lastTarget: null,
    rejectedInARow: 0,
  };
  let stopReason = 'max_iterations';
  let error: string | null = null;
  for (let iteration = 0; iteration < request.maxIterations; iteration += 1) {
    if (hooks.signal?.aborted) {
      stopReason = 'aborted';
      break;
    }
    let outcome: IterationOutcome;
    try {
      outcome = await iterate(deps, handle, request, progress, iteration, hooks.signal);
    } catch (failure) {
      if (iteration === 0 || !(failure instanceof Error)) throw failure;
      stopReason = hooks.signal?.aborted ? 'aborted' : 'error';
      error = failure.message;
      break;
    }
    steps.push(outcome.step);
    hooks.onStep?.(outcome.step);
    if (outcome.stop !== undefined) {
      stopReason = outcome.stop;
      break;
    }
  }
  return {
    sheet: request.sheet,
    steps,
    iterations_used: steps.length,
    terminated_early: steps.length < request.maxIterations,
    stop_reason: stopReason,
    error,
  };
}

interface IterationOutcome {
  readonly step: ChainStep;
  readonly stop?: string;
}

async function iterate(
  deps: ChainDeps,
  handle: WorkbookHandle,
  request: ChainRequest,
  progress: Progress,
  iteration: number,
  signal: AbortSignal | undefined,
): Promise<IterationOutcome> {
  const workbook = handle.workbook;
  const turn = await askModel(deps.completer, workbook, {
    agent: request.agent,
    prompt: progress.prompt,
    history: progress.history,
    sheet: request.sheet,
    scope: request.scope,
    selectedCells: request.selectedCells,
    modelId: request.modelId,
    maxContextCells: deps.maxContextCells,
    signal,
  });
  if (iteration === 0 && turn.reply.plan !== null) progress.plan = turn.reply.plan;
  const base = baseStep(iteration, request, turn, workbook, progress);
  if (isCompletion(turn.reply, iteration)) {
    const target =
      turn.reply.requestedTarget ?? progress.lastTarget ?? fallbackTarget(request.selectedCells);
    const step: ChainStep = {
      ...base,
      target,
      values: [['']],
      observations: [],
      completion_signal: true,
      chart: null,
      chart_error: null,
      guardrail_issues: null,
    };
    return { step, stop: 'completion' };
  }
  let outcome: ApplyOutcome;
  try {
    outcome = await applyAgentWrite(
      handle,
      {
        agentId: request.agent.id,
        sheet: request.sheet,
        writes: turn.reply.writes,
        direction: 'right',
        chartSpec: turn.reply.chartSpec,
        replaceable: progress.replaceable,
        origin: request.origin,
      },
      deps.newChartId,
    );
  } catch (failure) {
    if (!(failure instanceof GuardrailViolationError)) throw failure;
    return rejectedStep(base, turn, failure, progress);
  }
  const observations = observeWrites(workbook, outcome.blocks, request.sheet);
  const step: ChainStep = {
    ...base,
    target: outcome.actualTarget,
    values: outcome.blocks[0]?.placedValues ?? null,
    observations,
    completion_signal: false,
    chart: outcome.chart,
    chart_error: outcome.chartError,
    guardrail_issues: null,
  };
  return { step, ...advance(progress, turn, outcome, observations) };
}

function rejectedStep(
  base: ReturnType<typeof baseStep>,
  turn: Turn,
  failure: GuardrailViolationError,
  progress: Progress,
): IterationOutcome {
  const first = turn.reply.writes[0];
  const step: ChainStep = {
    ...base,
    target: first?.target ?? null,
    values: first?.values ?? null,
    observations: [],
    completion_signal: false,
    chart: null,
    chart_error: null,
    guardrail_issues: failure.issues,
  };
  progress.rejectedInARow += 1;
  remember(progress, turn, step);
  progress.prompt = followUpPrompt({
    ...followUpBase(progress),
    observations: [],
    issues: failure.issues,
  });
  return progress.rejectedInARow >= 2 ? { step, stop: 'rejected_twice' } : { step };
}

/** Updates the plan position and decides whether another iteration is worth running. */
function advance(
  progress: Progress,
  turn: Turn,
  outcome: ApplyOutcome,
  observations: readonly Observation[],
): { stop?: string } {
  const warned = observations.some((observation) => observation.warning !== null);
  const wroteCells = outcome.blocks.some((block) => cellsOf(block).length > 0);
  progress.rejectedInARow = 0;
  if (wroteCells) {
    if (warned && !progress.retried) {
      progress.retried = true;
      progress.replaceable = writtenCells(outcome);
    } else {
      progress.sectionsDone += 1;
      progress.retried = false;
      progress.replaceable = undefined;
    }
    progress.lastTarget = outcome.actualTarget;
  }
  remember(progress, turn, {
    target: outcome.actualTarget,
    values: outcome.blocks[0]?.placedValues ?? null,
  });
  const planRemaining =
    progress.plan !== null && progress.sectionsDone < progress.plan.sections.length;
  const formulas = observations.some((observation) => observation.formula !== null);
  progress.prompt = followUpPrompt({ ...followUpBase(progress), observations, issues: [] });
  return warned || planRemaining || formulas ? {} : { stop: 'nothing_left' };
}

function followUpBase(progress: Progress) {
  return {
    originalPrompt: progress.originalPrompt,
    lastTarget: progress.lastTarget,
    plan: progress.plan,
    sectionsDone: progress.sectionsDone,
    retrying: progress.replaceable !== undefined,
  };
}

/** Appends this turn to the chain's history, as GridOS does: the prompt, then what was written. */
function remember(
  progress: Progress,
  turn: Turn,
  written: { target: string | null; values: unknown },
): void {
  const answer = {
    reasoning: turn.reply.reasoning,
    target: written.target,
    values: written.values,
    ...(turn.reply.plan === null ? {} : { plan: turn.reply.plan }),
  };
  progress.history.push(
    { role: 'user', content: progress.prompt },
    { role: 'assistant', content: JSON.stringify(answer) },
  );
}
