// POST /agent/chat/chain (docs/contract.md §4, docs/agent.md "The chain"): up to max_iterations of
// prompt → apply without confirmation → check → next prompt. A first-turn plan is written one
// section per turn; a section with column-alignment warnings is retried once, replacing its first
// attempt. After each write the chain checks every cell it wrote or changed for error values and
// asks the model to fix those first; a completion signal while its cells show errors gets one fix
// turn before it is accepted. The loop ends on the completion signal (always the last step), at
// max_iterations, on cancellation, on an error, or when the model repeats its last write — nothing
// else. A write the guardrails reject is reported as a step and fed back for correction.
import {
  GuardrailViolationError,
  type Chart,
  type GuardrailIssue,
  type WireValue,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
import type { TokenUsage, ToolUse } from '../contract/index.js';
import type { ChatMessage, Completer } from '../providers/index.js';
import { applyAgentWrite, type ApplyOutcome, type OwnedCells } from './apply.js';
import { askModel, type Turn, type TurnRequest } from './ask-model.js';
import { ChainFootprint, type Verification } from './chain-checks.js';
import { followUpPrompt } from './chain-prompts.js';
import { proposeMacro, type ProposedMacro } from './macros.js';
import { observeWrites, type Observation } from './observations.js';
import type { AgentReply, Plan } from './parse-reply.js';
import { fallbackTarget } from './preview.js';
import { toolsUsed, usageOf } from './turn-report.js';
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
  /** The formats this step wrote with its values, where they landed. */
  readonly formats: ApplyOutcome['formats'];
  readonly proposed_macro: ProposedMacro | null;
  readonly macro_error: string | null;
  readonly plan: Plan | null;
  /** Set when the guardrails rejected this step's write (nothing was written). */
  readonly guardrail_issues: readonly GuardrailIssue[] | null;
  readonly tools_used: readonly ToolUse[];
  readonly usage: TokenUsage;
  /** The chain's cells so far, checked after this step. */
  readonly verification: Verification;
}

export type StopReason = 'completion' | 'max_iterations' | 'repeated_write' | 'aborted' | 'error';

export interface ChainResult {
  readonly sheet: string;
  readonly steps: readonly ChainStep[];
  readonly iterations_used: number;
  readonly terminated_early: boolean;
  readonly stop_reason: StopReason;
  /** The error that ended a later iteration (the first iteration's errors are thrown). */
  readonly error: string | null;
  /** Tokens of every step together. */
  readonly usage: TokenUsage;
}

/** A chain asks what a single turn asks, plus how many turns it may take. */
export interface ChainRequest extends Omit<
  TurnRequest,
  'maxContextCells' | 'maxToolCalls' | 'signal'
> {
  readonly maxIterations: number;
  /** The client the chain runs for, recorded with each step's undo. */
  readonly origin?: string | undefined;
}

export interface ChainDeps {
  readonly completer: Completer;
  readonly newChartId: () => string;
  readonly maxContextCells: number;
  readonly maxToolCalls: number;
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
  replaceable: OwnedCells | undefined;
  /** While errors are left: the chain's own cells, which the next step may rewrite in place. */
  rewritable: OwnedCells | undefined;
  retried: boolean;
  lastTarget: string | null;
  /** The last reply's writes and chart, to notice a model repeating itself. */
  lastWrite: string | undefined;
  /** Whether the one fix turn after a premature completion signal was given. */
  fixTurnGiven: boolean;
  readonly footprint: ChainFootprint;
}

function isCompletion(reply: AgentReply, iteration: number): boolean {
  const chart = reply.chartSpec !== null && Object.keys(reply.chartSpec).length > 0;
  const macro = reply.macroSpec !== null && Object.keys(reply.macroSpec).length > 0;
  return reply.writes.length === 0 && !chart && !macro && !(iteration === 0 && reply.plan !== null);
}

function sumUsage(steps: readonly ChainStep[]): TokenUsage {
  return steps.reduce(
    (sum, step) => ({
      input_tokens: sum.input_tokens + step.usage.input_tokens,
      output_tokens: sum.output_tokens + step.usage.output_tokens,
      total_tokens: sum.total_tokens + step.usage.total_tokens,
    }),
    { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
  );
}

/** What every step of a turn shares, whatever the turn did. */
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
    tools_used: toolsUsed(turn.completion),
    usage: usageOf(turn.completion),
    chart: null,
    chart_error: null,
    formats: [],
    guardrail_issues: null,
  };
}

type BaseStep = ReturnType<typeof baseStep>;

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
    rewritable: undefined,
    retried: false,
    lastTarget: null,
    lastWrite: undefined,
    fixTurnGiven: false,
    footprint: new ChainFootprint(),
  };
  let stopReason: StopReason = 'max_iterations';
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
    const step: ChainStep = {
      ...outcome.step,
      verification: progress.footprint.verify(handle.workbook, request.sheet),
    };
    steps.push(step);
    hooks.onStep?.(step);
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
    usage: sumUsage(steps),
  };
}

interface IterationOutcome {
  readonly step: Omit<ChainStep, 'verification'>;
  readonly stop?: StopReason;
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
    maxToolCalls: deps.maxToolCalls,
    signal,
  });
  if (iteration === 0 && turn.reply.plan !== null) progress.plan = turn.reply.plan;
  const base = baseStep(iteration, request, turn, workbook, progress);
  if (isCompletion(turn.reply, iteration)) return complete(base, request, turn, workbook, progress);
  const write = JSON.stringify([turn.reply.writes, turn.reply.chartSpec, turn.reply.formats]);
  if (write === progress.lastWrite) {
    // The same write again would only land beside the first (occupied cells are never
    // overwritten): the model is going round in circles.
    const step = {
      ...base,
      target: null,
      values: null,
      observations: [],
      completion_signal: false,
    };
    return { step, stop: 'repeated_write' };
  }
  progress.lastWrite = write;
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
        formats: turn.reply.formats,
        replaceable: progress.replaceable,
        rewritable: progress.rewritable,
        origin: request.origin,
      },
      deps.newChartId,
    );
  } catch (failure) {
    if (!(failure instanceof GuardrailViolationError)) throw failure;
    return { step: rejectedStep(base, turn, failure, progress) };
  }
  return { step: appliedStep(base, request, turn, workbook, outcome, progress) };
}

/**
 * The completion signal ends the chain — unless the chain's cells show errors and the model has
 * not yet had its one turn to fix them.
 */
function complete(
  base: BaseStep,
  request: ChainRequest,
  turn: Turn,
  workbook: WorkbookReader,
  progress: Progress,
): IterationOutcome {
  const errors = progress.footprint.errorCells(workbook, request.sheet);
  if (errors.length > 0 && !progress.fixTurnGiven) {
    progress.fixTurnGiven = true;
    progress.rewritable = progress.footprint.ownCells();
    remember(progress, turn, { target: null, values: [['']] });
    progress.prompt = followUpPrompt({
      ...followUpBase(progress),
      observations: [],
      issues: [],
      errors: errors.map((error) => error.observation),
      completionRefused: true,
    });
    const observations = errors.map((error) => error.observation);
    return {
      step: { ...base, target: null, values: null, observations, completion_signal: false },
    };
  }
  const target =
    turn.reply.requestedTarget ?? progress.lastTarget ?? fallbackTarget(request.selectedCells);
  const step = { ...base, target, values: [['']], observations: [], completion_signal: true };
  return { step, stop: 'completion' };
}

function rejectedStep(
  base: BaseStep,
  turn: Turn,
  failure: GuardrailViolationError,
  progress: Progress,
): IterationOutcome['step'] {
  const first = turn.reply.writes[0];
  const step = {
    ...base,
    target: first?.target ?? null,
    values: first?.values ?? null,
    observations: [],
    completion_signal: false,
    guardrail_issues: failure.issues,
  };
  remember(progress, turn, step);
  progress.prompt = followUpPrompt({
    ...followUpBase(progress),
    observations: [],
    issues: failure.issues,
    errors: [],
    completionRefused: false,
  });
  return step;
}

/** Records what the write touched, checks it, and prepares the next prompt. */
function appliedStep(
  base: BaseStep,
  request: ChainRequest,
  turn: Turn,
  workbook: WorkbookReader,
  outcome: ApplyOutcome,
  progress: Progress,
): IterationOutcome['step'] {
  const written = outcome.written;
  progress.footprint.addWritten(written);
  progress.footprint.addChanged(outcome.changes);
  const observations = observeWrites(workbook, outcome.blocks, request.sheet);
  const observed = new Set(observations.map((observation) => observation.cell));
  const errors = progress.footprint.errorCells(workbook, request.sheet);
  // Errors the write caused outside the cells it wrote (a user's formula that reads them).
  const knockOn = errors
    .map((error) => error.observation)
    .filter((observation) => !observed.has(observation.cell));
  advancePlan(progress, outcome, observations, written);
  progress.rewritable = errors.length === 0 ? undefined : progress.footprint.ownCells();
  remember(progress, turn, {
    target: outcome.actualTarget,
    values: outcome.blocks[0]?.placedValues ?? null,
  });
  progress.prompt = followUpPrompt({
    ...followUpBase(progress),
    observations,
    issues: [],
    errors: errors.map((error) => error.observation),
    completionRefused: false,
  });
  return {
    ...base,
    target: outcome.actualTarget,
    values: outcome.blocks[0]?.placedValues ?? null,
    observations: [...observations, ...knockOn],
    completion_signal: false,
    chart: outcome.chart,
    chart_error: outcome.chartError,
    formats: outcome.formats,
  };
}

/** Moves the plan on, or marks the section for one retry when its formulas read labels. */
function advancePlan(
  progress: Progress,
  outcome: ApplyOutcome,
  observations: readonly Observation[],
  written: OwnedCells,
): void {
  const warned = observations.some((observation) => observation.warning !== null);
  if (!outcome.blocks.some((block) => cellsOf(block).length > 0)) return;
  if (warned && !progress.retried) {
    progress.retried = true;
    progress.replaceable = written;
  } else {
    progress.sectionsDone += 1;
    progress.retried = false;
    progress.replaceable = undefined;
  }
  progress.lastTarget = outcome.actualTarget;
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
