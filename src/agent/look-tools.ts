// The read-only tools the model may call before it answers (docs/agent.md "Looking before
// writing"): peek a range, dry-run formulas, read the workbook's schema, find cells. They run the
// Engine API's own use-cases on the workbook as it is at that moment, so what the model sees is
// what /peek, /eval, /schema and /grid/find would answer. Outputs are bounded, since they go back
// into the model's context; a bad input comes back as an `error` the model can read and correct.
import {
  formatRange,
  peekRows,
  peekTarget,
  type RangeAddress,
  type WorkbookReader,
} from '../core/index.js';
import { describeSchema, evaluateFormulas, findCells } from '../engine-api/index.js';
import type { ToolSpec } from '../providers/index.js';

/** The most cells one peek shows the model (whole rows; the rest is reported as truncated). */
export const MAX_TOOL_PEEK_CELLS = 400;
/** The most formulas one eval call dry-runs. */
export const MAX_TOOL_EVAL_FORMULAS = 20;
/** The most matches one find call lists. */
export const MAX_TOOL_FIND_MATCHES = 50;
/** How long one eval call may keep the server evaluating. */
const TOOL_EVAL_BUDGET_MS = 1_000;

type Input = Readonly<Record<string, unknown>>;

function inputObject(input: unknown): Input {
  return typeof input === 'object' && input !== null ? (input as Input) : {};
}

function optionalText(input: Input, field: string): string | undefined {
  const value = input[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Runs a tool body, turning any failure into data: the model reads the message and retries. */
async function safely(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The first rows of a range that fit in MAX_TOOL_PEEK_CELLS (at least one row). */
function clipRows(range: RangeAddress): RangeAddress {
  const width = range.end.col - range.start.col + 1;
  const rows = Math.max(1, Math.floor(MAX_TOOL_PEEK_CELLS / width));
  const lastRow = Math.min(range.end.row, range.start.row + rows - 1);
  return { ...range, end: { ...range.end, row: lastRow } };
}

function peek(workbook: WorkbookReader, input: Input): unknown {
  const text = optionalText(input, 'range');
  const { sheet, range } = peekTarget(workbook, text, optionalText(input, 'sheet'));
  if (range === undefined) return { sheet: sheet.name, range: null, values: [], formulas: [] };
  const shown = clipRows(range);
  return {
    sheet: sheet.name,
    range: formatRange(shown),
    values: peekRows(sheet, shown, 'values'),
    formulas: peekRows(sheet, shown, 'formulas'),
    ...(shown.end.row < range.end.row
      ? { truncated: `only ${formatRange(shown)} of ${formatRange(range)} is shown` }
      : {}),
  };
}

function evaluate(workbook: WorkbookReader, input: Input, now: () => number): unknown {
  const formulas = Array.isArray(input['formulas']) ? input['formulas'] : [];
  const items = formulas.slice(0, MAX_TOOL_EVAL_FORMULAS).map((item) => {
    const entry = inputObject(item);
    return { cell: optionalText(entry, 'cell') ?? 'A1', formula: String(entry['formula'] ?? '') };
  });
  return evaluateFormulas(workbook, optionalText(input, 'sheet'), items, {
    ms: TOOL_EVAL_BUDGET_MS,
    now,
  });
}

function find(workbook: WorkbookReader, input: Input): unknown {
  const query = optionalText(input, 'query');
  if (query === undefined) return { error: 'query: give the text to look for.' };
  return findCells(workbook, {
    query,
    regex: input['regex'] === true,
    match_case: input['match_case'] === true,
    whole_cell: input['whole_cell'] === true,
    look_in: input['look_in'] === 'formulas' ? 'formulas' : 'values',
    scope: 'workbook',
    limit: MAX_TOOL_FIND_MATCHES,
  });
}

const SHEET = { type: 'string', description: 'Sheet name; default the sheet being worked on.' };

/** The tools over `workbook` (read at call time, so a chain step sees its earlier writes). */
export function lookTools(
  workbook: WorkbookReader,
  sheet: string,
  now: () => number = () => performance.now(),
): Record<string, ToolSpec> {
  const onSheet = (input: unknown): Input => ({ sheet, ...inputObject(input) });
  return {
    peek: {
      description: `Read a range's computed values and formulas (at most ${MAX_TOOL_PEEK_CELLS} cells; default the sheet's occupied range).`,
      inputSchema: {
        type: 'object',
        properties: {
          range: { type: 'string', description: 'A1 range such as A1:D20, may be Sheet!A1:D20.' },
          sheet: SHEET,
        },
      },
      execute: (input) => safely(() => peek(workbook, onSheet(input))),
    },
    eval: {
      description: `Dry-run up to ${MAX_TOOL_EVAL_FORMULAS} formulas against the workbook as it is, as if typed into the given cells; nothing is written.`,
      inputSchema: {
        type: 'object',
        properties: {
          formulas: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                cell: { type: 'string', description: 'The cell the formula would be in.' },
                formula: { type: 'string', description: 'The formula, such as =SUM(B2:B9).' },
              },
              required: ['cell', 'formula'],
            },
          },
          sheet: SHEET,
        },
        required: ['formulas'],
      },
      execute: (input) => safely(() => evaluate(workbook, onSheet(input), now)),
    },
    schema: {
      description:
        "The workbook's sheets: for each, its occupied bounds and each column's header and type.",
      inputSchema: { type: 'object', properties: {} },
      execute: () => safely(() => describeSchema(workbook)),
    },
    find: {
      description: `Find cells whose shown value (or formula) contains a text, in every sheet (at most ${MAX_TOOL_FIND_MATCHES} matches).`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          regex: { type: 'boolean', description: 'query is an RE2 pattern' },
          match_case: { type: 'boolean' },
          whole_cell: { type: 'boolean' },
          look_in: { type: 'string', enum: ['values', 'formulas'] },
        },
        required: ['query'],
      },
      execute: (input) => safely(() => find(workbook, inputObject(input))),
    },
  };
}
