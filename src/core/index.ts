// The workbook core: pure (no HTTP, files, databases, LLMs, clock or randomness). It owns
// addressing, value typing, the Op union and the Workbook aggregate whose apply() is the only
// mutator. Imports nothing of ours; only ./formula imports hyperformula.
export * from './address/index.js';
export {
  CHART_DEFAULTS,
  CHART_ORIENTATIONS,
  CHART_TYPES,
  MAX_CHART_SIZE,
  canonicalDataRange,
  checkDataRangeSheet,
  patchChart,
  namesSeries,
  plottedNumber,
  validateChart,
  type Chart,
  type ChartDraft,
  type ChartOrientation,
  type ChartType,
} from './chart.js';
export { isCellVersion, MAX_CELL_VERSION } from './cell-versions.js';
export * from './errors.js';
export {
  MAX_DEFINED_NAME,
  MAX_DEFINED_NAMES,
  MAX_NAME_FORMULA,
  nameKey,
  validateDefinedName,
  type DefinedName,
  type ScopedName,
} from './defined-names.js';
export * from './formula/index.js';
export * from './ops/index.js';
export * from './value-typing.js';
export {
  DYNAMIC_ARRAY,
  dynamicArrayFormula,
  dynamicArrayOf,
  LEGACY_ARRAY,
  legacyArrayFormula,
  legacyArrayOf,
  visibleFormula,
  type LegacyArray,
} from './legacy-array.js';
export { answersArray, legacyIntersection } from './legacy-single.js';
export { mayEvaluateAsArray, typedFormula } from './typed-formulas.js';
export { spillRange, spilledCells, spilledFrom } from './spills.js';
export * from './format/index.js';
export {
  DEFAULT_WORKBOOK_NAME,
  MAX_SHEET_NAME,
  MAX_WORKBOOK_NAME,
  sameSheetName,
  validateSheetName,
  validateWorkbookName,
} from './naming.js';
export {
  DEFAULT_UNDO_MAX_BYTES,
  Workbook,
  type ApplyMeta,
  type BatchEntry,
  type BatchOutcome,
  type CellSnapshot,
  type Commit,
  type CommitKind,
  type CommitListener,
  type SheetView,
  type UndoGuard,
  type WorkbookOptions,
} from './workbook.js';
export {
  columnType,
  inferSheetSchema,
  inferSheetSchemaInSlices,
  type ColumnSchema,
  type ColumnType,
  type SheetSchema,
} from './schema-inference.js';
export {
  formatDelimited,
  MAX_PEEK_CELLS,
  peekRows,
  peekRowsInSlices,
  peekTarget,
  type PeekCell,
  type PeekMode,
} from './peek-format.js';
export * from './guardrails/index.js';
export {
  footprintOf,
  MAX_COLLISION_ATTEMPTS,
  resolveCollision,
  type CollisionRequest,
  type ShiftDirection,
} from './collision.js';
export * from './formula-text/index.js';
export type { CommittedChange, WorkbookHandle, WorkbookReader } from './workbook-handle.js';
export { numberFormatsOf, shownNumberFormat } from './number-format-lookup.js';
export { estimateStepBytes as estimateOpBytes } from './history-size.js';
export { changeSetBytes, type ChangedCell, type ChangeSet } from './change-set.js';
export {
  CONDITION_OPS,
  DEFAULT_COLUMN_WIDTH,
  EMPTY_LAYOUT,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_VALUES,
  MAX_FROZEN_COLUMNS,
  MAX_FROZEN_ROWS,
  MAX_HIDDEN_ROWS,
  MAX_SIZE,
  MIN_SIZE,
  checkFilter,
  filterRangeText,
  filterText,
  hiddenRowsOf,
  isEmptyLayout,
  mergedRows,
  rowSpans,
  rowVisibilityOf,
  type ColumnFilter,
  type ConditionOp,
  type FilterCondition,
  type LayoutPatch,
  type SheetFilter,
  type SheetLayout,
} from './sheet-layout.js';
export {
  columnOf,
  filterFromJson,
  filterToJson,
  layoutFromJson,
  layoutToJson,
  rowOf,
  type FilterColumnJson,
  type FilterJson,
  type LayoutJson,
} from './sheet-layout-json.js';
export {
  ranToEnd,
  SLICE_MS,
  readConsistently,
  ReadInterruptedError,
  ReadSlices,
  stepsInSlices,
  type ReadOptions,
  type SliceClock,
  type StateCounter,
} from './read-slices.js';
