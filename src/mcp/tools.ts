// The tools, in the order of the recommended flow: read the schema, peek, dry-run, then commit.
// Each takes the REST route's request shape and answers its response shape (src/contract), and
// every write goes through the same editing use-case, so versions, locks, undo and the commit
// log apply exactly as they do over HTTP.
import { Type } from 'typebox';
import {
  FindBody,
  FindResponse,
  ReplaceBody,
  ReplaceResponse,
  SortBody,
  MoveBody,
  MoveResponse,
  FormatBody,
  FormatResponse,
  SortResponse,
  ColumnsChangeBody,
  RowsChangeBody,
  StructureChangeResponse,
  AgentApplyBody,
  AgentChatBody,
  AgentPreviewResponse,
  ApplyResponse,
  ChartDeleteResponse,
  ChartParams,
  ChartWriteResponse,
  CreateChartBody,
  EvalBody,
  EvalResponse,
  LockBody,
  LockResponse,
  PatchChartBody,
  MoveSheetBody,
  RenameSheetBody,
  SchemaResponse,
  SheetName,
  SheetsResponse,
  AddSheetBody,
  HistoryResponse,
  UndoBody,
  WorkbookResponse,
  WriteCellBody,
  WriteCellResponse,
  WriteRangeBody,
  WriteRangeResponse,
  FilterBody,
  FreezeBody,
  LayoutChangeResponse,
  LayoutResponse,
  NamesResponse,
  SetNameBody,
} from '../contract/index.js';
import { formatCell } from '../core/index.js';
import {
  addSheet,
  changeStructure,
  sortRange,
  moveCells,
  formatCells,
  replaceInCells,
  columnIndexOf,
  lockJson,
  writtenCellJson,
  createChart,
  deleteChart,
  historyJson,
  patchChart,
  moveSheet,
  renameSheet,
  setLocks,
  sheetsJson,
  undo,
  workbookJson,
  writeCell,
  writeRange,
  freezePanes,
  layoutAnswer,
  setFilter,
  namesJson,
  setDefinedName,
} from '../editing/index.js';
import { describeSchema, evaluateFormulasInSlices, findCells } from '../engine-api/index.js';
import { applyInputOf, applyResponseOf, chatInputOf } from '../agent/index.js';
import { PeekPage, PeekPageInput, peekPage } from './peek-pages.js';
import { defineTool, type McpTool, type ToolContext } from './tool-kit.js';

const NoInput = Type.Object({});

function meta(context: ToolContext) {
  return { actor: context.actor, origin: context.actor };
}

export const TOOLS: readonly McpTool[] = [
  defineTool({
    name: 'list_sheets',
    description: 'The workbook: its name, the sheets in tab order and the active sheet.',
    input: NoInput,
    output: WorkbookResponse,
    readOnly: true,
    run: async (_input, context) => workbookJson((await context.handle()).workbook),
  }),
  defineTool({
    name: 'get_schema',
    description:
      'Start here: every sheet with its occupied bounds and each column’s header and type (text, number, bool, formula, empty).',
    input: NoInput,
    output: SchemaResponse,
    readOnly: true,
    run: async (_input, context) => describeSchema((await context.handle()).workbook),
  }),
  defineTool({
    name: 'peek',
    description:
      'Read a range (default: the occupied bounds) in pages of whole rows: computed values and formula text side by side. Pass next_cursor back to read the next page.',
    input: PeekPageInput,
    output: PeekPage,
    readOnly: true,
    run: async (input, context) => peekPage((await context.handle()).workbook, input),
  }),
  defineTool({
    name: 'find',
    description:
      'Find cells whose value (look_in: values) or typed text (formulas) matches a text or an RE2 pattern, in one sheet or the whole workbook; paged with next_cursor.',
    input: FindBody,
    output: FindResponse,
    readOnly: true,
    run: async (input, context) => findCells((await context.handle()).workbook, input),
  }),
  defineTool({
    name: 'eval_formulas',
    description:
      'Dry run: compute up to 500 formulas as if each sat in its cell, against the workbook as it is. Nothing is written.',
    input: EvalBody,
    output: EvalResponse,
    readOnly: true,
    run: async (input, context) => {
      const workbook = (await context.handle()).workbook;
      return evaluateFormulasInSlices(workbook, input.sheet, input.formulas, {
        ms: context.evalBudgetMs,
        now: () => performance.now(),
      });
    },
  }),
  defineTool({
    name: 'write_cell',
    description:
      'Write one cell (text is typed like spreadsheet input: numbers, TRUE/FALSE, =formulas; "" clears). With expected_versions, a cell changed since you read it refuses the write.',
    input: WriteCellBody,
    output: WriteCellResponse,
    readOnly: false,
    run: async (input, context) => {
      const written = await writeCell(
        await context.handle(),
        {
          cell: input.cell,
          value: input.value ?? '',
          sheet: input.sheet,
          expectedVersions: input.expected_versions,
        },
        meta(context),
      );
      return writtenCellJson(written.sheet, written.address);
    },
  }),
  defineTool({
    name: 'write_range',
    description:
      'Write a block of rows at target_cell in one change (one undo step). Locked cells refuse the whole write.',
    input: WriteRangeBody,
    output: WriteRangeResponse,
    readOnly: false,
    run: async (input, context) => {
      const written = await writeRange(
        await context.handle(),
        {
          target: input.target_cell,
          values: input.values,
          sheet: input.sheet,
          expectedVersions: input.expected_versions,
          maxCells: context.maxWriteCells,
        },
        meta(context),
      );
      return {
        status: 'Success' as const,
        target: formatCell(written.anchor),
        sheet: written.sheet,
      };
    },
  }),
  ...(['lock', 'unlock'] as const).map((name) =>
    defineTool({
      name,
      description:
        name === 'lock'
          ? 'Lock a range: direct writes to it are refused and agent writes move aside.'
          : 'Unlock a range.',
      input: LockBody,
      output: LockResponse,
      readOnly: false,
      run: async (input, context) => {
        const locked = name === 'lock';
        const result = await setLocks(
          await context.handle(),
          input.range,
          input.sheet,
          locked,
          meta(context),
        );
        return lockJson(result, input.range, locked);
      },
    }),
  ),
  ...(['insert', 'delete'] as const).flatMap((kind) => [
    defineTool({
      name: `${kind}_rows`,
      description:
        kind === 'insert'
          ? 'Insert rows above row `at`: cells move down, formulas everywhere follow (ranges across them grow).'
          : 'Delete rows from row `at`: references into them become #REF!; a locked cell refuses the delete.',
      input: RowsChangeBody,
      output: StructureChangeResponse,
      readOnly: false,
      run: async (input, context) => {
        const { sheet, band } = await changeStructure(
          await context.handle(),
          { sheet: input.sheet, axis: 'row', kind, at: input.at - 1, count: input.count ?? 1 },
          meta(context),
        );
        return { status: 'Success' as const, sheet, kind, rows: band };
      },
    }),
    defineTool({
      name: `${kind}_columns`,
      description:
        kind === 'insert'
          ? 'Insert columns left of column `at` (letters or number): cells move right, formulas follow.'
          : 'Delete columns from column `at`: references into them become #REF!; a locked cell refuses.',
      input: ColumnsChangeBody,
      output: StructureChangeResponse,
      readOnly: false,
      run: async (input, context) => {
        const { sheet, band } = await changeStructure(
          await context.handle(),
          {
            sheet: input.sheet,
            axis: 'col',
            kind,
            at: columnIndexOf(input.at),
            count: input.count ?? 1,
          },
          meta(context),
        );
        return { status: 'Success' as const, sheet, kind, columns: band };
      },
    }),
  ]),
  defineTool({
    name: 'sort_range',
    description:
      "Sort a range's rows by key columns in Excel's order (numbers, text, booleans, errors; empty last). A header row is kept in place (guessed unless header is given); formulas move with their rows.",
    input: SortBody,
    output: SortResponse,
    readOnly: false,
    run: async (input, context) => ({
      status: 'Success' as const,
      ...(await sortRange(await context.handle(), input, meta(context))),
    }),
  }),
  defineTool({
    name: 'move_cells',
    description:
      "Move (cut and paste) a range's cells and formats so their top-left lands at target_cell, on target_sheet or the same sheet. Every formula in the workbook that read the moved cells follows them, as Excel's cut does; a moved formula keeps reading what it read; a reference to a cell the block lands on becomes #REF!. A locked cell in the source or where it lands refuses the move.",
    input: MoveBody,
    output: MoveResponse,
    readOnly: false,
    run: async (input, context) => {
      const moved = await moveCells(
        await context.handle(),
        {
          source: input.source,
          targetCell: input.target_cell,
          sheet: input.sheet,
          targetSheet: input.target_sheet,
          maxCells: context.maxWriteCells,
        },
        meta(context),
      );
      return {
        status: 'Success' as const,
        sheet: moved.sheet,
        source: moved.source,
        target_sheet: moved.targetSheet,
        target: moved.target,
      };
    },
  }),
  defineTool({
    name: 'format_range',
    description:
      'Format a range\'s cells (display only, values never change): an Excel number format code (0.00, #,##0, 0%, "$"#,##0.00, yyyy-mm-dd …), bold, italic, underline, strikethrough, font colour and fill (#RRGGBB), align left/center/right, wrap. Only the fields sent change; null clears one.',
    input: FormatBody,
    output: FormatResponse,
    readOnly: false,
    run: async (input, context) => ({
      status: 'Success' as const,
      ...(await formatCells(await context.handle(), input, meta(context))),
    }),
  }),
  defineTool({
    name: 'replace',
    description:
      'Replace matches in what cells hold (re-typed as if entered), in one change; locked cells are skipped and counted.',
    input: ReplaceBody,
    output: ReplaceResponse,
    readOnly: false,
    run: async (input, context) => {
      const result = await replaceInCells(await context.handle(), input, meta(context));
      return {
        status: 'Success' as const,
        replaced: result.replaced,
        skipped_locked: result.skippedLocked,
      };
    },
  }),
  defineTool({
    name: 'get_layout',
    description:
      "A sheet's frozen panes, column widths, row heights, its filter and the rows the filter hides from people ([first, last] row numbers). Hidden rows still hold data and count in every formula.",
    input: Type.Object({ sheet: Type.Optional(SheetName) }),
    output: LayoutResponse,
    readOnly: true,
    run: async (input, context) =>
      layoutAnswer((await context.handle()).workbook.sheet(input.sheet)),
  }),
  defineTool({
    name: 'freeze_panes',
    description: 'Freeze rows at the top and/or columns at the left of a sheet (0 unfreezes).',
    input: FreezeBody,
    output: LayoutChangeResponse,
    readOnly: false,
    run: async (input, context) => ({
      status: 'Success' as const,
      ...(await freezePanes(await context.handle(), input, meta(context))),
    }),
  }),
  defineTool({
    name: 'set_filter',
    description:
      "Set a sheet's filter on a range (its first row is the header): per column, the values that stay shown and/or up to two conditions (eq, ne, gt, gte, lt, lte, contains, not_contains, begins_with, ends_with, blank, not_blank). An empty columns list shows every row. Rows are hidden from people only; formulas see them all.",
    input: FilterBody,
    output: LayoutChangeResponse,
    readOnly: false,
    run: async (input, context) => ({
      status: 'Success' as const,
      ...(await setFilter(await context.handle(), input, meta(context))),
    }),
  }),
  defineTool({
    name: 'add_sheet',
    description: 'Add a sheet at the end (not activated).',
    input: AddSheetBody,
    output: SheetsResponse,
    readOnly: false,
    run: async (input, context) => {
      const handle = await context.handle();
      return sheetsJson(handle.workbook, await addSheet(handle, input.name, meta(context)));
    },
  }),
  defineTool({
    name: 'rename_sheet',
    description: 'Rename a sheet; formulas that name it follow.',
    input: RenameSheetBody,
    output: SheetsResponse,
    readOnly: false,
    run: async (input, context) => {
      const handle = await context.handle();
      const name = await renameSheet(handle, input.old_name, input.new_name, meta(context));
      return sheetsJson(handle.workbook, name);
    },
  }),
  defineTool({
    name: 'move_sheet',
    description:
      'Move a sheet among the tabs: index 0 is the first. Formulas and cells are untouched; one undo step.',
    input: MoveSheetBody,
    output: SheetsResponse,
    readOnly: false,
    run: async (input, context) => {
      const handle = await context.handle();
      const name = await moveSheet(handle, input.name, input.index, meta(context));
      return sheetsJson(handle.workbook, name);
    },
  }),
  defineTool({
    name: 'list_names',
    description:
      "The defined names formulas may use (`=SUM(Sales)`): the workbook's (sheet null), then each sheet's, with what each refers to.",
    input: NoInput,
    output: NamesResponse,
    readOnly: true,
    run: async (_input, context) => ({ names: namesJson((await context.handle()).workbook) }),
  }),
  defineTool({
    name: 'set_name',
    description:
      'Define or redefine a name (one undo step): refers_to is a formula such as =Data!$A$2:$A$9 (absolute, naming its sheet), =0.05 or =SUM(Sales)*Rate; sheet limits it to that sheet.',
    input: SetNameBody,
    output: NamesResponse,
    readOnly: false,
    run: async (input, context) => {
      const handle = await context.handle();
      const { name, sheet, refers_to: refersTo } = input;
      await setDefinedName(handle, { name, sheet, refersTo }, meta(context));
      return { names: namesJson(handle.workbook) };
    },
  }),
  defineTool({
    name: 'create_chart',
    description:
      'Add a chart drawn from data_range (defaults: bar, anchored at F2, 400×280, series in columns).',
    input: CreateChartBody,
    output: ChartWriteResponse,
    readOnly: false,
    run: async (input, context) => {
      const { sheet: sheetName, ...fields } = input;
      const created = await createChart(
        await context.handle(),
        sheetName,
        fields,
        context.newChartId,
        meta(context),
      );
      return { status: 'Success' as const, ...created };
    },
  }),
  defineTool({
    name: 'update_chart',
    description: 'Change the given fields of a chart.',
    input: Type.Object({ ...ChartParams.properties, ...PatchChartBody.properties }),
    output: ChartWriteResponse,
    readOnly: false,
    run: async (input, context) => {
      const { sheet: sheetName, chart_id: chartId, ...fields } = input;
      const updated = await patchChart(
        await context.handle(),
        sheetName,
        chartId,
        fields,
        meta(context),
      );
      return { status: 'Success' as const, ...updated };
    },
  }),
  defineTool({
    name: 'delete_chart',
    description: 'Delete a chart; its cells are untouched.',
    input: Type.Object({ ...ChartParams.properties, sheet: Type.Optional(SheetName) }),
    output: ChartDeleteResponse,
    readOnly: false,
    run: async (input, context) => {
      const sheet = await deleteChart(
        await context.handle(),
        input.sheet,
        input.chart_id,
        meta(context),
      );
      return { status: 'Success' as const, sheet, chart_id: input.chart_id };
    },
  }),
  defineTool({
    name: 'undo',
    description:
      'Undo the last change made through this connection (a change someone else made since is never taken back).',
    input: UndoBody,
    output: HistoryResponse,
    readOnly: false,
    run: async (input, context) => {
      const handle = await context.handle();
      const done = await undo(
        handle,
        {
          expectedVersions: input.expected_versions,
          sheet: input.sheet,
          expectedOrigin: input.expected_origin ?? context.actor,
        },
        meta(context),
      );
      return historyJson(handle.workbook, done, 'undo');
    },
  }),
  defineTool({
    name: 'agent_preview',
    description:
      'Ask the built-in Gridbook agent (with the model keys the server holds) what it would write for a prompt; nothing is written. Apply the preview with agent_apply.',
    input: AgentChatBody,
    output: AgentPreviewResponse,
    readOnly: true,
    run: async (input, context) =>
      (await context.agent()).chat((await context.handle()).workbook, chatInputOf(input)),
  }),
  defineTool({
    name: 'agent_apply',
    description:
      'Write an agent_preview (its agent_id, target_cell and values, or intents): guardrails check its formulas, a block that would cover occupied or locked cells moves aside, one undo step.',
    input: AgentApplyBody,
    output: ApplyResponse,
    readOnly: false,
    run: async (input, context) =>
      applyResponseOf(
        await (
          await context.agent()
        ).applyWrites(await context.handle(), applyInputOf(input, context.actor)),
      ),
  }),
];
