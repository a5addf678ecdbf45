// Editing (rank 2): the write use-cases HTTP and MCP call alike — cells, ranges, clears, locks,
// sheets, charts, undo/redo, checkpoint load and file imports. Each validates its input, builds
// ops with core's builders and commits them through the WorkbookHandle port (hosting implements
// it). Imports core and persistence through their index files; never hosting or http.
export {
  clearRange,
  clearSheet,
  listedCells,
  setLocks,
  unlockAll,
  writeCell,
  writeRange,
  type CellWrite,
  type RangeWrite,
} from './cells.js';
export { DEFAULT_MAX_GRID_CELLS, readGrid, type GridAnswer, type GridRead } from './grid-read.js';
export {
  activateSheet,
  addSheet,
  deleteSheet,
  moveSheet,
  redo,
  renameSheet,
  renameWorkbook,
  keepingTitle,
  undo,
  type UndoRequest,
  type WorkbookTitle,
} from './sheets.js';
export { createChart, deleteChart, patchChart } from './charts.js';
export {
  importCsv,
  importWorkbookJson,
  importXlsx,
  loadCheckpoint,
  saveCheckpoint,
} from './files.js';
export { ChartIdGeneratorError, EditingError } from './errors.js';
export {
  cellJson,
  formatRangesJson,
  historyJson,
  lockJson,
  sheetsJson,
  workbookJson,
  writtenCellJson,
} from './wire-shapes.js';
export { changeStructure, columnIndexOf, type StructureRequest } from './structure.js';
export { sortRange, type SortRequest } from './sort.js';
export { moveCells, type MoveRequest } from './move.js';
export { formatCells, type FormatRequest, type FormatResult } from './formats.js';
export { replaceInCells, type ReplaceRequest } from './replace.js';
export {
  clearFilter,
  freezePanes,
  layoutAnswer,
  MAX_ROWS_PER_HEIGHT,
  setColumnWidth,
  setFilter,
  setRowHeight,
  type LayoutAnswer,
} from './layout.js';
export { deleteDefinedName, namesJson, setDefinedName, type NameScope } from './names.js';
