// Edge cases where HyperFormula's math answers differ from Excel's, corrected once on the
// prototypes that compute them (as empty-product.ts does), so argument coercion and array
// lifting stay HyperFormula's:
// - CEILING(number, 0) is 0 (Microsoft's CEILING page; xlcalculator CEILING.xlsx A8, formulas
//   test.xlsx COMPATIBILITY U6), not #DIV/0!.
// - LOG(number, 1) is #DIV/0! (log of base 1 is 0; ironcalc MATH_AND_TRIGONOMETRY--LOG_LOG10_LN.xlsx
//   LOG!G3), not #NUM!.
// - A result too small for 15 significant digits to be scaled (EXP(-700), about 1e-304) kept its
//   value instead of becoming NaN in the engine's rounding of what it hands out, and one below the
//   smallest normal double (EXP(-745)) is 0, as Excel flushes it (ironcalc
//   MATH_AND_TRIGONOMETRY--EXP_SIGN.xlsx B44).
// - SUMX2MY2, SUMX2PY2 and SUMXMY2 without one pair of numbers (text, empty cells, TRUE beside
//   every number) are #DIV/0!, not 0 (poi FormulaEvalTestData_Copy.xlsx EverythingTests E1336,
//   G1336, F1340, G1340, K1340, G1344, I1344, J1344); an error in either array still comes first.
// - POWER(0, 0) is #NUM! and POWER(0, negative) #DIV/0! (Microsoft's POWER page: 0^0 is #NUM!;
//   ironcalc MATH_AND_TRIGONOMETRY--ATAN2_POWER.xlsx C5, C27; formulas test.xlsx MATH & TRIG!T51,
//   U51), not 1 and #NUM!; SERIESSUM from x = 0 with n = 0 starts with that 0^0, so #NUM! too
//   (ironcalc MATH_AND_TRIGONOMETRY--SERIESSUM.xlsx C1, H7).
// - CEILING.MATH and FLOOR.MATH take any mode other than 0 (not only 1) as rounding a negative
//   number away from zero, or towards it (Microsoft's CEILING.MATH page: "a nonzero value";
//   formulas test.xlsx MATH & TRIG!U16, V16, U32, V32: mode -1 and 2).
// - PMT at a rate of -1 or below is #NUM! (ironcalc FINANCIAL--PMT.xlsx F8, G8 at -300 %, G24 at
//   -100 %), not a payment or #DIV/0!. PV keeps HyperFormula's answers there (a value below -100 %,
//   #DIV/0! at it: ironcalc FINANCIAL--PV.xlsx F8, G8, docs--PV.xlsx A14).
// - FV at a rate of -1 over a negative number of periods is #DIV/0! (0 raised to a negative power;
//   ironcalc FINANCIAL--FV.xlsx Sheet2 A1, docs--FV.xlsx A14), not #NUM!.
import { CellError, ErrorType, SimpleRangeValue } from 'hyperformula';
import {
  builtinPluginPrototype,
  internalPrototype,
  type AstCall as Call,
  type BuiltinPlugin as Plugin,
} from './engine-internals.js';

type Method = (this: Plugin, ast: Call, state: unknown) => unknown;
interface Exporter {
  readonly config: { readonly precisionRounding: number };
  cellValueRounding(value: number): number;
}

/** The smallest normal double: Excel has no subnormal numbers. */
const SMALLEST_NORMAL = 2.2250738585072014e-308;

/** `method` of `name`'s plugin answers `edge(args)` when that is defined, else as before. */
function withEdge(name: string, method: string, edge: (args: number[]) => unknown): void {
  const prototype = builtinPluginPrototype(name, method, 'math-edge-corrections.ts');
  const original = prototype[method] as Method;
  prototype[method] = function (this: Plugin, ast: Call, state: unknown) {
    const plugin = this;
    const withEdgeCase = Object.create(plugin) as Plugin;
    withEdgeCase.runFunction = (args, at, meta, fn) =>
      plugin.runFunction(args, at, meta, (...values) => edge(values) ?? fn(...values));
    return original.call(withEdgeCase, ast, state);
  };
}

/** True when some position of the two arrays holds a number in both. */
function hasNumberPair(x: unknown, y: unknown): boolean {
  if (!(x instanceof SimpleRangeValue) || !(y instanceof SimpleRangeValue)) return true;
  const xs = x.valuesFromTopLeftCorner();
  const ys = y.valuesFromTopLeftCorner();
  return xs.some((value, index) => typeof value === 'number' && typeof ys[index] === 'number');
}

/** `method` of the pairwise sum `name` answers #DIV/0! where it summed no pair of numbers. */
function withoutPairsDividingByZero(name: string, method: string): void {
  const prototype = builtinPluginPrototype(name, method, 'math-edge-corrections.ts');
  const original = prototype[method] as Method;
  prototype[method] = function (this: Plugin, ast: Call, state: unknown) {
    const plugin = this;
    const checked = Object.create(plugin) as Plugin;
    checked.runFunction = (args, at, meta, fn) =>
      plugin.runFunction(args, at, meta, (...values) => {
        const sum = fn(...values);
        if (typeof sum !== 'number' || hasNumberPair(values[0], values[1])) return sum;
        return new CellError(ErrorType.DIV_BY_ZERO, `${name}: no pair of numbers`);
      });
    return original.call(checked, ast, state);
  };
}

/** The engine's digits (hyperformula-engine.ts) at which its rounding keeps every safe integer. */
const DIGITS_KEEPING_INTEGERS = 15;

/**
 * Rounds as the engine does, but never scales a tiny number past the largest double. A whole
 * number within ±(2^53 − 1) comes back as it is without the engine's logarithm and power: at 15
 * digits its scaling by 10^k and rounding are exact (n × 5^k stays below 2^53 for every k the
 * engine uses), so its answer is n anyway, and most numbers a commit hands out are whole.
 */
function roundingTinyNumbers(original: (this: Exporter, value: number) => number) {
  return function (this: Exporter, value: number): number {
    if (Number.isSafeInteger(value) && this.config.precisionRounding === DIGITS_KEEPING_INTEGERS)
      return value;
    if (Math.abs(value) < SMALLEST_NORMAL) return 0;
    const exponent = Math.floor(Math.log10(Math.abs(value)));
    if (Number.isFinite(10 ** (this.config.precisionRounding - exponent)))
      return original.call(this, value);
    return Number(value.toPrecision(this.config.precisionRounding + 1));
  };
}

let corrected = false;

export function correctMathEdges(): void {
  if (corrected) return;
  withEdge('CEILING', 'ceiling', ([, significance]) => (significance === 0 ? 0 : undefined));
  // HyperFormula reverses the rounding of negative numbers for mode 1 only; mode 1 stays its own.
  const otherNonzeroMode = (value: number, significance: number, mode: number | undefined) =>
    value < 0 && significance !== 0 && mode !== undefined && mode !== 0 && mode !== 1;
  withEdge('CEILING.MATH', 'ceilingmath', ([value, significance, mode]) =>
    otherNonzeroMode(value!, significance!, mode)
      ? -Math.ceil(-value! / Math.abs(significance!)) * Math.abs(significance!) + 0
      : undefined,
  );
  withEdge('FLOOR.MATH', 'floormath', ([value, significance, mode]) =>
    otherNonzeroMode(value!, significance!, mode)
      ? -Math.floor(-value! / Math.abs(significance!)) * Math.abs(significance!) + 0
      : undefined,
  );
  withEdge('LOG', 'log', ([, base]) =>
    base === 1 ? new CellError(ErrorType.DIV_BY_ZERO, 'LOG: the base is 1') : undefined,
  );
  withEdge('POWER', 'power', ([base, exponent]) =>
    base !== 0
      ? undefined
      : exponent === 0
        ? new CellError(ErrorType.NUM, 'POWER: 0 to the power 0')
        : exponent! < 0
          ? new CellError(ErrorType.DIV_BY_ZERO, 'POWER: 0 to a negative power')
          : undefined,
  );
  withEdge('SERIESSUM', 'seriessum', ([x, n]) =>
    x === 0 && n === 0 ? new CellError(ErrorType.NUM, 'SERIESSUM: 0 to the power 0') : undefined,
  );
  withEdge('PMT', 'pmt', ([rate]) =>
    rate! <= -1 ? new CellError(ErrorType.NUM, 'PMT: the rate must be above -100 %') : undefined,
  );
  withEdge('FV', 'fv', ([rate, periods]) =>
    rate === -1 && periods! < 0
      ? new CellError(ErrorType.DIV_BY_ZERO, 'FV: 0 to a negative power (rate -100 %)')
      : undefined,
  );
  withoutPairsDividingByZero('SUMX2MY2', 'sumx2my2');
  withoutPairsDividingByZero('SUMX2PY2', 'sumx2py2');
  withoutPairsDividingByZero('SUMXMY2', 'sumxmy2');
  const exporter = internalPrototype<Exporter>(
    ['_exporter'],
    ['cellValueRounding'],
    'HyperFormula no longer rounds exported numbers where math-edge-corrections.ts patches it.',
  );
  exporter.cellValueRounding = roundingTinyNumbers(exporter.cellValueRounding);
  corrected = true;
}
