// The normal distribution to Excel's precision in its tails. HyperFormula's (jStat's) cumulative
// distribution flushes to 0 below about z = -8 (NORM.S.DIST(-10, TRUE) answered 0 where Excel
// has 7.6e-24) and its inverse drifts there (NORM.S.INV(7.6e-24) answered -9.89, not -10), so the
// inverse of a small probability read from the distribution was #NUM! (ironcalc
// STATISTICAL--NORM_DIST.xlsx D19, F58; STATISTICAL--LOGNORM.xlsx F17, F18). The cumulative
// distribution comes from erfc; the inverse starts from Wichura's algorithm AS 241 (PPND16) and
// is polished by Newton's method on that distribution.
import { erfc } from './excel-math-functions.js';

/** Φ(z), the standard normal cumulative distribution, to about 15 digits in both tails. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** φ(z), the standard normal density. */
export function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

function polynomial(x: number, coefficients: readonly number[]): number {
  let value = 0;
  for (let index = coefficients.length - 1; index >= 0; index -= 1)
    value = value * x + coefficients[index]!;
  return value;
}

// AS 241's rational approximations: the centre (|p − ½| ≤ 0.425), then the tails by r = √−ln p.
const CENTRE_TOP = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125,
  45921.953931549871457, 67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
];
const CENTRE_BOTTOM = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867,
  39307.89580009271061, 28729.085735721942674, 5226.495278852854561,
];
const NEAR_TOP = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504,
  1.27045825245236838258, 0.24178072517745061177, 0.0227238449892691845833,
  7.7454501427834140764e-4,
];
const NEAR_BOTTOM = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459,
  0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const FAR_TOP = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123,
  0.026532189526576123093, 0.0012426609473880784386, 2.71155556874348757815e-5,
  2.01033439929228813265e-7,
];
const FAR_BOTTOM = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
  7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
  2.04426310338993978564e-15,
];

/** AS 241 for 0 < p ≤ ½ (about 16 digits already). */
function lowerStart(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(r, CENTRE_TOP)) / polynomial(r, CENTRE_BOTTOM);
  }
  let r = Math.sqrt(-Math.log(p));
  if (r <= 5) {
    r -= 1.6;
    return -polynomial(r, NEAR_TOP) / polynomial(r, NEAR_BOTTOM);
  }
  r -= 5;
  return -polynomial(r, FAR_TOP) / polynomial(r, FAR_BOTTOM);
}

/** The z with Φ(z) = p, 0 < p ≤ ½: the start polished by Newton steps on Φ. */
function lowerInverse(p: number): number {
  let z = lowerStart(p);
  for (let step = 0; step < 3; step += 1) {
    const density = normalDensity(z);
    if (density === 0) break;
    const next = z - (normalCdf(z) - p) / density;
    if (!Number.isFinite(next) || next === z) break;
    z = next;
  }
  return z;
}

/** Φ⁻¹(p) for 0 < p < 1 (NaN outside); the upper half by symmetry, as 1 − p is exact there. */
export function normalInverse(p: number): number {
  if (!(p > 0 && p < 1)) return Number.NaN;
  return p <= 0.5 ? lowerInverse(p) : -lowerInverse(1 - p);
}
