// Ops: the only way a workbook changes. The union, its executors (with inverses) and the
// builders that turn client requests into op lists.
export type {
  FormatColumn,
  InputRun,
  Op,
  OpType,
  RetiredWorkbook,
  SheetSnapshot,
  SnapshotCell,
  MoveRestore,
  StructureRestore,
  WorkbookDocument,
} from './op.js';
export { isUndoable } from './op.js';
export {
  MAX_LOCK_CELLS,
  MAX_WRITE_CELLS,
  tooManyCellsInWrite,
  clearSheetOps,
  runsFromCells,
  setLocksOps,
  unlockAllOps,
  writeCellOps,
  writeRangeOps,
  writeRangeSteps,
  tooManyCellsInImport,
  typedFormatOps,
  type SheetCells,
  type TypedFormat,
} from './builders.js';
export {
  createChartOps,
  deleteChartOps,
  patchChartOps,
  replaceWorkbookOps,
  type ChartChange,
  type SheetCharts,
} from './chart-builders.js';
export { MAX_SHEETS } from './execute.js';
export type { CellSink, DocumentOf, SheetOf } from './workbook-document.js';
export {
  cellColumnsOf,
  snapshotOfColumns,
  snapshotRest,
  type CellColumns,
} from './cell-columns.js';
export { renameSheetReferences } from '../formula-text/index.js';
export {
  recordedOps,
  replacesWorkbook,
  replayRecords,
  ReplayError,
  type CommitRecord,
  type RecordedKind,
  type RecordedOp,
} from './commit-record.js';
export {
  looksLikeHeader,
  MAX_SORT_CELLS,
  sortRangeOps,
  type SortableSheet,
  type SortKey,
} from './sort-builders.js';
