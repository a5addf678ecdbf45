// Precise numerics for Excel's distribution functions: the log-gamma function, the regularized
// incomplete beta function (continued fraction by the modified Lentz method) and Student's t
// distribution with its inverse (Newton's method from a bracketing bisection). HyperFormula's own
// (jStat's) are good to about 1e-8, while Excel's agree to about 15 digits. A plugin registered
// after HyperFormula's own replaces its T, F and beta distribution functions with these, and its
// normal and lognormal ones with normal-distribution.ts's.
import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { refusedLogical } from './analysis-toolpak-logicals.js';
import { translateFunctionNames } from './engine-internals.js';
import { normalCdf, normalDensity, normalInverse } from './normal-distribution.js';

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms: about 15 digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln B(a, b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

const TINY = 1e-300;
const EPSILON = 1e-16;

/** The continued fraction of I_x(a, b) (Numerical Recipes' betacf, modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h;
}

/**
 * The regularized incomplete beta function I_x(a, b) and its complement 1 − I_x(a, b), each
 * computed directly (no cancellation in either tail).
 */
export function incompleteBeta(x: number, a: number, b: number): { lower: number; upper: number } {
  if (x <= 0) return { lower: 0, upper: 1 };
  if (x >= 1) return { lower: 1, upper: 0 };
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) {
    const lower = (front * betaFraction(x, a, b)) / a;
    return { lower, upper: 1 - lower };
  }
  const upper = (front * betaFraction(1 - x, b, a)) / b;
  return { lower: 1 - upper, upper };
}

/** P(T > t) for Student's t with df degrees of freedom (df > 0). */
export function studentUpper(t: number, df: number): number {
  if (t === 0) return 0.5;
  const square = t * t;
  // P(|T| > |t|) = I_x(df/2, 1/2) with x = df/(df + t²); for small t, x is near 1 and loses
  // digits, so the complement I_{1−x}(1/2, df/2) is computed from 1 − x = t²/(df + t²) instead.
  const both =
    square < df
      ? incompleteBeta(square / (df + square), 0.5, df / 2).upper
      : incompleteBeta(df / (df + square), df / 2, 0.5).lower;
  return t > 0 ? both / 2 : 1 - both / 2;
}

/** P(T ≤ t). */
export function studentCdf(t: number, df: number): number {
  return t > 0 ? 1 - studentUpper(t, df) : studentUpper(-t, df);
}

/** Student's t density. */
export function studentDensity(t: number, df: number): number {
  return Math.exp(
    logGamma((df + 1) / 2) -
      logGamma(df / 2) -
      0.5 * Math.log(df * Math.PI) -
      ((df + 1) / 2) * Math.log1p((t * t) / df),
  );
}

/**
 * The x in (low, high) where the decreasing function `tail` equals `target` (bisection until the
 * bracket is narrow, then Newton's method with `slope` = −tail′, kept inside the bracket).
 */
export function solveDecreasing(
  tail: (x: number) => number,
  slope: (x: number) => number,
  target: number,
  low: number,
  high: number,
): number {
  let x = (low + high) / 2;
  for (let i = 0; i < 200; i += 1) {
    x = (low + high) / 2;
    if (tail(x) > target) low = x;
    else high = x;
    if (high - low < 1e-3 * Math.max(Math.abs(x), 1e-300)) break;
  }
  for (let i = 0; i < 60; i += 1) {
    const density = slope(x);
    let next = density > 0 ? x + (tail(x) - target) / density : Number.NaN;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (tail(next) > target) low = next;
    else high = next;
    if (Math.abs(next - x) <= 1e-15 * Math.abs(next)) return next;
    x = next;
  }
  return x;
}

/** The t > 0 with P(T > t) = q, for 0 < q < 0.5. */
export function studentUpperInverse(q: number, df: number): number {
  if (q >= 0.5) return 0;
  let high = 1;
  while (studentUpper(high, df) > q && high < 1e300) high *= 2;
  return solveDecreasing(
    (t) => studentUpper(t, df),
    (t) => studentDensity(t, df),
    q,
    0,
    high,
  );
}

/** The t with P(T ≤ t) = p, for 0 < p < 1. */
export function studentInverse(p: number, df: number): number {
  if (p === 0.5) return 0;
  return p < 0.5 ? -studentUpperInverse(p, df) : studentUpperInverse(1 - p, df);
}

/** The beta density on (0, 1). */
export function betaDensity(x: number, a: number, b: number): number {
  return Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta(a, b));
}

/** The x in (0, 1) with I_x(a, b) = p (upper: with 1 − I_x(a, b) = p). */
export function betaInverse(p: number, a: number, b: number, upper = false): number {
  if (!upper && p > 0 && p < 0.5)
    // On the lower tail itself: 1 − p would round a tiny p away (BETA.INV(2.4e-30, 100, 1)).
    return solveDecreasing(
      (x) => -incompleteBeta(x, a, b).lower,
      (x) => betaDensity(x, a, b),
      -p,
      0,
      1,
    );
  const q = upper ? p : 1 - p;
  if (q <= 0) return 1;
  if (q >= 1) return 0;
  return solveDecreasing(
    (x) => incompleteBeta(x, a, b).upper,
    (x) => betaDensity(x, a, b),
    q,
    0,
    1,
  );
}

/** P(F ≤ x) and P(F > x) for the F distribution with d1 and d2 degrees of freedom. */
export function fisher(x: number, d1: number, d2: number): { lower: number; upper: number } {
  if (x <= 0) return { lower: 0, upper: 1 };
  const { lower, upper } = incompleteBeta(d2 / (d2 + d1 * x), d2 / 2, d1 / 2);
  return { lower: upper, upper: lower };
}

/** The F density. */
export function fisherDensity(x: number, d1: number, d2: number): number {
  if (x === 0) return d1 < 2 ? Number.POSITIVE_INFINITY : d1 === 2 ? 1 : 0;
  return Math.exp(
    (d1 / 2) * Math.log(d1 / d2) +
      (d1 / 2 - 1) * Math.log(x) -
      ((d1 + d2) / 2) * Math.log1p((d1 * x) / d2) -
      logBeta(d1 / 2, d2 / 2),
  );
}

/** The x with P(F > x) = q. */
export function fisherUpperInverse(q: number, d1: number, d2: number): number {
  // P(F > x) = I_y(d2/2, d1/2) with y = d2/(d2 + d1 x), increasing in y.
  const y = betaInverse(q, d2 / 2, d1 / 2);
  return (d2 * (1 - y)) / (d1 * y);
}

// ---- the plugin: HyperFormula's functions, with its argument rules, on these numerics ----------

type Numeric = number | CellError;

const numError = (): CellError => new CellError(ErrorType.NUM, 'outside the distribution’s domain');

/**
 * A built-in computed anew from its coerced arguments. `parameters` replaces HyperFormula's
 * argument metadata where its bounds answer before Excel would (an error in a later argument comes
 * first in Excel) or where the name is an old one HyperFormula only aliases; `refusesLogicals`
 * makes TRUE or FALSE #VALUE!, as the Analysis ToolPak's functions answer.
 */
export interface Replacement {
  readonly name: string;
  readonly compute: (...args: never[]) => Numeric;
  readonly parameters?: ImplementedFunctions[string]['parameters'];
  readonly refusesLogicals?: boolean;
}

/** Method name → the function it replaces and how it computes from the coerced arguments. */
const REPLACEMENTS: Record<string, Replacement> = {
  normDist: {
    name: 'NORM.DIST',
    compute: (x: number, mean: number, sd: number, cumulative: boolean) => {
      const z = (x - mean) / sd;
      return cumulative ? normalCdf(z) : normalDensity(z) / sd;
    },
  },
  normInv: {
    name: 'NORM.INV',
    compute: (p: number, mean: number, sd: number) => mean + sd * normalInverse(p),
  },
  normSDist: {
    name: 'NORM.S.DIST',
    compute: (z: number, cumulative: boolean) => (cumulative ? normalCdf(z) : normalDensity(z)),
  },
  normSInv: { name: 'NORM.S.INV', compute: (p: number) => normalInverse(p) },
  lognormDist: {
    name: 'LOGNORM.DIST',
    compute: (x: number, mean: number, sd: number, cumulative: boolean) => {
      const z = (Math.log(x) - mean) / sd;
      return cumulative ? normalCdf(z) : normalDensity(z) / (x * sd);
    },
  },
  lognormInv: {
    name: 'LOGNORM.INV',
    compute: (p: number, mean: number, sd: number) => Math.exp(mean + sd * normalInverse(p)),
  },
  tDist: {
    name: 'T.DIST',
    // No bound on df in the metadata: Excel's density at 0 degrees of freedom is #DIV/0!, its
    // cumulative distribution #NUM! (formulas/test.xlsx STATISTICAL!R102, W102).
    parameters: [
      { argumentType: FunctionArgumentType.NUMBER },
      { argumentType: FunctionArgumentType.NUMBER },
      { argumentType: FunctionArgumentType.BOOLEAN },
    ],
    compute: (x: number, df: number, cumulative: boolean) => {
      const degrees = Math.trunc(df);
      if (degrees === 0 && !cumulative)
        return new CellError(ErrorType.DIV_BY_ZERO, 'T.DIST needs df ≥ 1');
      if (degrees < 1) return numError();
      return cumulative ? studentCdf(x, degrees) : studentDensity(x, degrees);
    },
  },
  tDist2t: {
    name: 'T.DIST.2T',
    compute: (x: number, df: number) => 2 * studentUpper(x, Math.trunc(df)),
  },
  tDistRt: {
    name: 'T.DIST.RT',
    compute: (x: number, df: number) => studentUpper(x, Math.trunc(df)),
  },
  tDistOld: {
    name: 'TDIST',
    compute: (x: number, df: number, tails: number) => tails * studentUpper(x, Math.trunc(df)),
  },
  tInv: { name: 'T.INV', compute: (p: number, df: number) => studentInverse(p, Math.trunc(df)) },
  tInv2t: {
    name: 'T.INV.2T',
    compute: (p: number, df: number) => studentUpperInverse(p / 2, Math.trunc(df)),
  },
  confidenceT: {
    name: 'CONFIDENCE.T',
    compute: (alpha: number, sd: number, size: number) => {
      const n = Math.trunc(size);
      if (n === 1) return new CellError(ErrorType.DIV_BY_ZERO, 'CONFIDENCE.T needs two values');
      return (studentUpperInverse(alpha / 2, n - 1) * sd) / Math.sqrt(n);
    },
  },
  fDist: {
    name: 'F.DIST',
    compute: (x: number, d1: number, d2: number, cumulative: boolean) => {
      const [m, n] = [Math.trunc(d1), Math.trunc(d2)];
      return cumulative ? fisher(x, m, n).lower : fisherDensity(x, m, n);
    },
  },
  fDistRt: {
    name: 'F.DIST.RT',
    compute: (x: number, d1: number, d2: number) => fisher(x, Math.trunc(d1), Math.trunc(d2)).upper,
  },
  fInv: {
    name: 'F.INV',
    compute: (p: number, d1: number, d2: number) =>
      fisherUpperInverse(1 - p, Math.trunc(d1), Math.trunc(d2)),
  },
  fInvRt: {
    name: 'F.INV.RT',
    compute: (p: number, d1: number, d2: number) =>
      fisherUpperInverse(p, Math.trunc(d1), Math.trunc(d2)),
  },
  betaDist: {
    name: 'BETA.DIST',
    compute: (x: number, a: number, b: number, cumulative: boolean, low: number, high: number) => {
      if (x < low || x > high) return numError();
      const y = (x - low) / (high - low);
      if (cumulative) return incompleteBeta(y, a, b).lower;
      if (y === 0 || y === 1) return numError();
      return betaDensity(y, a, b) / (high - low);
    },
  },
  // Excel 2007's names, always cumulative: HyperFormula aliased them to BETA.DIST and
  // LOGNORM.DIST, which want the cumulative flag, so three arguments were #N/A (sheetjs
  // formula_stress_test.xlsx Statistical!B4, B38).
  betaDistOld: {
    name: 'BETADIST',
    parameters: [
      { argumentType: FunctionArgumentType.NUMBER },
      { argumentType: FunctionArgumentType.NUMBER, greaterThan: 0 },
      { argumentType: FunctionArgumentType.NUMBER, greaterThan: 0 },
      { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 },
      { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 },
    ],
    compute: (x: number, a: number, b: number, low: number, high: number) => {
      if (x < low || x > high || low >= high) return numError();
      return incompleteBeta((x - low) / (high - low), a, b).lower;
    },
  },
  lognormDistOld: {
    name: 'LOGNORMDIST',
    parameters: [
      { argumentType: FunctionArgumentType.NUMBER, greaterThan: 0 },
      { argumentType: FunctionArgumentType.NUMBER },
      { argumentType: FunctionArgumentType.NUMBER, greaterThan: 0 },
    ],
    compute: (x: number, mean: number, sd: number) => normalCdf((Math.log(x) - mean) / sd),
  },
  betaInv: {
    name: 'BETA.INV',
    compute: (p: number, a: number, b: number, low: number, high: number) => {
      // A probability of 1 is #NUM! as well (ironcalc STATISTICAL--BETADIST_BETAINV.xlsx H8, H69).
      if (low >= high || p >= 1) return numError();
      return betaInverse(p, a, b) * (high - low) + low;
    },
  },
};

interface PluginClass {
  implementedFunctions: ImplementedFunctions;
  aliases?: Record<string, string>;
}

/** HyperFormula's metadata of a built-in function (its argument types and bounds). */
function builtInMetadata(name: string): ImplementedFunctions[string] {
  for (const plugin of HyperFormula.getAllFunctionPlugins() as unknown as PluginClass[]) {
    const metadata = plugin.implementedFunctions[name];
    if (metadata !== undefined) return metadata;
  }
  throw new Error(`HyperFormula no longer has ${name}: excel-distributions.ts needs updating`);
}

class PreciseDistributions extends FunctionPlugin {}

/**
 * The plugin class (stateless, shared by every engine), registered after HyperFormula's own so
 * its functions take their place; arguments keep HyperFormula's types, bounds and coercions.
 */
export function preciseDistributionsPlugin(
  more: Readonly<Record<string, Replacement>> = {},
): FunctionPluginDefinition {
  const implemented: ImplementedFunctions = {};
  for (const [method, replacement] of Object.entries({ ...REPLACEMENTS, ...more })) {
    const { name, compute, parameters, refusesLogicals } = replacement;
    const metadata = parameters === undefined ? builtInMetadata(name) : { method, parameters };
    implemented[name] = { ...metadata, method };
    (PreciseDistributions.prototype as unknown as Record<string, unknown>)[method] = function (
      this: FunctionPlugin,
      ast: { args: unknown[] },
      state: unknown,
    ) {
      const self = this as unknown as {
        runFunction: (a: unknown, s: unknown, m: unknown, f: (...v: never[]) => unknown) => unknown;
        metadata: (name: string) => unknown;
      };
      const refused = refusesLogicals === true ? refusedLogical(this, ast, state) : undefined;
      if (refused !== undefined) return refused;
      return self.runFunction(ast.args, state, self.metadata(name), (...args: never[]) => {
        const value = compute(...args);
        return typeof value === 'number' && !Number.isFinite(value) ? numError() : value;
      });
    };
  }
  (PreciseDistributions as unknown as PluginClass).implementedFunctions = implemented;
  // Names HyperFormula never had (BINOM.DIST.RANGE) must be known to its language.
  translateFunctionNames(Object.keys(implemented));
  // HyperFormula's older names of these functions (TINV …) follow them here.
  const builtInAliases = (HyperFormula.getAllFunctionPlugins() as unknown as PluginClass[]).flatMap(
    (plugin) => Object.entries(plugin.aliases ?? {}),
  );
  (PreciseDistributions as unknown as PluginClass).aliases = Object.fromEntries(
    builtInAliases.filter(
      ([alias, target]) => implemented[target] !== undefined && implemented[alias] === undefined,
    ),
  );
  return PreciseDistributions as unknown as FunctionPluginDefinition;
}
