// Excel's complex-number functions (IMSUM … IMTAN), in place of HyperFormula's. Complex numbers
// are text such as "3+4i" or "1.2E-45-3j" (Microsoft's COMPLEX page). What differs from
// HyperFormula's own:
// - Results are written as Excel writes them: each part with 15 significant digits, plain
//   decimals while they need at most 19 decimal places ("0.0000000000000001", "0.00180772…"),
//   E notation beyond ("2.24044486393732E-06", "1E-20"); a coefficient of ±1 as "i" or "-i".
// - The suffix of the inputs ("i" or "j") is kept; inputs mixing both are refused (#VALUE! for
//   IMSUM and IMPRODUCT, #NUM! for IMSUB and IMDIV, as Excel answers).
// - TRUE or FALSE is not a complex number (#VALUE!); text that is not one is #NUM!; an empty cell
//   is 0.
// - IMDIV divides by Smith's method and IMTAN, IMCOT use the double-angle formulas, as Excel's
//   results show: a part that is only rounding noise (IMTAN("7+25j") = "3.82126757337684E-22+j")
//   comes out as it does in Excel.
import {
  CellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { ERROR_TYPE_BY_SENTINEL, sentinelOfErrorType } from './engine-errors.js';
import { translateFunctionNames } from './engine-internals.js';
import { excelNumberText } from './number-text.js';
import { plainArg, valueError, numError } from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';
import { FormulaError, SENTINELS, isFormulaError, type CellValue } from './sentinels.js';
import type { AstCall as Call } from './engine-internals.js';

type Suffix = 'i' | 'j';

interface Complex {
  readonly re: number;
  readonly im: number;
  /** The suffix written in the input; undefined for a plain real number. */
  readonly suffix?: Suffix;
}

const NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
const REAL_ONLY = new RegExp(`^[+-]?${NUMBER}$`);
const IMAGINARY_ONLY = new RegExp(`^([+-]?)(${NUMBER})?([ij])$`);
const BOTH = new RegExp(`^([+-]?${NUMBER})([+-])(${NUMBER})?([ij])$`);

/** The complex number a text writes, or undefined when it writes none. */
export function parseComplex(text: string): Complex | undefined {
  if (text === '') return { re: 0, im: 0 };
  if (REAL_ONLY.test(text)) return { re: Number(text), im: 0 };
  const imaginary = IMAGINARY_ONLY.exec(text);
  if (imaginary !== null) {
    const magnitude = imaginary[2] === undefined ? 1 : Number(imaginary[2]);
    return {
      re: 0,
      im: imaginary[1] === '-' ? -magnitude : magnitude,
      suffix: imaginary[3] as Suffix,
    };
  }
  const both = BOTH.exec(text);
  if (both !== null) {
    const magnitude = both[3] === undefined ? 1 : Number(both[3]);
    return {
      re: Number(both[1]),
      im: both[2] === '-' ? -magnitude : magnitude,
      suffix: both[4] as Suffix,
    };
  }
  return undefined;
}

/** One part of a complex number as Excel writes it: as any number it turns into text. */
export function complexPart(value: number): string {
  return excelNumberText(value);
}

/** "3+4i", "-i", "5", "2.5j", "0": Excel's text form of a complex number. */
export function complexText(real: number, imaginary: number, suffix: string): string {
  const re = complexPart(real);
  const im = complexPart(imaginary);
  if (im === '0') return re;
  const coefficient = im === '1' ? '' : im === '-1' ? '-' : im;
  const imaginaryText = `${coefficient}${suffix}`;
  if (re === '0') return imaginaryText;
  return `${re}${im.startsWith('-') ? '' : '+'}${imaginaryText}`;
}

function fromValue(name: string, value: CellValue): Complex {
  if (isFormulaError(value)) throw value;
  if (value === null || value === undefined) return { re: 0, im: 0 };
  if (typeof value === 'boolean')
    throw valueError(`${name}: TRUE or FALSE is not a complex number`);
  if (typeof value === 'number') return { re: value, im: 0 };
  const parsed = parseComplex(value);
  if (parsed === undefined) throw numError(`${name}: "${value}" is not a complex number`);
  return parsed;
}

function complexArg(name: string, args: readonly FunctionArgument[], index: number): Complex {
  return fromValue(name, plainArg(name, args[index], index + 1));
}

/** The suffix shared by the inputs ("i" when none has one); undefined when they mix i and j. */
function commonSuffix(values: readonly Complex[]): Suffix | undefined {
  let suffix: Suffix | undefined;
  for (const value of values) {
    if (value.suffix === undefined) continue;
    if (suffix !== undefined && suffix !== value.suffix) return undefined;
    suffix = value.suffix;
  }
  return suffix ?? 'i';
}

function result(name: string, re: number, im: number, suffix: Suffix): string {
  if (!Number.isFinite(re) || !Number.isFinite(im))
    throw numError(`${name}: the result is too large`);
  return complexText(re, im, suffix);
}

/** a / b by Smith's method (scaling by the larger part of b), which Excel's quotients follow. */
const divide = (a: Complex, b: Complex): { re: number; im: number } => {
  if (Math.abs(b.re) >= Math.abs(b.im)) {
    const ratio = b.im / b.re;
    const denominator = b.re + b.im * ratio;
    return { re: (a.re + a.im * ratio) / denominator, im: (a.im - a.re * ratio) / denominator };
  }
  const ratio = b.re / b.im;
  const denominator = b.im + b.re * ratio;
  return { re: (a.re * ratio + a.im) / denominator, im: (a.im * ratio - a.re) / denominator };
};

// The functions of one complex number giving one: the formula on the parts.
type Unary = (z: Complex) => { re: number; im: number };

const sin: Unary = ({ re, im }) => ({
  re: Math.sin(re) * Math.cosh(im),
  im: Math.cos(re) * Math.sinh(im),
});
const cos: Unary = ({ re, im }) => ({
  re: Math.cos(re) * Math.cosh(im),
  im: -Math.sin(re) * Math.sinh(im),
});
const sinh: Unary = ({ re, im }) => ({
  re: Math.sinh(re) * Math.cos(im),
  im: Math.cosh(re) * Math.sin(im),
});
const cosh: Unary = ({ re, im }) => ({
  re: Math.cosh(re) * Math.cos(im),
  im: Math.sinh(re) * Math.sin(im),
});
const ln: Unary = ({ re, im }) => ({ re: Math.log(Math.hypot(re, im)), im: Math.atan2(im, re) });
const scaled =
  (f: Unary, by: number): Unary =>
  (z) => {
    const value = f(z);
    return { re: value.re / by, im: value.im / by };
  };
/**
 * 1 / (p·q + r·s·i), its modulus squared summed as p²q² + r²s²: the secants and cosecants, each
 * the reciprocal of a sine or cosine written as such products, as Excel's results show.
 */
const inverse = (p: number, q: number, r: number, s: number): { re: number; im: number } => {
  const denominator = p * p * (q * q) + r * r * (s * s);
  return { re: (p * q) / denominator, im: -(r * s) / denominator };
};

const UNARY: Readonly<Record<string, { fn: Unary; zeroIsError?: boolean; description: string }>> = {
  IMSIN: { fn: sin, description: 'IMSIN(inumber): the sine of a complex number' },
  IMCOS: { fn: cos, description: 'IMCOS(inumber): the cosine of a complex number' },
  IMTAN: {
    fn: ({ re, im }) => {
      if (im === 0) return { re: Math.tan(re), im: 0 };
      const denominator = Math.cos(2 * re) + Math.cosh(2 * im);
      return { re: Math.sin(2 * re) / denominator, im: Math.sinh(2 * im) / denominator };
    },
    description: 'IMTAN(inumber): the tangent of a complex number',
  },
  IMCOT: {
    fn: ({ re, im }) => {
      if (im === 0) return { re: 1 / Math.tan(re), im: 0 };
      const denominator = Math.cosh(2 * im) - Math.cos(2 * re);
      return { re: Math.sin(2 * re) / denominator, im: -Math.sinh(2 * im) / denominator };
    },
    zeroIsError: true,
    description: 'IMCOT(inumber): the cotangent of a complex number',
  },
  IMSEC: {
    fn: ({ re, im }) => inverse(Math.cos(re), Math.cosh(im), -Math.sin(re), Math.sinh(im)),
    description: 'IMSEC(inumber): the secant of a complex number',
  },
  IMCSC: {
    fn: ({ re, im }) => inverse(Math.sin(re), Math.cosh(im), Math.cos(re), Math.sinh(im)),
    zeroIsError: true,
    description: 'IMCSC(inumber): the cosecant of a complex number',
  },
  IMSINH: { fn: sinh, description: 'IMSINH(inumber): the hyperbolic sine of a complex number' },
  IMCOSH: {
    fn: cosh,
    description: 'IMCOSH(inumber): the hyperbolic cosine of a complex number',
  },
  IMSECH: {
    fn: ({ re, im }) => inverse(Math.cosh(re), Math.cos(im), Math.sinh(re), Math.sin(im)),
    description: 'IMSECH(inumber): the hyperbolic secant of a complex number',
  },
  IMCSCH: {
    fn: ({ re, im }) => inverse(Math.sinh(re), Math.cos(im), Math.cosh(re), Math.sin(im)),
    zeroIsError: true,
    description: 'IMCSCH(inumber): the hyperbolic cosecant of a complex number',
  },
  IMEXP: {
    fn: ({ re, im }) => ({ re: Math.exp(re) * Math.cos(im), im: Math.exp(re) * Math.sin(im) }),
    description: 'IMEXP(inumber): e raised to a complex number',
  },
  IMLN: {
    fn: ln,
    zeroIsError: true,
    description: 'IMLN(inumber): the natural logarithm of a complex number',
  },
  IMLOG10: {
    fn: scaled(ln, Math.LN10),
    zeroIsError: true,
    description: 'IMLOG10(inumber): the base-10 logarithm of a complex number',
  },
  IMLOG2: {
    fn: scaled(ln, Math.LN2),
    zeroIsError: true,
    description: 'IMLOG2(inumber): the base-2 logarithm of a complex number',
  },
  IMSQRT: {
    fn: ({ re, im }) => {
      const modulus = Math.sqrt(Math.hypot(re, im));
      const angle = Math.atan2(im, re) / 2;
      return { re: modulus * Math.cos(angle), im: modulus * Math.sin(angle) };
    },
    description: 'IMSQRT(inumber): the square root of a complex number',
  },
  IMCONJUGATE: {
    fn: ({ re, im }) => ({ re, im: -im }),
    description: 'IMCONJUGATE(inumber): the complex conjugate of a complex number',
  },
};

const unaryFunctions: CustomFunction[] = Object.entries(UNARY).map(
  ([name, { fn, zeroIsError, description }]) => ({
    name,
    minArgs: 1,
    maxArgs: 1,
    parameters: ['inumber'],
    category: 'Engineering',
    description,
    evaluate: (args) => {
      const z = complexArg(name, args, 0);
      if (zeroIsError === true && z.re === 0 && z.im === 0)
        return numError(`${name}: undefined at 0`);
      const value = fn(z);
      return result(name, value.re, value.im, z.suffix ?? 'i');
    },
  }),
);

/** A function of one complex number giving a real number. */
function realOf(
  name: string,
  description: string,
  fn: (z: Complex) => number | FormulaError,
): CustomFunction {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    parameters: ['inumber'],
    category: 'Engineering',
    description,
    evaluate: (args) => fn(complexArg(name, args, 0)),
  };
}

const realFunctions: CustomFunction[] = [
  realOf('IMREAL', 'IMREAL(inumber): the real coefficient of a complex number', (z) => z.re),
  realOf(
    'IMAGINARY',
    'IMAGINARY(inumber): the imaginary coefficient of a complex number',
    (z) => z.im,
  ),
  realOf('IMABS', 'IMABS(inumber): the absolute value (modulus) of a complex number', (z) =>
    Math.hypot(z.re, z.im),
  ),
  realOf('IMARGUMENT', 'IMARGUMENT(inumber): the angle of a complex number in radians', (z) =>
    z.re === 0 && z.im === 0
      ? new FormulaError(SENTINELS.divideByZero, 'IMARGUMENT: 0 has no angle')
      : Math.atan2(z.im, z.re),
  ),
];

/** IMSUB and IMDIV: two complex numbers of one suffix (mixing them is #NUM!, as Excel answers). */
function binary(
  name: string,
  description: string,
  fn: (a: Complex, b: Complex) => { re: number; im: number } | FormulaError,
): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    parameters: ['inumber1', 'inumber2'],
    category: 'Engineering',
    description,
    evaluate: (args) => {
      const a = complexArg(name, args, 0);
      const b = complexArg(name, args, 1);
      const suffix = commonSuffix([a, b]);
      if (suffix === undefined) return numError(`${name}: the numbers mix the suffixes i and j`);
      const value = fn(a, b);
      if (isFormulaError(value)) return value;
      return result(name, value.re, value.im, suffix);
    },
  };
}

const binaryFunctions: CustomFunction[] = [
  binary('IMSUB', 'IMSUB(inumber1, inumber2): the difference of two complex numbers', (a, b) => ({
    re: a.re - b.re,
    im: a.im - b.im,
  })),
  binary('IMDIV', 'IMDIV(inumber1, inumber2): the quotient of two complex numbers', (a, b) =>
    b.re === 0 && b.im === 0 ? numError('IMDIV: division by 0') : divide(a, b),
  ),
];

type Parts = { re: number; im: number };

/** A cell handed to IMSUM or IMPRODUCT, and whether it came in a range (where empties are skipped). */
interface Operand {
  readonly value: CellValue;
  readonly inRange: boolean;
}

/**
 * IMSUM and IMPRODUCT over their operands in order: the first that is not a complex number (an
 * error, TRUE or FALSE, other text) is the answer, and mixing the suffixes i and j is #VALUE!.
 */
function combine(
  name: string,
  operands: Iterable<Operand>,
  start: Parts,
  step: (total: Parts, z: Complex) => Parts,
): string | FormulaError {
  let total = start;
  let suffix: Suffix | undefined;
  try {
    for (const { value, inRange } of operands) {
      if (inRange && (value === null || value === undefined)) continue;
      const z = fromValue(name, value);
      if (z.suffix !== undefined) {
        if (suffix !== undefined && suffix !== z.suffix)
          return valueError(`${name}: the numbers mix the suffixes i and j`);
        suffix = z.suffix;
      }
      total = step(total, z);
    }
    return result(name, total.re, total.im, suffix ?? 'i');
  } catch (error) {
    if (isFormulaError(error)) return error;
    throw error;
  }
}

const SUMS: Readonly<Record<string, { start: Parts; step: (t: Parts, z: Complex) => Parts }>> = {
  IMSUM: { start: { re: 0, im: 0 }, step: (t, z) => ({ re: t.re + z.re, im: t.im + z.im }) },
  IMPRODUCT: {
    start: { re: 1, im: 0 },
    step: (t, z) => ({ re: t.re * z.re - t.im * z.im, im: t.re * z.im + t.im * z.re }),
  },
};

/** An engine value as a cell value: errors as sentinels, wrapped numbers (dates, %) as numbers. */
function cellValueOf(value: unknown): CellValue {
  if (value instanceof CellError)
    return new FormulaError(
      sentinelOfErrorType(value.type) ?? SENTINELS.value,
      value.message ?? '',
    );
  if (value === EmptyValue || value === undefined) return null;
  if (typeof value === 'object' && value !== null && 'val' in value)
    return (value as { val: number }).val;
  return value as CellValue;
}

// IMSUM and IMPRODUCT are a plugin rather than custom functions: Excel reads their arguments in
// order, cells of ranges included (IMSUM(I52:J52,K52) with "yvj" in I52 is #NUM! even though K52
// holds #VALUE!), while a custom function is answered with an error argument before it runs.
class ComplexSums extends FunctionPlugin {
  private combineArgs(ast: Call, state: unknown, name: string): unknown {
    const self = this;
    function* operands(): Generator<Operand> {
      for (const node of ast.args) {
        const value = self.evaluateAst(node as never, state as never) as unknown;
        if (value instanceof SimpleRangeValue) {
          for (const row of value.data)
            for (const cell of row) yield { value: cellValueOf(cell), inRange: true };
        } else yield { value: cellValueOf(value), inRange: false };
      }
    }
    const { start, step } = SUMS[name]!;
    const answer = combine(name, operands(), start, step);
    if (!isFormulaError(answer)) return answer;
    return new CellError(
      ERROR_TYPE_BY_SENTINEL.get(answer.sentinel) ?? ErrorType.VALUE,
      answer.message,
    );
  }

  imsum(ast: Call, state: unknown): unknown {
    return this.combineArgs(ast, state, 'IMSUM');
  }
  improduct(ast: Call, state: unknown): unknown {
    return this.combineArgs(ast, state, 'IMPRODUCT');
  }
}

// Arguments are evaluated by the methods; the metadata says one or more of any kind.
const OPERANDS = {
  parameters: [{ argumentType: FunctionArgumentType.ANY }],
  repeatLastArgs: 1,
  vectorizationForbidden: true,
};
const IMPLEMENTED: ImplementedFunctions = {
  IMSUM: { method: 'imsum', ...OPERANDS },
  IMPRODUCT: { method: 'improduct', ...OPERANDS },
};

/** IMSUM and IMPRODUCT (stateless, shared by every engine); registered after HyperFormula's own. */
export function complexSumsPlugin(): FunctionPluginDefinition {
  translateFunctionNames(Object.keys(IMPLEMENTED));
  (ComplexSums as unknown as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    IMPLEMENTED;
  return ComplexSums as unknown as FunctionPluginDefinition;
}

const impower: CustomFunction = {
  name: 'IMPOWER',
  minArgs: 2,
  maxArgs: 2,
  parameters: ['inumber', 'number'],
  category: 'Engineering',
  description: 'IMPOWER(inumber, number): a complex number raised to a real power',
  evaluate: (args) => {
    const z = complexArg('IMPOWER', args, 0);
    const power = plainArg('IMPOWER', args[1], 2);
    if (typeof power === 'boolean') return valueError('IMPOWER: number must be a number');
    const n = fromValue('IMPOWER', power);
    if (n.im !== 0 || n.suffix !== undefined)
      return valueError('IMPOWER: number must be a real number');
    const modulus = Math.hypot(z.re, z.im);
    if (modulus === 0)
      return n.re > 0 ? '0' : numError('IMPOWER: 0 raised to a power that is not positive');
    const size = modulus ** n.re;
    const angle = Math.atan2(z.im, z.re) * n.re;
    return result('IMPOWER', size * Math.cos(angle), size * Math.sin(angle), z.suffix ?? 'i');
  },
};

export const EXCEL_COMPLEX_FUNCTIONS: readonly CustomFunction[] = [
  ...realFunctions,
  ...unaryFunctions,
  ...binaryFunctions,
  impower,
];
