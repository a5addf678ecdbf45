// Excel information functions HyperFormula 3.5 lacks: ERROR.TYPE and TYPE, which look at error
// values rather than answering with them (CustomFunction.takesErrors).
import { notAvailable } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';
import { SENTINELS, isFormulaError, type Sentinel } from './sentinels.js';

/** Excel's error numbers (#GETTING_DATA 8, #CALC! 14: not produced here). */
const ERROR_NUMBERS = new Map<Sentinel, number>([
  [SENTINELS.null, 1],
  [SENTINELS.divideByZero, 2],
  [SENTINELS.value, 3],
  [SENTINELS.reference, 4],
  [SENTINELS.invalidAddress, 4],
  [SENTINELS.name, 5],
  [SENTINELS.number, 6],
  [SENTINELS.notAvailable, 7],
  [SENTINELS.spill, 9],
]);

const errorType: CustomFunction = {
  name: 'ERROR.TYPE',
  minArgs: 1,
  maxArgs: 1,
  takesErrors: true,
  description:
    'ERROR.TYPE(error_val): the number of an error (#NULL! 1, #DIV/0! 2, #VALUE! 3, #REF! 4, #NAME? 5, #NUM! 6, #N/A 7, #SPILL! 9); #N/A for anything else',
  evaluate: ([value]) => {
    const number = isFormulaError(value) ? ERROR_NUMBERS.get(value.sentinel) : undefined;
    return number ?? notAvailable('ERROR.TYPE: the value is not an error');
  },
};

const type: CustomFunction = {
  name: 'TYPE',
  minArgs: 1,
  maxArgs: 1,
  takesErrors: true,
  description:
    'TYPE(value): 1 for a number (or an empty cell), 2 text, 4 TRUE/FALSE, 16 an error, 64 an array',
  evaluate: ([value]) => {
    if (isFormulaError(value)) return 16;
    if (typeof value === 'string') return 2;
    if (typeof value === 'boolean') return 4;
    if (typeof value === 'object' && value !== null) return 64;
    return 1;
  },
};

export const EXCEL_INFORMATION_FUNCTIONS: readonly CustomFunction[] = [errorType, type];
