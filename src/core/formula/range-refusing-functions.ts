// The Analysis ToolPak's functions (EDATE, YEARFRAC, the BESSEL and IM… functions, HEX2BIN,
// CUMIPMT …, built into Excel since 2007 but still declared as taking single values) answer
// #VALUE! when an argument that takes one value is given a reference to several cells. They are
// never applied cell by cell, neither in an array formula nor by implicit intersection: Excel's
// known workaround is to turn the range into an array first (`EOMONTH(+A1:A3,0)`), which they
// accept. HyperFormula would apply them cell by cell in an array formula (LEGACY.ARRAY) and
// intersect otherwise. Corpus: formulas/test.xlsx, column AH of the ENGINEERING, DATE & TIME,
// FINANCIAL and MATH & TRIG sheets (e.g. `{=EDATE(E9:I9,C9:G9)}` is #VALUE!).
//
// HyperFormula's function registry is patched once, on its prototype: a call to one of these
// functions first looks at its arguments' syntax; every other function pays one Map lookup.
import { CellError, ErrorType } from 'hyperformula';
import { internalPrototype } from './engine-internals.js';

interface Node {
  readonly type: string;
  readonly start?: { readonly row: number; readonly col: number };
  readonly end?: { readonly row: number; readonly col: number };
  readonly expression?: Node;
}
interface Call extends Node {
  readonly args: readonly Node[];
}
type PluginFunction = (ast: Call, state: unknown) => unknown;
interface Registry {
  getFunction(name: string): PluginFunction | undefined;
}

/** Every argument takes one value. */
const ALL = 'all';

/**
 * Each function and the arguments (0-based) that take one value; the others accept a range
 * (XIRR's values and dates, NETWORKDAYS's holidays, FVSCHEDULE's schedule …).
 */
const SINGLE_VALUE_ARGUMENTS = new Map<string, typeof ALL | readonly number[]>([
  // Date & time
  ...(['EDATE', 'EOMONTH', 'YEARFRAC', 'WEEKNUM'] as const).map((name) => [name, ALL] as const),
  ['NETWORKDAYS', [0, 1]],
  ['WORKDAY', [0, 1]],
  ['NETWORKDAYS.INTL', [0, 1, 2]],
  ['WORKDAY.INTL', [0, 1, 2]],
  // Engineering
  ...(
    [
      'BESSELI',
      'BESSELJ',
      'BESSELK',
      'BESSELY',
      'BIN2DEC',
      'BIN2HEX',
      'BIN2OCT',
      'COMPLEX',
      'CONVERT',
      'DEC2BIN',
      'DEC2HEX',
      'DEC2OCT',
      'DELTA',
      'ERF',
      'ERFC',
      // As ERF and ERFC (formulas/test.xlsx ENGINEERING AH22 {=ERF.PRECISE(C22:I22)} is #VALUE!).
      'ERF.PRECISE',
      'ERFC.PRECISE',
      'GESTEP',
      'HEX2BIN',
      'HEX2DEC',
      'HEX2OCT',
      'OCT2BIN',
      'OCT2DEC',
      'OCT2HEX',
      'IMABS',
      'IMAGINARY',
      'IMARGUMENT',
      'IMCONJUGATE',
      'IMCOS',
      'IMCOSH',
      'IMCOT',
      'IMCSC',
      'IMCSCH',
      'IMDIV',
      'IMEXP',
      'IMLN',
      'IMLOG10',
      'IMLOG2',
      'IMPOWER',
      'IMREAL',
      'IMSEC',
      'IMSECH',
      'IMSIN',
      'IMSINH',
      'IMSQRT',
      'IMSUB',
      'IMTAN',
    ] as const
  ).map((name) => [name, ALL] as const),
  // Financial
  ...(
    [
      'ACCRINT',
      'ACCRINTM',
      'AMORDEGRC',
      'AMORLINC',
      'COUPDAYBS',
      'COUPDAYS',
      'COUPDAYSNC',
      'COUPNCD',
      'COUPNUM',
      'COUPPCD',
      'CUMIPMT',
      'CUMPRINC',
      'DISC',
      'DOLLARDE',
      'DOLLARFR',
      'DURATION',
      'EFFECT',
      'INTRATE',
      'MDURATION',
      'NOMINAL',
      'ODDFPRICE',
      'ODDFYIELD',
      'ODDLPRICE',
      'ODDLYIELD',
      'PRICE',
      'PRICEDISC',
      'PRICEMAT',
      'RECEIVED',
      'TBILLEQ',
      'TBILLPRICE',
      'TBILLYIELD',
      'YIELD',
      'YIELDDISC',
      'YIELDMAT',
    ] as const
  ).map((name) => [name, ALL] as const),
  ['FVSCHEDULE', [0]],
  ['XIRR', [2]],
  ['XNPV', [0]],
  // Math and information ({=ISODD(C15:Q15)} is #VALUE!, formulas/test.xlsx INFORMATION AH15)
  ...(['FACTDOUBLE', 'MROUND', 'QUOTIENT', 'SQRTPI', 'ISODD', 'ISEVEN'] as const).map(
    (name) => [name, ALL] as const,
  ),
  ['SERIESSUM', [0, 1, 2]],
]);

const RANGES = new Set(['CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

/** A reference to more than one cell, written as such (`C3:D3`, `A:A`, `1:2`). */
function isMultiCellReference(node: Node | undefined): boolean {
  let at = node;
  while (at?.type === 'PARENTHESES') at = at.expression;
  if (at === undefined || !RANGES.has(at.type)) return false;
  if (at.type !== 'CELL_RANGE') return true;
  const { start, end } = at;
  return start === undefined || end === undefined || start.row !== end.row || start.col !== end.col;
}

function isRefused(position: number, single: typeof ALL | readonly number[]): boolean {
  return single === ALL || single.includes(position);
}

const REFUSED = 'a range where this function takes one value';

/**
 * The call with each refused range replaced by #VALUE!, or undefined when there is none. The
 * function then reads its arguments in order as usual, so an error in an earlier argument still
 * comes first (`BESSELI(#NULL!, M3:N3)` is #NULL!, formulas/test.xlsx ENGINEERING!AO3).
 */
function withRangesRefused(ast: Call, single: typeof ALL | readonly number[]): Call | undefined {
  if (!ast.args.some((arg, position) => isRefused(position, single) && isMultiCellReference(arg)))
    return undefined;
  return {
    ...ast,
    args: ast.args.map((arg, position) =>
      isRefused(position, single) && isMultiCellReference(arg)
        ? ({ type: 'ERROR', error: new CellError(ErrorType.VALUE, REFUSED) } as Node)
        : arg,
    ),
  };
}

let patched = false;

export function refuseRangesInSingleValueArguments(): void {
  if (patched) return;
  const prototype = internalPrototype<Registry>(
    ['_functionRegistry'],
    ['getFunction'],
    'HyperFormula no longer exposes its function registry; range-refusing-functions.ts cannot apply.',
  );
  const getFunction = prototype.getFunction;
  prototype.getFunction = function (this: Registry, name: string): PluginFunction | undefined {
    const found = getFunction.call(this, name);
    const single = SINGLE_VALUE_ARGUMENTS.get(name);
    if (found === undefined || single === undefined) return found;
    return (ast, state) => found(withRangesRefused(ast, single) ?? ast, state);
  };
  patched = true;
}
