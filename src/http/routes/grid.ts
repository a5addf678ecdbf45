// Direct writes (no guardrails, spec §4), locks and the grid read the UI renders from.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  cellKey,
  clearSheetOps,
  formatCell,
  keyToAddress,
  parseCell,
  parseRange,
  rangeContains,
  rangeSize,
  runsFromCells,
  setLocksOps,
  unlockAllOps,
  writeCellOps,
  writeRangeOps,
  type CellAddress,
  type RangeAddress,
  type SheetView,
} from '../../core/index.js';
import { GridQuery, LockBody, SheetQuery, WriteCellBody, WriteRangeBody } from '../../contract/index.js';
import { cellJson } from '../presenters.js';
import { changeMeta, workbookOf, type RouteDeps } from '../route-deps.js';


/** Cells with an input or a lock, inside `range` when given, row-major. */
function listedCells(sheet: SheetView, range: ReturnType<typeof parseRange> | undefined): CellAddress[] {
  // A viewport smaller than the sheet's content is walked cell by cell instead of sorting it all.
  if (range !== undefined && rangeSize(range).cells <= sheet.cellCount) {
    const found: CellAddress[] = [];
    for (let row = range.start.row; row <= range.end.row; row += 1) {
      for (let col = range.start.col; col <= range.end.col; col += 1) {
        if (sheet.input(row, col) !== null || sheet.isLocked(row, col)) found.push({ row, col });
      }
    }
    return found;
  }
  const keys = new Set<number>();
  for (const cell of [...sheet.occupiedCells(), ...sheet.lockedCells()]) keys.add(cellKey(cell.row, cell.col));
  const all = [...keys].sort((a, b) => a - b).map(keyToAddress);
  return range === undefined ? all : all.filter((cell) => rangeContains(range, cell));
}

function boundsJson(bounds: RangeAddress | undefined): { first: string; last: string } | null {
  return bounds === undefined ? null : { first: formatCell(bounds.start), last: formatCell(bounds.end) };
}

function unionBounds(a: RangeAddress | undefined, b: RangeAddress | undefined): RangeAddress | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return {
    start: { row: Math.min(a.start.row, b.start.row), col: Math.min(a.start.col, b.start.col) },
    end: { row: Math.max(a.end.row, b.end.row), col: Math.max(a.end.col, b.end.col) },
  };
}

export const gridRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post('/grid/cell', { schema: { tags: ['grid'], summary: 'Write one cell ("" clears)', body: WriteCellBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const { cell, value = '', sheet: sheetName, expected_versions: expectedVersions } = request.body;
    const address = parseCell(cell, 'cell');
    const sheet = workbook.sheet(sheetName);
    workbook.apply(writeCellOps(sheet.name, address, value), {
      ...changeMeta(request),
      ...(expectedVersions === undefined ? {} : { expectedVersions: { sheet: sheet.name, versions: expectedVersions } }),
    });
    const written = cellJson(sheet, address);
    return { status: 'Success', cell: written.cell, sheet: sheet.name, value: written.value, version: written.version };
  });

  app.post('/grid/range', { schema: { tags: ['grid'], summary: 'Write a rectangle of values at target_cell', body: WriteRangeBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const { target_cell: target, values, sheet: sheetName, expected_versions: expectedVersions } = request.body;
    const anchor = parseCell(target, 'target_cell');
    const sheet = workbook.sheet(sheetName);
    workbook.apply(writeRangeOps(sheet.name, anchor, values), {
      ...changeMeta(request),
      ...(expectedVersions === undefined ? {} : { expectedVersions: { sheet: sheet.name, versions: expectedVersions } }),
    });
    return { status: 'Success', target: formatCell(anchor), sheet: sheet.name };
  });

  app.post(
    '/grid/clear',
    { schema: { tags: ['grid'], summary: 'Clear the unlocked cells of a range; locked cells are skipped', body: LockBody } },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const range = parseRange(request.body.range, 'range');
      const sheet = workbook.sheet(range.sheet ?? request.body.sheet);
      const targets = listedCells(sheet, range).filter((cell) => sheet.input(cell.row, cell.col) !== null);
      const clearable = targets.filter((cell) => !sheet.isLocked(cell.row, cell.col));
      if (clearable.length > 0) {
        workbook.apply([{ type: 'set-cells', sheet: sheet.name, runs: runsFromCells(clearable.map((cell) => ({ ...cell, input: null }))) }], changeMeta(request));
      }
      return { status: 'Success', sheet: sheet.name, cleared: clearable.length, skipped_locked: targets.length - clearable.length };
    },
  );

  app.get('/grid', { schema: { tags: ['grid'], summary: 'Cells with input, computed value, formula, version and lock', querystring: GridQuery } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const range = request.query.range === undefined || request.query.range === '' ? undefined : parseRange(request.query.range, 'range');
    const sheet = workbook.sheet(range?.sheet ?? request.query.sheet);
    const bounds = sheet.occupiedBounds();
    const listed = unionBounds(bounds, sheet.lockedBounds());
    return {
      sheet: sheet.name,
      occupied_bounds: boundsJson(bounds),
      // Nothing outside this rectangle would be listed (no input, no lock): the UI skips reading there.
      listed_bounds: boundsJson(listed),
      cells: listedCells(sheet, range).map((cell) => cellJson(sheet, cell)),
    };
  });

  for (const [path, locked] of [['/grid/lock', true], ['/grid/unlock', false]] as const) {
    app.post(path, { schema: { tags: ['grid'], summary: locked ? 'Lock a range' : 'Unlock a range', body: LockBody } }, async (request) => {
      const workbook = await workbookOf(deps, request);
      const range = parseRange(request.body.range, 'range');
      const sheet = workbook.sheet(range.sheet ?? request.body.sheet);
      workbook.apply(setLocksOps(sheet.name, range, locked), changeMeta(request));
      return { status: 'Success', sheet: sheet.name, range: request.body.range.toUpperCase(), cells: rangeSize(range).cells, locked };
    });
  }

  app.post('/system/unlock-all', { schema: { tags: ['grid'], summary: 'Unlock every cell of every sheet' } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const sheets = workbook.sheetNames.map((name) => workbook.sheet(name));
    const ops = unlockAllOps(sheets);
    const unlocked = ops.reduce((count, op) => count + (op.type === 'set-locks' ? op.cells.length : 0), 0);
    if (ops.length > 0) workbook.apply(ops, changeMeta(request));
    return { status: 'Success', unlocked };
  });

  app.post('/system/clear', { schema: { tags: ['grid'], summary: 'Clear every unlocked cell of a sheet; locked cells and charts stay', querystring: SheetQuery } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const sheet = workbook.sheet(request.query.sheet);
    const ops = clearSheetOps(sheet);
    if (ops.length > 0) workbook.apply(ops, changeMeta(request));
    return { status: 'Success', sheet: sheet.name };
  });
};

