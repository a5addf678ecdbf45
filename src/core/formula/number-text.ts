// A number turned into text inside a formula (`=1/3&""`, LEN(1/3), LEFT(0.1+0.2, 4), TEXTJOIN,
// SUBSTITUTE …) reads as Excel writes it: 15 significant digits, plain notation up to
// 999,999,999,999,999 and down to 19 decimal places, E notation with a two-digit exponent beyond
// (1E+15, 1.23456789012346E+17, 1E-20, 1.28233995888454E-06). Excel's cached values in the
// conformance corpus show both edges: COMPLEX/IM… parts (ironcalc ENGINEERING--COMPLEXs.xlsx
// 0.000000000000000001 and 1E-20; formulas/test.xlsx 0.0000692442674613868 and
// 1.28233995888454E-06) and VALUETOTEXT (ironcalc TEXT--T_VALUE_VALUETOTEXT.xlsx
// 0.000000007123456). HyperFormula wrote JavaScript's shortest round-trip text instead (17
// digits: "0.30000000000000004"), in one module function its interpreter, its typed arguments
// and its TEXTJOIN/CONCATENATE call directly; an ES module's function cannot be replaced, so
// each of those three callers is handed the text before that function sees a number.
import { FunctionArgumentType, FunctionPlugin, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { internalPrototype } from './engine-internals.js';

/** From this power of ten on, a number is written in E notation. */
const LARGE_EXPONENT = 15;
/** Most decimal places a number is written with before Excel switches to E notation. */
const MAX_DECIMALS = 19;

/** `value` as Excel writes a number it turns into text: "0.333333333333333", "0.3", "1E+20". */
export function excelNumberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(15));
  if (rounded === 0) return '0';
  const [mantissa, exponentText] = Math.abs(rounded).toExponential(14).split('e') as [
    string,
    string,
  ];
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '').replace(/0+$/, '');
  const sign = rounded < 0 ? '-' : '';
  const decimals = Math.max(0, digits.length - 1 - exponent);
  if (exponent >= LARGE_EXPONENT || decimals > MAX_DECIMALS) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${digits[0]}${fraction}E${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/**
 * The text Excel makes of an engine value when it is a number (a plain one, or HyperFormula's
 * date, time, currency or percent number, which carries it as `val`); undefined for anything
 * else, which HyperFormula's own coercion turns into text as Excel does ("", TRUE, the text).
 */
function numberTextOf(value: unknown): string | undefined {
  if (typeof value === 'number') return excelNumberText(value);
  if (typeof value === 'object' && value !== null && !(value instanceof SimpleRangeValue)) {
    const raw = (value as { val?: unknown }).val;
    if (typeof raw === 'number') return excelNumberText(raw);
  }
  return undefined;
}

/** A value with a number in it replaced by its Excel text; anything else as it was. */
function withNumberAsText(value: unknown): unknown {
  return numberTextOf(value) ?? value;
}

type Coercion = (
  this: unknown,
  arg: unknown,
  type: { argumentType: string },
  state: unknown,
) => unknown;
type BinaryOperator = (left: unknown, right: unknown) => unknown;
interface TextFlattening {
  flattenArgToStrings(this: unknown, arg: unknown): unknown;
}

const SCALAR = { argumentType: FunctionArgumentType.SCALAR };
/** The concatenation operators this module made, to check an engine's interpreter uses one. */
const excelConcatenations = new WeakSet<BinaryOperator>();

let installed = false;

/**
 * Makes every engine write numbers as Excel does wherever a formula turns one into text: the `&`
 * operator (also element by element over arrays), every function argument HyperFormula reads as
 * text (LEN, LEFT, MID, FIND, EXACT, REPT, UPPER …, a cell or a one-cell range alike), and
 * TEXTJOIN's and CONCATENATE's values and ranges. Our own functions read text through
 * excel-arguments.ts `textOf`, which writes numbers with `excelNumberText` too. Patched once, on
 * prototypes, since engines evaluate while they are built; an upgrade that moved any of the
 * three stops start-up rather than leaving JavaScript's digits in place.
 */
export function writeNumbersAsExcelText(): void {
  if (installed) return;
  const pluginPrototype = FunctionPlugin.prototype as unknown as { coerceToType: Coercion };
  const coerce = pluginPrototype.coerceToType;
  if (typeof coerce !== 'function')
    throw new Error(
      'HyperFormula no longer coerces arguments in coerceToType; number-text.ts cannot write numbers as Excel does.',
    );
  pluginPrototype.coerceToType = function (arg, type, state) {
    if (type.argumentType !== FunctionArgumentType.STRING)
      return coerce.call(this, arg, type, state);
    // A range argument is first cut to its one value (or the formula's row or column of it).
    const scalar = arg instanceof SimpleRangeValue ? coerce.call(this, arg, SCALAR, state) : arg;
    return numberTextOf(scalar) ?? coerce.call(this, arg, type, state);
  };

  const textPlugin = HyperFormula.getFunctionPlugin('TEXTJOIN')?.prototype as
    Partial<TextFlattening> | undefined;
  const flatten = textPlugin?.flattenArgToStrings;
  if (textPlugin === undefined || typeof flatten !== 'function')
    throw new Error(
      'HyperFormula no longer flattens TEXTJOIN arguments in flattenArgToStrings; number-text.ts cannot write numbers as Excel does.',
    );
  // One value at a time: each comes back as a list of its one text, or as the error it is.
  textPlugin.flattenArgToStrings = function (arg) {
    const values = arg instanceof SimpleRangeValue ? arg.valuesFromTopLeftCorner() : [arg];
    const texts: unknown[] = [];
    for (const value of values) {
      const text = flatten.call(this, withNumberAsText(value));
      if (!Array.isArray(text)) return text;
      texts.push(...(text as unknown[]));
    }
    return texts;
  };

  // The interpreter sets its `&` operator as an own property in its constructor; a setter on
  // the prototype receives that assignment and keeps a wrapper that hands numbers over as text.
  const interpreter = internalPrototype<object>(
    ['evaluator', 'interpreter'],
    ['evaluateAst'],
    'HyperFormula no longer exposes its interpreter; number-text.ts cannot write numbers as Excel does.',
  );
  Object.defineProperty(interpreter, 'concatOp', {
    configurable: true,
    set(this: object, concatenate: BinaryOperator) {
      const excelConcatenate: BinaryOperator = (left, right) =>
        concatenate(withNumberAsText(left), withNumberAsText(right));
      excelConcatenations.add(excelConcatenate);
      Object.defineProperty(this, 'concatOp', {
        value: excelConcatenate,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    },
  });
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const probeOperator = (
    probe as unknown as { evaluator?: { interpreter?: { concatOp?: BinaryOperator } } }
  ).evaluator?.interpreter?.concatOp;
  probe.destroy();
  if (probeOperator === undefined || !excelConcatenations.has(probeOperator))
    throw new Error(
      'HyperFormula no longer assigns its & operator as concatOp; number-text.ts cannot write numbers as Excel does.',
    );
  installed = true;
}
