// Replace: every matching cell's typed text with its matches replaced, re-typed as if entered
// (so `=…` stays a formula), in one commit across the sheets in scope (one undo step). Locked
// cells are left alone and counted. With a range, only the cells inside it (the page's Replace:
// the match in view).
import {
  inputToText,
  parseRange,
  rangeContains,
  typeInput,
  type ApplyMeta,
  type InputRun,
  type Op,
  type WorkbookHandle,
} from '../core/index.js';
import { cellMatcher, cellsInOrder, sheetsInScope, type FindOptions } from '../engine-api/index.js';

export interface ReplaceRequest extends FindOptions {
  readonly replacement: string;
  readonly range?: string | undefined;
}

export async function replaceInCells(
  handle: WorkbookHandle,
  request: ReplaceRequest,
  meta: ApplyMeta,
): Promise<{ replaced: number; skippedLocked: number }> {
  const matcher = cellMatcher(request);
  const ops: Op[] = [];
  let replaced = 0;
  let skippedLocked = 0;
  const range = request.range === undefined ? undefined : parseRange(request.range, 'range');
  const sheets =
    range === undefined
      ? sheetsInScope(handle.workbook, request)
      : [handle.workbook.sheet(range.sheet ?? request.sheet)];
  for (const sheet of sheets) {
    const runs: InputRun[] = [];
    for (const cell of cellsInOrder(sheet)) {
      if (range !== undefined && !rangeContains(range, cell)) continue;
      const input = sheet.input(cell.row, cell.col);
      if (input === null) continue;
      const text = inputToText(input);
      if (!matcher.test(text)) continue;
      if (sheet.isLocked(cell.row, cell.col)) {
        skippedLocked += 1;
        continue;
      }
      const next = matcher.replace(text, request.replacement);
      if (next === text) continue;
      runs.push({ row: cell.row, col: cell.col, inputs: [typeInput(next)] });
      replaced += 1;
    }
    if (runs.length > 0) ops.push({ type: 'set-cells', sheet: sheet.name, runs });
  }
  if (ops.length > 0) await handle.commit(ops, meta);
  return { replaced, skippedLocked };
}
