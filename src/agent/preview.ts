// The agent preview of docs/contract.md §2 (POST /agent/chat): the reply placed where apply would
// put it (collision-resolved, references moved along), checked by both guardrails, with the
// proposed macro compiled. Nothing is written.
import {
  cellReaderOf,
  checkGuardrails,
  formatCell,
  InvalidAddressError,
  InvalidNameError,
  tryParseCell,
  type FormatPatch,
  type WireValue,
  type WorkbookReader,
} from '../core/index.js';
import { placeFormats } from './format-writes.js';
import type { TokenUsage, ToolUse } from '../contract/index.js';
import type { Completion } from '../providers/index.js';
import { toolsUsed, usageOf } from './turn-report.js';
import type { AgentDefinition } from './agent-definitions.js';
import { placedChartSpec } from './chart-writes.js';
import { ModelOutputError } from './errors.js';
import type { Scope } from './grid-context.js';
import { proposeMacro, type ProposedMacro } from './macros.js';
import type { AgentReply, Plan } from './parse-reply.js';
import {
  blocksOf,
  cellLabel,
  cellsOf,
  placeBlocks,
  proposedCells,
  type PlacedBlock,
} from './write-plan.js';

export interface PreviewIntent {
  readonly sheet: string;
  readonly target_cell: string;
  readonly original_request: string;
  readonly values: readonly (readonly WireValue[])[];
}

export interface AgentPreview {
  readonly category: string;
  readonly agent_id: string;
  readonly reasoning: string;
  readonly sheet: string;
  readonly scope: Scope;
  readonly selected_cells: readonly string[];
  readonly target_cell: string;
  readonly original_request: string;
  readonly preview_cells: readonly { cell: string; value: WireValue }[];
  readonly values: readonly (readonly WireValue[])[] | null;
  /** Set when the reply writes to more than one sheet; apply accepts the same list. */
  readonly intents: readonly PreviewIntent[] | null;
  readonly chart_spec: Record<string, unknown> | null;
  /**
   * The formats the reply proposes, where they land: only on cells this write writes (moved
   * with the block); apply accepts the same list.
   */
  readonly formats: readonly { range: string; format: FormatPatch }[];
  readonly proposed_macro: ProposedMacro | null;
  readonly macro_error: string | null;
  readonly plan: Plan | null;
  readonly model: string;
  readonly provider: string;
  /** The read-only tools the model called before it answered. */
  readonly tools_used: readonly ToolUse[];
  readonly usage: TokenUsage;
}

export interface PreviewContext {
  readonly workbook: WorkbookReader;
  readonly agent: AgentDefinition;
  readonly sheet: string;
  readonly scope: Scope;
  readonly selectedCells: readonly string[];
  readonly firstTurn: boolean;
}

/** Where a rectangle without target_cell goes: the first selected cell, else A1. */
export function fallbackTarget(selectedCells: readonly string[]): string {
  const first = selectedCells[0]?.split(':')[0];
  const address = first === undefined ? undefined : tryParseCell(first);
  return address === undefined ? 'A1' : formatCell(address);
}

/** Places the reply's rectangles; a target the model got wrong is the model's problem (422). */
export function placeReply(
  context: PreviewContext,
  reply: AgentReply,
  completion: Completion,
): PlacedBlock[] {
  try {
    const blocks = blocksOf(context.workbook, reply.writes, {
      sheet: context.sheet,
      fallbackTarget: fallbackTarget(context.selectedCells),
    });
    return placeBlocks(context.workbook, blocks, 'right');
  } catch (error) {
    if (error instanceof InvalidAddressError || error instanceof InvalidNameError) {
      throw new ModelOutputError(completion.provider, completion.model, `${error.message}`);
    }
    throw error;
  }
}

export function buildPreview(
  context: PreviewContext,
  reply: AgentReply,
  completion: Completion,
): AgentPreview {
  const placed = placeReply(context, reply, completion);
  checkGuardrails(proposedCells(placed), cellReaderOf(context.workbook), context.sheet);
  const first = placed[0];
  // A block on a sheet the write creates is shown sheet-qualified, so apply creates it too.
  const sheet = first !== undefined && !first.createsSheet ? first.sheet : context.sheet;
  const requested =
    reply.writes[0]?.target ?? reply.requestedTarget ?? fallbackTarget(context.selectedCells);
  const macro = proposeMacro(reply.macroSpec, context.workbook.functionNames());
  return {
    category: context.agent.id,
    agent_id: context.agent.id,
    reasoning: reply.reasoning,
    sheet,
    scope: context.scope,
    selected_cells: context.selectedCells.map((cell) => cell.toUpperCase()),
    target_cell: first === undefined ? requested : cellLabel(first.sheet, first.target, sheet),
    original_request: first?.originalRequest ?? requested,
    preview_cells: placed.flatMap((block) =>
      cellsOf(block).map((cell) => ({
        cell: cellLabel(cell.sheet, cell.address, sheet),
        value: cell.value,
      })),
    ),
    values: first === undefined ? null : first.placedValues,
    intents:
      placed.length > 1
        ? placed.map((block) => ({
            sheet: block.sheet,
            target_cell: cellLabel(block.sheet, block.target, sheet),
            original_request: block.originalRequest,
            values: block.placedValues,
          }))
        : null,
    chart_spec: placedChartSpec(reply.chartSpec, sheet, placed),
    formats: placeFormats(reply.formats, placed, context.sheet, sheet).shown,
    proposed_macro: macro.proposed_macro,
    macro_error: macro.macro_error,
    plan: context.firstTurn ? reply.plan : null,
    model: completion.model,
    provider: completion.provider,
    tools_used: toolsUsed(completion),
    usage: usageOf(completion),
  };
}
