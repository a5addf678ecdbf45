// Excel's criteria, the one matcher of every function that takes them (COUNTIF(S), SUMIF(S),
// AVERAGEIF(S), MINIFS, MAXIFS in excel-criteria-functions.ts): "=", "<>", "<", "<=", ">", ">="
// before a number, TRUE/FALSE, an error's name or text; text equality with wildcards (* ? ~),
// ignoring case. The rules follow Microsoft's COUNTIF/COUNTIFS pages and the values Excel cached
// in the conformance corpus (ironcalc/STATISTICAL--COUNTIF.xlsx, sheet Rows):
// - a number (or text that reads as one) equals number cells and text cells that read as it
//   (=23 counts 23 and "23"), but "<>23" leaves out only the number 23;
// - "<", ">" … compare numbers with numbers and text with text (case-insensitive), nothing else;
// - an error, or its name as text ("#N/A"), matches the cells holding that error;
// - "" and "=" match empty cells and empty text, "<>" every cell that is not empty (empty text
//   included: ironcalc/STATISTICAL--COUNTIF.xlsx Rows AB5);
// - an empty criterion cell is 0.
import { compareSameType, wildcardPattern } from './excel-arguments.js';
import { isFormulaError, type CellValue } from './sentinels.js';

export type CellTest = (value: CellValue) => boolean;

type Operator = '=' | '<>' | '<' | '<=' | '>' | '>=';

const ERROR_NAMES = new Set([
  '#DIV/0!',
  '#N/A',
  '#NAME?',
  '#NULL!',
  '#NUM!',
  '#REF!',
  '#VALUE!',
  '#SPILL!',
  '#CALC!',
]);

/** Text that reads as a number, as criteria read it ("5", " 2.5 ", "1e3"); undefined otherwise. */
function numberIn(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isNaN(number) ? undefined : number;
}

const isError =
  (sentinel: string): CellTest =>
  (value) =>
    isFormulaError(value) && value.sentinel === sentinel;

/** Equality with a number: number cells, and text cells that read as that number. */
function equalsNumber(operand: number): CellTest {
  return (value) =>
    typeof value === 'number'
      ? value === operand
      : typeof value === 'string' && numberIn(value) === operand;
}

function ordered(operator: Operator, operand: number | string | boolean): CellTest {
  return (value) => {
    const order = compareSameType(value, operand);
    if (order === undefined) return false;
    switch (operator) {
      case '<':
        return order < 0;
      case '<=':
        return order <= 0;
      case '>':
        return order > 0;
      default:
        return order >= 0;
    }
  };
}

const flagIn = (text: string): boolean | undefined =>
  /^true$/i.test(text) ? true : /^false$/i.test(text) ? false : undefined;

/** How a caller reads criteria beyond the common rules. */
export interface CriterionOptions {
  /** Text as a number where plain number syntax fails (dates: ">=2024-07-01"), for "<", ">" …. */
  readonly numberOf?: (text: string) => number | undefined;
  /**
   * Text without an operator matches the cells that begin with it, as the database functions'
   * criteria do (DSUM's "Berlin" counts "Berlino": ironcalc/DATABASE--DMIN_DMAX_DAVERAGE_DSUM.xlsx
   * row 60).
   */
  readonly prefix?: boolean;
}

/** What "=operand" matches, and what "<>operand" leaves out (not always the same cells). */
function equalities(operand: string, prefix = false): { equal: CellTest; excluded: CellTest } {
  const error = operand.toUpperCase();
  if (ERROR_NAMES.has(error)) return { equal: isError(error), excluded: isError(error) };
  const number = numberIn(operand);
  if (number !== undefined)
    return {
      equal: equalsNumber(number),
      excluded: (value) => typeof value === 'number' && value === number,
    };
  const flag = flagIn(operand);
  if (flag !== undefined) {
    const test: CellTest = (value) => value === flag;
    return { equal: test, excluded: test };
  }
  const pattern = wildcardPattern(prefix ? `${operand}*` : operand);
  const test: CellTest = (value) => typeof value === 'string' && pattern.test(value);
  return { equal: test, excluded: test };
}

/** The test one criterion makes of a cell. */
export function criterionTest(criterion: CellValue, options: CriterionOptions = {}): CellTest {
  if (criterion === null) return equalsNumber(0);
  if (isFormulaError(criterion)) return isError(criterion.sentinel);
  if (typeof criterion === 'number') return equalsNumber(criterion);
  if (typeof criterion === 'boolean') return (value) => value === criterion;
  const [, written, operand = ''] = /^(<=|>=|<>|<|>|=)?(.*)$/s.exec(criterion)!;
  const operator = (written ?? '=') as Operator;
  if (operand === '') {
    if (operator === '=') return (value) => value === null || value === '';
    if (operator === '<>') return (value) => value !== null;
    return () => false;
  }
  switch (operator) {
    case '=':
      return equalities(operand, options.prefix === true && written === undefined).equal;
    case '<>': {
      const { excluded } = equalities(operand);
      return (value) => !excluded(value);
    }
    default: {
      if (ERROR_NAMES.has(operand.toUpperCase())) return () => false;
      const number = numberIn(operand) ?? options.numberOf?.(operand);
      return ordered(operator, number ?? flagIn(operand) ?? operand);
    }
  }
}
