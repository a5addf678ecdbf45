// Engine API use-cases (read-only): eval, schema, peek. Over core only; nothing here writes.
export {
  evaluateFormulas,
  evaluateFormulasInSlices,
  type EvalBudget,
  type EvalRequestItem,
  type EvalResponse,
  type EvalResultItem,
} from './evaluate-formulas.js';
export { describeSchema, describeSchemaInSlices, type SchemaResponse } from './describe-schema.js';
export {
  peekRange,
  peekRangeInSlices,
  type PeekFormat,
  type PeekRequest,
  type PeekResponse,
} from './peek-range.js';
export {
  cellMatcher,
  cellsInOrder,
  findCells,
  findCellsInSlices,
  sheetsInScope,
  type CellMatcher,
  type FindOptions,
  type FindRequest,
} from './find-cells.js';
