// ERROR.TYPE, which HyperFormula 3.5 lacks: it looks at error values rather than answering with
// them (CustomFunction.takesErrors). TYPE, which also looks at a range whole, is in
// dynamic-references.ts.
import { notAvailable } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';
import { SENTINELS, isFormulaError, type Sentinel } from './sentinels.js';

/**
 * Excel's error numbers. Microsoft's page lists 1–8; Excel 365 numbers its newer errors 9–14 in
 * the order of the rich-value error types a file stores them as (errorType = number − 1: #SPILL!
 * is 8, #CALC! 13 in ironcalc INFORMATION--ERROR.TYPE.xlsx, whose cached ERROR.TYPE says 9, 14).
 */
const ERROR_NUMBERS = new Map<Sentinel, number>([
  [SENTINELS.null, 1],
  [SENTINELS.divideByZero, 2],
  [SENTINELS.value, 3],
  [SENTINELS.reference, 4],
  [SENTINELS.invalidAddress, 4],
  [SENTINELS.name, 5],
  [SENTINELS.number, 6],
  [SENTINELS.notAvailable, 7],
  [SENTINELS.gettingData, 8],
  [SENTINELS.spill, 9],
  [SENTINELS.connect, 10],
  [SENTINELS.blocked, 11],
  [SENTINELS.unknown, 12],
  [SENTINELS.field, 13],
  [SENTINELS.calc, 14],
]);

const errorType: CustomFunction = {
  name: 'ERROR.TYPE',
  minArgs: 1,
  maxArgs: 1,
  takesErrors: true,
  description:
    'ERROR.TYPE(error_val): the number of an error (#NULL! 1, #DIV/0! 2, #VALUE! 3, #REF! 4, #NAME? 5, #NUM! 6, #N/A 7, #GETTING_DATA 8, #SPILL! 9, #CONNECT! 10, #BLOCKED! 11, #UNKNOWN! 12, #FIELD! 13, #CALC! 14); #N/A for anything else',
  evaluate: ([value]) => {
    const number = isFormulaError(value) ? ERROR_NUMBERS.get(value.sentinel) : undefined;
    return number ?? notAvailable('ERROR.TYPE: the value is not an error');
  },
};

export const EXCEL_INFORMATION_FUNCTIONS: readonly CustomFunction[] = [errorType];
