// Formula text: the lexer, and every rewrite of the references a formula holds (sheet renames,
// block moves, cut and pasted cells, copy-shift, inserted and deleted rows and columns) through one rewriter.
// Pure and browser-safe: the web UI imports it for copy and fill.
export {
  lexFormula,
  tokenizeFormula,
  type FormulaToken,
  type LexedFormula,
  type LineToken,
  type ReferenceToken,
  type SheetPrefix,
} from './tokens.js';
export {
  LOST_REFERENCE,
  rewriteReferences,
  type CellTarget,
  type LineTarget,
  type ReferenceRule,
} from './references.js';
export { shiftFormula } from './shift.js';
export { moveBlockFormula, type BlockMove } from './move-block.js';
export { rewriteForMove, type CellsMove } from './move-cells.js';
export { mentionsSheet, renameSheetReferences } from './rename-sheet.js';
export {
  bandName,
  limitOf,
  movedIndex,
  rewriteForStructureChange,
  type StructureChange,
} from './structure.js';
export { mapOutsideStrings } from './literals.js';
export { MAX_FORMULA_RANGE_CELLS, MAX_WHOLE_LINE_CELLS } from './limits.js';
