// Guardrails of agent writes (docs/contract.md §7): the empty-dependency and text-cell-reference
// checks, the chain's column-alignment warning, and the formula lexer they share.
export {
  checkGuardrails,
  findGuardrailIssues,
  type CellReader,
  type ProposedCell,
} from './check-guardrails.js';
export { cellReaderOf } from './cell-reader.js';
export { columnAlignmentWarning } from './column-alignment.js';
export {
  describeIssue,
  GuardrailViolationError,
  NoFreeSpaceError,
  type EmptyReferenceIssue,
  type GuardrailIssue,
  type TextReferenceIssue,
  type UnparsableFormulaIssue,
} from './errors.js';
export {
  GUARDRAIL_WRAPPERS,
  isWrappedFormula,
  referenceUses,
  type ReferenceUse,
} from './reference-uses.js';
