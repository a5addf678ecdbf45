// π and the circular functions as Excel computes them, patched once on HyperFormula's plugin
// prototypes (as math-edge-corrections.ts does), so argument coercion and array lifting stay
// HyperFormula's:
// - PI() is the double nearest π, 3.1415926535897931, as Excel caches it (ironcalc docs--TAN.xlsx
//   A9, MATH_AND_TRIGONOMETRY--EXP_SIGN.xlsx A39); HyperFormula's was cut to 3.14159265358979, so
//   PI()/2 was 1.6e-15 off and TAN(PI()/2) 6.2e14 instead of 1.6e16. SQRTPI uses it too.
// - SIN, COS, TAN, COT, SEC and CSC reduce their angle by multiples of π/2 taken from the x87's
//   80-bit π (64-bit mantissa, 0xC90FDAA22168C235 × 2⁻⁶²), which exceeds the true π by 5.0e-20.
//   Near a zero or a pole that excess shows: SIN(PI()) is 1.22514845490862E-16 (true sine
//   1.2246467991473532e-16), TAN(PI()/2) 1.6324552277619072E+16 (exactly: 1.6331239353195370e16),
//   and TAN(3*PI()/2) changes sign (docs--TAN.xlsx B2:B10, TRIGONOMETRIC.xlsx COT_CSC_SEC!B33:D35;
//   all these cached values follow from the one constant below).
import { CellError, ErrorType } from 'hyperformula';
import {
  builtinPluginPrototype,
  type AstCall as Call,
  type BuiltinPlugin,
} from './engine-internals.js';

/** The x87 π (565 × 2⁻⁶² above Math.PI) minus π, per quarter turn: about 2.5e-20. */
const QUARTER_TURN_EXCESS = (565 * 2 ** -62 - 1.2246467991473532e-16) / 2;

/** How much further Excel's reduced angle is from x than the exact one: n quarter turns' excess. */
function reductionShift(x: number): number {
  return Math.round(x / (Math.PI / 2)) * QUARTER_TURN_EXCESS;
}

// Excel's f(x) is the exact f(x − shift); the shift is below 1e-11 for any angle below 2^27, so
// the first-order terms are exact to the last bit of a double.
export function excelSin(x: number): number {
  return Math.sin(x) - reductionShift(x) * Math.cos(x);
}

export function excelCos(x: number): number {
  return Math.cos(x) + reductionShift(x) * Math.sin(x);
}

export function excelTan(x: number): number {
  const tan = Math.tan(x);
  const shift = reductionShift(x);
  return (tan - shift) / (1 + tan * shift);
}

/** 1/f(x), #DIV/0! at 0 where f(0) is 0 (COT, CSC), as HyperFormula had it. */
function reciprocal(f: (x: number) => number, zeroAtZero: boolean) {
  return (x: number): unknown =>
    zeroAtZero && x === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : 1 / f(x);
}

const EXCEL_CIRCULAR: readonly [name: string, method: string, fn: (x: number) => unknown][] = [
  ['SIN', 'sin', excelSin],
  ['COS', 'cos', excelCos],
  ['TAN', 'tan', excelTan],
  ['COT', 'cot', reciprocal(excelTan, true)],
  ['CSC', 'csc', reciprocal(excelSin, true)],
  ['SEC', 'sec', reciprocal(excelCos, false)],
  ['PI', 'pi', () => Math.PI],
  ['SQRTPI', 'sqrtpi', (x: number) => Math.sqrt(Math.PI * x)],
];

let corrected = false;

export function computeTrigonometryAsExcel(): void {
  if (corrected) return;
  for (const [name, method, fn] of EXCEL_CIRCULAR) {
    builtinPluginPrototype(name, method, 'excel-trigonometry.ts')[method] = function (
      this: BuiltinPlugin,
      ast: Call,
      state: unknown,
    ) {
      return this.runFunction(ast.args, state, this.metadata(name), fn);
    };
  }
  corrected = true;
}
