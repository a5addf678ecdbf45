// Excel's criteria (COUNTIFS, SUMIFS, AVERAGEIFS): "=", "<>", "<", "<=", ">", ">=" before a number,
// TRUE/FALSE or text; text equality with wildcards (* ? ~), ignoring case. HyperFormula's own
// matcher is internal to the package, so AVERAGEIFS brings this one.
import { compareSameType, wildcardPattern, type Plain } from './excel-arguments.js';
import { isFormulaError, type CellValue } from './sentinels.js';

export type CellTest = (value: CellValue) => boolean;

type Operator = '=' | '<>' | '<' | '<=' | '>' | '>=';

const isEmpty = (value: CellValue): boolean => value === null || value === '';

/** Text that reads as a number, as criteria read it ("5", " 2.5 ", "1e3"); undefined otherwise. */
function numberIn(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isNaN(number) ? undefined : number;
}

/** Equality with a number: number cells, and text cells that read as that number. */
function equalsNumber(operand: number): CellTest {
  return (value) =>
    typeof value === 'number'
      ? value === operand
      : typeof value === 'string' && numberIn(value) === operand;
}

function ordered(operator: Operator, operand: number | string): CellTest {
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

function equality(operand: string): CellTest {
  if (operand === '') return isEmpty;
  const number = numberIn(operand);
  if (number !== undefined) return equalsNumber(number);
  if (/^(true|false)$/i.test(operand)) {
    const flag = operand.toUpperCase() === 'TRUE';
    return (value) => value === flag;
  }
  const pattern = wildcardPattern(operand);
  return (value) => typeof value === 'string' && pattern.test(value);
}

/** The test one criterion makes of a cell. An empty-cell criterion is 0, as Excel reads it. */
export function criterionTest(criterion: Plain): CellTest {
  if (criterion === null) return equalsNumber(0);
  if (typeof criterion === 'number') return equalsNumber(criterion);
  if (typeof criterion === 'boolean') return (value) => value === criterion;
  const [, operator = '=', operand = ''] = /^(<=|>=|<>|<|>|=)?(.*)$/s.exec(criterion)!;
  const equal = equality(operand);
  switch (operator as Operator) {
    case '=':
      return (value) => !isFormulaError(value) && equal(value);
    case '<>':
      return (value) => !equal(value);
    default: {
      if (operand === '') return () => false;
      const number = numberIn(operand);
      return ordered(operator as Operator, number ?? operand);
    }
  }
}
