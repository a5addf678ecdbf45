// HyperFormula built-ins recomputed to Excel's precision and argument rules: GAMMA, GAMMA.DIST,
// GAMMA.INV, BESSELI,
// COMBINA, FACTDOUBLE, the negative binomial, Poisson and hypergeometric distributions,
// BINOM.INV, Z.TEST and T.TEST, with their old names (NEGBINOMDIST, HYPGEOMDIST … take fewer
// arguments). HyperFormula's (jStat's) gamma function is good to about 1e-8, its BESSELI is
// wrong for negative x, its distributions overflow on large arguments
// (POISSON.DIST(1000000, 1000000, TRUE)) and it checks bounds argument by argument, so a bad
// probability answered #NUM! where Excel first reports an error value given in a later argument.
// Semantics: Microsoft's function pages; where they are silent (a population of 0, p = 1, which
// error wins), what Excel cached in the conformance corpus (formulas/test.xlsx STATISTICAL and
// MATH & TRIG, ironcalc's STATISTICAL--* and ENGINEERING--BESSEL workbooks).
import { CellError, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import {
  incompleteBeta,
  logGamma,
  solveDecreasing,
  studentUpper,
  type Replacement,
} from './excel-distributions.js';
import { erfc } from './excel-math-functions.js';
import { pluginFunctionInfo, type FunctionInfo } from './function-catalogue.js';

type Numeric = number | CellError;

const numError = (message: string): CellError => new CellError(ErrorType.NUM, message);
const divideByZero = (message: string): CellError => new CellError(ErrorType.DIV_BY_ZERO, message);

// ---- numerics ---------------------------------------------------------------------------------

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** Γ(x): exact products for whole numbers, Lanczos otherwise, reflected below ½. */
export function gamma(x: number): number {
  // Γ overflows past 171.62…; the product below would otherwise run for x = 1e10.
  if (x > 172) return Number.POSITIVE_INFINITY;
  if (Number.isInteger(x)) {
    if (x <= 0) return Number.NaN;
    let product = 1;
    for (let k = 2; k < x; k += 1) product *= k;
    return product;
  }
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i += 1) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  // t^(z+½) in two halves: it overflows on its own before Γ does (x above about 143).
  const half = t ** ((z + 0.5) / 2);
  return Math.sqrt(2 * Math.PI) * half * (half * Math.exp(-t)) * sum;
}

/** ln Γ(a) − ((a − ½) ln a − a + ½ ln 2π), Stirling's series (a ≥ 10: to about 1e-16). */
function stirlingCorrection(a: number): number {
  const inverse = 1 / a;
  const square = inverse * inverse;
  return (
    inverse *
    (1 / 12 -
      square *
        (1 / 360 -
          square *
            (1 / 1260 - square * (1 / 1680 - square * (1 / 1188 - (square / 360360) * 691)))))
  );
}

/**
 * x^a e^(−x) / Γ(a), the factor in front of the incomplete gamma function. For large a it is
 * written around x = a, where its logarithm is a small difference of large numbers.
 */
function gammaFront(a: number, x: number): number {
  if (x === 0) return 0;
  if (a < 10) return Math.exp(a * Math.log(x) - x - logGamma(a));
  const t = (x - a) / a;
  return Math.exp(
    a * (Math.log1p(t) - t) + 0.5 * Math.log(a / (2 * Math.PI)) - stirlingCorrection(a),
  );
}

/** The regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 − P(a, x), a > 0. */
export function incompleteGamma(a: number, x: number): { lower: number; upper: number } {
  if (x <= 0) return { lower: 0, upper: 1 };
  const front = gammaFront(a, x);
  if (x < a + 1) {
    // The series Σ xⁿ / (a (a+1) … (a+n)).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1e7; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    const lower = front * sum;
    return { lower, upper: 1 - lower };
  }
  // The continued fraction of Q (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1e7; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  const upper = front * h;
  return { lower: 1 - upper, upper };
}

/** GAMMA.DIST: P(a, x/θ), or the density x^(a−1) e^(−x/θ) / (Γ(a) θ^a). */
function gammaDistribution(x: number, a: number, scale: number, cumulative: boolean): Numeric {
  const y = x / scale;
  if (cumulative) return incompleteGamma(a, y).lower;
  if (y === 0) return a < 1 ? numError('GAMMA.DIST: no density at 0') : a === 1 ? 1 / scale : 0;
  return gammaFront(a, y) / x;
}

/**
 * GAMMA.INV: the x with P(a, x/θ) = p, solved on the lower tail below ½ so that a tiny p keeps
 * its digits (ironcalc STATISTICAL--GAMMA.xlsx F21: GAMMA.INV(2.76e-51, 9, 1000000) is 10;
 * jStat answered 68.7), on the upper tail above it.
 */
function gammaInverse(p: number, a: number, scale: number): Numeric {
  if (p === 0) return 0;
  if (p >= 1) return numError('GAMMA.INV: probability must be below 1');
  const lower = p < 0.5;
  const tail = (y: number): number =>
    lower ? -incompleteGamma(a, y).lower : incompleteGamma(a, y).upper;
  const target = lower ? -p : 1 - p;
  let high = Math.max(a, 1);
  while (tail(high) > target && high < 1e300) high *= 2;
  const y = solveDecreasing(tail, (at) => (at === 0 ? 0 : gammaFront(a, at) / at), target, 0, high);
  return y * scale;
}

/**
 * I₀(x) by the polynomial approximations of Abramowitz and Stegun (9.8.1, 9.8.2), good to about
 * 1e-7: Excel's own BESSELI answers these values, not the exact ones (I₀(0.2) is
 * 1.0100250221205638 in ironcalc ENGINEERING--BESSEL.xlsx, the series gives 1.01002502779515).
 */
function besselI0(x: number): number {
  const ax = Math.abs(x);
  if (ax < 3.75) {
    const y = (x / 3.75) ** 2;
    return polynomial(y, [1, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.0360768, 0.0045813]);
  }
  const y = 3.75 / ax;
  return (
    (Math.exp(ax) / Math.sqrt(ax)) *
    polynomial(
      y,
      [
        0.39894228, 0.01328592, 0.00225319, -0.00157565, 0.00916281, -0.02057706, 0.02635537,
        -0.01647633, 0.00392377,
      ],
    )
  );
}

/** I₁(x) likewise (Abramowitz and Stegun 9.8.3, 9.8.4); odd in x. */
function besselI1(x: number): number {
  const ax = Math.abs(x);
  let value: number;
  if (ax < 3.75) {
    const y = (x / 3.75) ** 2;
    value =
      ax *
      polynomial(y, [0.5, 0.87890594, 0.51498869, 0.15084934, 0.02658733, 0.00301532, 0.00032411]);
  } else {
    const y = 3.75 / ax;
    value =
      (Math.exp(ax) / Math.sqrt(ax)) *
      polynomial(
        y,
        [
          0.39894228, -0.03988024, -0.00362018, 0.00163801, -0.01031555, 0.02282967, -0.02895312,
          0.01787654, -0.00420059,
        ],
      );
  }
  return x < 0 ? -value : value;
}

function polynomial(y: number, coefficients: readonly number[]): number {
  let sum = 0;
  for (let i = coefficients.length - 1; i >= 0; i -= 1) sum = sum * y + coefficients[i]!;
  return sum;
}

/**
 * Iₙ(x): I₀ and I₁ as above, higher orders by Miller's downward recurrence normalised by I₀;
 * Iₙ(−x) = (−1)ⁿ Iₙ(x).
 */
export function besselI(x: number, n: number): number {
  if (n === 0) return besselI0(x);
  if (n === 1) return besselI1(x);
  if (x === 0) return 0;
  const twoOverX = 2 / Math.abs(x);
  let above = 0;
  let current = 1;
  let result = 0;
  for (let j = 2 * (n + Math.trunc(Math.sqrt(40 * n))); j > 0; j -= 1) {
    const below = above + j * twoOverX * current;
    above = current;
    current = below;
    // Rescaled to keep the recurrence's growing terms finite.
    if (Math.abs(current) > 1e10) {
      result *= 1e-10;
      current *= 1e-10;
      above *= 1e-10;
    }
    if (j === n) result = above;
  }
  result *= besselI0(x) / current;
  return x < 0 && n % 2 === 1 ? -result : result;
}

/** ln C(n, k). */
function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

/** C(n, k) for whole n ≥ k ≥ 0, as a product (exact while it fits in 2^53). */
function choose(n: number, k: number): number {
  const smaller = Math.min(k, n - k);
  let product = 1;
  for (let i = 1; i <= smaller && Number.isFinite(product); i += 1)
    product = (product * (n - smaller + i)) / i;
  return product;
}

/** ln C(n, k) as a sum of logarithms: exact enough for the binomial terms of moderate n. */
function logChooseBySum(n: number, k: number): number {
  let result = 0;
  for (let i = 1; i <= k; i += 1) result += Math.log(n - k + i) - Math.log(i);
  return result;
}

/** P(X = k) of the binomial distribution. */
function binomialTerm(n: number, k: number, p: number): number {
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return Math.exp(
    logChooseBySum(n, Math.min(k, n - k)) + k * Math.log(p) + (n - k) * Math.log(1 - p),
  );
}

/** P(X = k) of the hypergeometric distribution (sample n of N holding M successes). */
function hypergeometric(k: number, n: number, successes: number, population: number): number {
  if (k < 0 || k > n || k > successes || n - k > population - successes) return 0;
  return Math.exp(
    logChoose(successes, k) + logChoose(population - successes, n - k) - logChoose(population, n),
  );
}

/** P(X ≤ k) of the binomial distribution, through the incomplete beta function. */
function binomialCdf(k: number, trials: number, p: number): number {
  if (k >= trials) return 1;
  return incompleteBeta(1 - p, trials - k, k + 1).lower;
}

// ---- the functions ----------------------------------------------------------------------------

/** The numbers of a range in order, or its first error; text, booleans and blanks are skipped. */
function numbersIn(range: SimpleRangeValue): number[] | CellError {
  const numbers: number[] = [];
  for (const value of range.valuesFromTopLeftCorner()) {
    if (value instanceof CellError) return value;
    if (typeof value === 'number') numbers.push(value);
  }
  return numbers;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The sample variance (n − 1 in the denominator). */
function variance(values: readonly number[]): number {
  const centre = mean(values);
  return values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (values.length - 1);
}

function negativeBinomial(failures: number, successes: number, p: number, cumulative: boolean) {
  const f = Math.trunc(failures);
  const r = Math.trunc(successes);
  if (f < 0 || r < 1) return numError('NEGBINOM.DIST needs number_f ≥ 0 and number_s ≥ 1');
  // Excel answers #NUM! for p = 0 and p = 1 too (ironcalc STATISTICAL--BINOM.xlsx E32:E33).
  if (!(p > 0 && p < 1)) return numError('NEGBINOM.DIST needs 0 < probability_s < 1');
  if (cumulative) return incompleteBeta(p, r, f + 1).lower;
  return Math.exp(
    logGamma(f + r) - logGamma(f + 1) - logGamma(r) + r * Math.log(p) + f * Math.log1p(-p),
  );
}

function poisson(x: number, mean: number, cumulative: boolean): Numeric {
  // x is checked before it is truncated: −0.000001 is #NUM! (ironcalc STATISTICAL--POISSON D26).
  if (x < 0 || mean < 0) return numError('POISSON.DIST needs x ≥ 0 and mean ≥ 0');
  const k = Math.trunc(x);
  if (mean === 0) return cumulative || k === 0 ? 1 : 0;
  if (cumulative) return incompleteGamma(k + 1, mean).upper;
  return Math.exp(k * Math.log(mean) - mean - logGamma(k + 1));
}

function hypergeometricDistribution(
  sampleSuccesses: number,
  sample: number,
  successes: number,
  population: number,
  cumulative: boolean,
): Numeric {
  const [k, n, m, size] = [sampleSuccesses, sample, successes, population].map(Math.trunc) as [
    number,
    number,
    number,
    number,
  ];
  if (k < 0 || n < 0 || m < 0 || size < 0 || n > size || m > size || k > Math.min(n, m))
    return numError('HYPGEOM.DIST: the counts do not fit in the population');
  if (!cumulative) return hypergeometric(k, n, m, size);
  // Below max(0, n − N + M) there is nothing to add up: Excel answers 0, not #NUM!
  // (formulas/test.xlsx STATISTICAL!AG54).
  const mode = Math.floor(((n + 1) * (m + 1)) / (size + 2));
  let sum = 0;
  // Terms below n − (N − M) are 0; past the mode they shrink, and the sum stops once they no
  // longer count (a population of a billion would otherwise take a billion terms).
  for (let i = Math.max(0, n - (size - m)); i <= k; i += 1) {
    const term = hypergeometric(i, n, m, size);
    sum += term;
    if (i > mode && term <= sum * 1e-17) break;
  }
  return Math.min(sum, 1);
}

function binomialInverse(trials: number, p: number, alpha: number): Numeric {
  const n = Math.trunc(trials);
  // p = 1 is #NUM! in Excel (ironcalc STATISTICAL--BINOM.xlsx BINOM.INV!D25).
  if (n < 0 || p < 0 || p >= 1 || alpha <= 0 || alpha >= 1)
    return numError('BINOM.INV needs trials ≥ 0, 0 ≤ probability_s < 1 and 0 < alpha < 1');
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (binomialCdf(middle, n, p) >= alpha) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * BINOM.DIST.RANGE: here rather than a custom function so that a range given for one value is
 * intersected with the formula's row, as Excel does (BINOM.DIST.RANGE(B44,C44,G:G,D44) reads
 * G44: ironcalc STATISTICAL--BINOM.xlsx E44:E46).
 */
function binomialRange(trials: number, p: number, first: number, last?: number): Numeric {
  const n = Math.trunc(trials);
  const from = Math.trunc(first);
  const to = last === undefined ? from : Math.trunc(last);
  if (n < 0) return numError('BINOM.DIST.RANGE: trials must be ≥ 0');
  if (p < 0 || p > 1) return numError('BINOM.DIST.RANGE: probability_s must be in [0, 1]');
  if (from < 0 || from > n)
    return numError('BINOM.DIST.RANGE: number_s must be between 0 and trials');
  if (to < from || to > n)
    return numError('BINOM.DIST.RANGE: number_s2 must be between number_s and trials');
  let total = 0;
  for (let k = from; k <= to; k += 1) total += binomialTerm(n, k, p);
  return total;
}

function combinationsWithRepetition(number: number, chosen: number): Numeric {
  const n = Math.trunc(number);
  const k = Math.trunc(chosen);
  if (n < 0 || k < 0) return numError('COMBINA needs number ≥ 0 and number_chosen ≥ 0');
  if (k === 0) return 1;
  if (n === 0) return numError('COMBINA: no way to choose from nothing');
  return choose(n + k - 1, k);
}

function doubleFactorial(number: number): Numeric {
  // −1.1 is #NUM! though it truncates to −1, whose double factorial is 1 (formulas/test.xlsx).
  if (number < -1) return numError('FACTDOUBLE needs number ≥ −1');
  let product = 1;
  for (let k = Math.trunc(number); k > 1 && Number.isFinite(product); k -= 2) product *= k;
  return product;
}

function zTest(range: SimpleRangeValue, x: number, sigma: number | undefined): Numeric {
  const numbers = numbersIn(range);
  if (numbers instanceof CellError) return numbers;
  if (numbers.length === 0) return new CellError(ErrorType.NA, 'Z.TEST: the array has no number');
  if (sigma !== undefined && sigma <= 0) return numError('Z.TEST needs sigma > 0');
  // Excel answers #DIV/0! for one number even with sigma given (formulas/test.xlsx V121).
  if (numbers.length < 2) return divideByZero('Z.TEST needs two numbers');
  const spread = sigma ?? Math.sqrt(variance(numbers));
  if (spread === 0) return divideByZero('Z.TEST: the numbers do not vary');
  const z = (mean(numbers) - x) / (spread / Math.sqrt(numbers.length));
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * The pairs of numbers of two ranges of the same size, position by position; a pair with text,
 * a logical value or a blank is left out. The first error, in the order of the pairs, is thrown.
 */
function pairsOf(first: SimpleRangeValue, second: SimpleRangeValue): number[] | CellError {
  const xs = [...first.valuesFromTopLeftCorner()];
  const ys = [...second.valuesFromTopLeftCorner()];
  if (xs.length !== ys.length)
    return new CellError(ErrorType.NA, 'T.TEST: paired arrays must hold as many values');
  const differences: number[] = [];
  for (let i = 0; i < xs.length; i += 1) {
    const [x, y] = [xs[i], ys[i]];
    if (x instanceof CellError) return x;
    if (y instanceof CellError) return y;
    if (typeof x === 'number' && typeof y === 'number') differences.push(x - y);
  }
  return differences;
}

/** The t statistic and degrees of freedom of T.TEST's three types. */
function tStatistic(
  first: SimpleRangeValue,
  second: SimpleRangeValue,
  type: number,
): { t: number; df: number } | CellError {
  if (type === 1) {
    const differences = pairsOf(first, second);
    if (differences instanceof CellError) return differences;
    const n = differences.length;
    if (n < 2) return divideByZero('T.TEST needs two pairs');
    const spread = Math.sqrt(variance(differences) / n);
    if (spread === 0) return divideByZero('T.TEST: the differences do not vary');
    return { t: mean(differences) / spread, df: n - 1 };
  }
  const xs = numbersIn(first);
  if (xs instanceof CellError) return xs;
  const ys = numbersIn(second);
  if (ys instanceof CellError) return ys;
  const [n1, n2] = [xs.length, ys.length];
  if (n1 < 2 || n2 < 2) return divideByZero('T.TEST needs two numbers in each array');
  const [v1, v2] = [variance(xs), variance(ys)];
  const gap = mean(xs) - mean(ys);
  if (type === 2) {
    const pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / (n1 + n2 - 2);
    const spread = Math.sqrt(pooled * (1 / n1 + 1 / n2));
    if (spread === 0) return divideByZero('T.TEST: the numbers do not vary');
    return { t: gap / spread, df: n1 + n2 - 2 };
  }
  const [a, b] = [v1 / n1, v2 / n2];
  if (a + b === 0) return divideByZero('T.TEST: the numbers do not vary');
  // Welch–Satterthwaite: a fractional number of degrees of freedom, used as it is.
  return { t: gap / Math.sqrt(a + b), df: (a + b) ** 2 / (a ** 2 / (n1 - 1) + b ** 2 / (n2 - 1)) };
}

function tTest(
  first: SimpleRangeValue,
  second: SimpleRangeValue,
  tails: number,
  type: number,
): Numeric {
  const [tailCount, kind] = [Math.trunc(tails), Math.trunc(type)];
  if (tailCount !== 1 && tailCount !== 2) return numError('T.TEST: tails must be 1 or 2');
  if (kind < 1 || kind > 3) return numError('T.TEST: type must be 1, 2 or 3');
  const statistic = tStatistic(first, second, kind);
  if (statistic instanceof CellError) return statistic;
  return tailCount * studentUpper(Math.abs(statistic.t), statistic.df);
}

function besselIOf(x: number, order: number): Numeric {
  const n = Math.trunc(order);
  if (n < 0) return numError('BESSELI needs n ≥ 0');
  return besselI(x, n);
}

function gammaOf(x: number): Numeric {
  if (x <= 0 && Number.isInteger(x)) return numError('GAMMA is not defined at 0, −1, −2 …');
  return gamma(x);
}

// ---- metadata -----------------------------------------------------------------------------------

const NUMBER = { argumentType: FunctionArgumentType.NUMBER };
const OPTIONAL_NUMBER = { argumentType: FunctionArgumentType.NUMBER, optionalArg: true };
const BOOLEAN = { argumentType: FunctionArgumentType.BOOLEAN };
const RANGE = { argumentType: FunctionArgumentType.RANGE };

/**
 * The replacements, by plugin method name (excel-distributions.ts registers them). POISSON,
 * CRITBINOM, ZTEST and TTEST stay HyperFormula's aliases of the new names, which now lead here;
 * NEGBINOMDIST and HYPGEOMDIST take one argument fewer, so they are functions of their own.
 */
export const PRECISE_BUILT_INS: Readonly<Record<string, Replacement>> = {
  gammaPrecise: { name: 'GAMMA', compute: gammaOf },
  gammaDistPrecise: { name: 'GAMMA.DIST', compute: gammaDistribution },
  gammaInvPrecise: { name: 'GAMMA.INV', compute: gammaInverse },
  besselIPrecise: {
    name: 'BESSELI',
    compute: besselIOf,
    parameters: [NUMBER, NUMBER],
    refusesLogicals: true,
  },
  combinaPrecise: {
    name: 'COMBINA',
    compute: combinationsWithRepetition,
    parameters: [NUMBER, NUMBER],
  },
  factdoublePrecise: {
    name: 'FACTDOUBLE',
    compute: doubleFactorial,
    parameters: [NUMBER],
    refusesLogicals: true,
  },
  negbinomDistPrecise: {
    name: 'NEGBINOM.DIST',
    compute: negativeBinomial,
    parameters: [NUMBER, NUMBER, NUMBER, BOOLEAN],
  },
  negbinomDistOld: {
    name: 'NEGBINOMDIST',
    compute: (f: number, r: number, p: number) => negativeBinomial(f, r, p, false),
    parameters: [NUMBER, NUMBER, NUMBER],
  },
  poissonDistPrecise: {
    name: 'POISSON.DIST',
    compute: poisson,
    parameters: [NUMBER, NUMBER, BOOLEAN],
  },
  hypgeomDistPrecise: {
    name: 'HYPGEOM.DIST',
    compute: hypergeometricDistribution,
    parameters: [NUMBER, NUMBER, NUMBER, NUMBER, BOOLEAN],
  },
  hypgeomDistOld: {
    name: 'HYPGEOMDIST',
    compute: (k: number, n: number, m: number, size: number) =>
      hypergeometricDistribution(k, n, m, size, false),
    parameters: [NUMBER, NUMBER, NUMBER, NUMBER],
  },
  binomDistRange: {
    name: 'BINOM.DIST.RANGE',
    compute: binomialRange,
    parameters: [NUMBER, NUMBER, NUMBER, OPTIONAL_NUMBER],
  },
  binomInvPrecise: {
    name: 'BINOM.INV',
    compute: binomialInverse,
    parameters: [NUMBER, NUMBER, NUMBER],
  },
  zTestPrecise: {
    name: 'Z.TEST',
    compute: zTest,
    parameters: [RANGE, NUMBER, OPTIONAL_NUMBER],
  },
  tTestPrecise: { name: 'T.TEST', compute: tTest, parameters: [RANGE, RANGE, NUMBER, NUMBER] },
};

/**
 * The catalogue's entries for the functions HyperFormula has no documentation of: the old names
 * that are functions of their own here, BINOM.DIST.RANGE, and the old names HyperFormula aliases
 * to a new function whose parameters differ (BETADIST has no `cumulative`).
 */
export const PRECISE_BUILT_IN_INFO: ReadonlyMap<string, FunctionInfo> = new Map([
  [
    'BINOM.DIST.RANGE',
    pluginFunctionInfo(
      'BINOM.DIST.RANGE',
      'Statistical',
      'The probability of number_s (to number_s2) successes in trials',
      [
        ['trials', false],
        ['probability_s', false],
        ['number_s', false],
        ['number_s2', true],
      ],
    ),
  ],
  [
    'NEGBINOMDIST',
    pluginFunctionInfo(
      'NEGBINOMDIST',
      'Statistical',
      'The probability of number_f failures before the number_s-th success (NEGBINOM.DIST, not cumulative)',
      [
        ['number_f', false],
        ['number_s', false],
        ['probability_s', false],
      ],
    ),
  ],
  [
    'HYPGEOMDIST',
    pluginFunctionInfo(
      'HYPGEOMDIST',
      'Statistical',
      'The probability of sample_s successes in a sample drawn from a population (HYPGEOM.DIST, not cumulative)',
      [
        ['sample_s', false],
        ['number_sample', false],
        ['population_s', false],
        ['number_pop', false],
      ],
    ),
  ],
  [
    'BETADIST',
    pluginFunctionInfo(
      'BETADIST',
      'Compatibility',
      'The cumulative beta distribution of x between A and B (BETA.DIST, cumulative)',
      [
        ['x', false],
        ['alpha', false],
        ['beta', false],
        ['A', true],
        ['B', true],
      ],
    ),
  ],
  [
    'LOGNORMDIST',
    pluginFunctionInfo(
      'LOGNORMDIST',
      'Compatibility',
      'The cumulative lognormal distribution of x (LOGNORM.DIST, cumulative)',
      [
        ['x', false],
        ['mean', false],
        ['standard_dev', false],
      ],
    ),
  ],
]);
