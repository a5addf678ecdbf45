// System prompt assembly: base rules, the chosen agent's prompt, the workbook as a table, the
// functions our engine supports, and the output contract (docs/agent.md documents the same
// contract for people). History travels as chat messages, oldest first, before the prompt.
import type { ChatMessage } from '../providers/index.js';
import type { AgentDefinition } from './agent-definitions.js';

export const BASE_RULES = `You are the AI agent of Gridbook, a spreadsheet service. You propose cell writes; the service applies them.
Rules of the workbook:
- Cells are addressed in A1 notation. A formula starts with = and uses the functions listed under FUNCTIONS only.
- Cells marked locked must never be written; occupied cells are never overwritten: a write that would cover an occupied or locked cell is moved right (or down) to the nearest free place, so target empty space.
- Other sheets are read with =Sheet2!A1 or ='Sheet name'!A1 (names are case-insensitive; an unknown sheet gives #REF!). Writes go to the active sheet unless target_cell is sheet-qualified ("Summary!A1"); a sheet named that way is created if it does not exist.
- Before anything is written, formulas are checked: a formula that reads an empty cell (not filled by the same answer), or that does arithmetic on a text label, is rejected. Ranges inside functions (SUM(B2:B20)) may have empty ends.
- Never invent data the user did not give or ask for; say what you assumed in reasoning.`;

export const OUTPUT_CONTRACT = `OUTPUT: answer with exactly one JSON object (no prose around it, no code fences) with these keys:
{
  "reasoning": "one or two sentences: what you write and why",
  "target_cell": "B3",                 // top-left of a single rectangle; "Sheet2!A1" targets another sheet
  "values": [["Header", 1], ["=SUM(B1:B2)", 2]],  // rows of cells: numbers, text, booleans, or formulas starting with =
  "intents": null,                     // or [{"target_cell": "A1", "values": [[...]]}, ...] for several rectangles (then omit target_cell/values)
  "chart_spec": null,                  // or {"data_range": "A1:B5", "chart_type": "bar|line|pie", "title": "...", "anchor_cell": "F2", "orientation": "columns|rows"}
  "formats": null,                     // or [{"range": "A1:C1", "format": {"bold": true}}, {"range": "B2:B9", "format": {"number_format": "\"$\"#,##0.00"}}] for cells this answer writes
  "macro_spec": null,                  // or {"name": "MARGIN", "params": ["REVENUE", "COST"], "description": "...", "body": "=DIVIDE(MINUS(REVENUE, COST), REVENUE)"}
  "plan": null                         // or, on the first turn of a complex build only: {"title": "...", "anchor": "A1", "sections": [{"label": "Inputs", "target": "A1", "notes": "..."}]}
}
- values is always a list of rows, even for one cell: [["=A1*2"]].
- When there is nothing (more) to write, return "values": [[""]]: that is the completion signal.
- A macro body may use only its params, numbers and function calls (no operators, no cell references).
- formats style only the cells this answer writes, with ranges as you wrote the values (they move with them). Format fields: number_format (an Excel code: 0.00, #,##0, 0%, "$"#,##0.00, yyyy-mm-dd), bold, italic, underline, strikethrough, color and fill (#RRGGBB), align (left, center, right), wrap. Write numbers as numbers (0.15, not "15%") and let number_format show them.`;

export interface PromptParts {
  readonly agent: AgentDefinition;
  /** describeGrid's text. */
  readonly grid: string;
  /** The function catalogue's signatures (`VLOOKUP(search_criterion, array, index, [sort_order])`). */
  readonly functionSignatures: readonly string[];
  /** How many read-only tool calls the model may make before answering (0: no tools). */
  readonly toolCalls?: number;
}

export function toolRules(calls: number): string {
  return `TOOLS: before you answer you may call the read-only tools peek (read a range), eval (dry-run formulas: check a formula gives what you expect before you write it), schema (sheets and column types) and find (locate labels), at most ${calls} calls in all. Use them when the WORKBOOK table is truncated or when a formula's result matters; then answer with the JSON object below.`;
}

export function buildSystemPrompt(parts: PromptParts): string {
  const calls = parts.toolCalls ?? 0;
  return [
    BASE_RULES,
    `ROLE (${parts.agent.displayName}):\n${parts.agent.systemPrompt}`,
    `WORKBOOK:\n${parts.grid}`,
    `FUNCTIONS the formula engine supports (${parts.functionSignatures.length}; [optional] arguments, … repeats): ${parts.functionSignatures.join(', ')}`,
    ...(calls > 0 ? [toolRules(calls)] : []),
    OUTPUT_CONTRACT,
  ].join('\n\n');
}

/** The most history entries sent, and the longest one, so a long chat cannot crowd out the grid. */
export const HISTORY_LIMITS = { entries: 12, characters: 4_000 } as const;

/**
 * History (oldest first, trimmed to the most recent entries) followed by the prompt. Leading
 * assistant entries are dropped: some vendors (Anthropic) require the conversation to open
 * with the user.
 */
export function buildMessages(history: readonly ChatMessage[], prompt: string): ChatMessage[] {
  const trimmed = history.slice(-HISTORY_LIMITS.entries);
  const firstUser = trimmed.findIndex((entry) => entry.role === 'user');
  const recent = (firstUser === -1 ? [] : trimmed.slice(firstUser)).map((entry) => ({
    role: entry.role,
    content:
      entry.content.length > HISTORY_LIMITS.characters
        ? `${entry.content.slice(0, HISTORY_LIMITS.characters)} …[truncated]`
        : entry.content,
  }));
  return [...recent, { role: 'user', content: prompt }];
}
