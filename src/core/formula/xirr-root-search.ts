// XIRR's root search as Excel's cached results show it. Excel does not run Newton's method from
// the guess: every answer in the corpus (ironcalc FINANCIAL--XIRR.xlsx, formulas test.xlsx
// FINANCIAL rows 54–55, sheetjs formula_stress_test.xlsx) is exactly a midpoint of a bisection of
// one of these brackets, 1e-9 to 2e-8 from the root:
// - the root above the guess: the guess doubled until the value changes sign, [x, 2x]
//   (guess 0.1, roots 0.6 to 5.3: [0.4, 0.8] … [3.2, 6.4]);
// - the root below a positive guess and above 0: the guess halved, [x/2, x] (guesses 1 and 4
//   give the same answer, from [0.5, 1]);
// - the root below 0 (guess 0.1): [-1, -guess];
// - a negative guess with the root above it doubles away from it and finds nothing (#NUM!).
// Bisection stops once the bracket is within 2e-8 of its larger end (25 halvings of [x, 2x],
// 26 of [-1, -0.1]) and the value is within 1e-8 of the flows' discounted size (near -1, where the
// value is steep, Excel halves a few more times). Brackets the corpus does not show (a guess of 0,
// a root between -guess and 0) are left to Newton's method, which the caller keeps.

/** The net present value at a rate, and the sum of the flows' discounted sizes. */
export interface DatedValue {
  readonly value: number;
  readonly size: number;
}

export type ValueAt = (rate: number) => DatedValue | undefined;

interface Bracket {
  readonly low: number;
  readonly high: number;
}

const WIDTH_TOLERANCE = 2e-8;
const VALUE_TOLERANCE = 1e-8;
const MAX_STEPS = 100;

/** The bracket the search finds; 'none' when Excel's search fails; undefined when unknown. */
type Search = Bracket | 'none' | undefined;

function signChanges(a: number, b: number): boolean {
  return Math.sign(a) !== Math.sign(b);
}

/** From the guess, doubling (upwards) or halving (towards 0) until the value changes sign. */
function scaleSearch(valueAt: ValueAt, guess: number, start: number, factor: number): Search {
  let rate = guess;
  let value = start;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const next = rate * factor;
    if (next <= -1) return 'none';
    const at = valueAt(next);
    if (at === undefined) return 'none';
    if (signChanges(value, at.value))
      return { low: Math.min(rate, next), high: Math.max(rate, next) };
    rate = next;
    value = at.value;
  }
  return 'none';
}

function bracketFrom(valueAt: ValueAt, guess: number, slope: number): Search {
  const start = valueAt(guess);
  if (guess === 0 || start === undefined || slope === 0) return undefined;
  const rootAbove = start.value / slope < 0;
  if (rootAbove) return scaleSearch(valueAt, guess, start.value, 2);
  if (guess < 0) return undefined;
  const atZero = valueAt(0);
  if (atZero === undefined) return undefined;
  if (signChanges(start.value, atZero.value)) return scaleSearch(valueAt, guess, start.value, 0.5);
  const mirrored = valueAt(-guess);
  if (guess >= 1 || mirrored === undefined || signChanges(mirrored.value, atZero.value))
    return undefined;
  return { low: -1, high: -guess };
}

/** Bisection of `bracket` to Excel's tolerances; undefined when it does not settle. */
function bisect(valueAt: ValueAt, { low, high }: Bracket): number | undefined {
  const atHigh = valueAt(high);
  if (atHigh === undefined) return undefined;
  const scale = Math.max(Math.abs(low), Math.abs(high));
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const middle = high - (high - low) / 2;
    const at = valueAt(middle);
    if (at === undefined) return undefined;
    const narrow = high - low <= WIDTH_TOLERANCE * scale;
    if (at.value === 0 || (narrow && Math.abs(at.value) <= VALUE_TOLERANCE * at.size))
      return middle;
    if (signChanges(at.value, atHigh.value)) low = middle;
    else high = middle;
  }
  return undefined;
}

/**
 * XIRR's rate by Excel's bracket and bisection: a number, 'none' when Excel answers #NUM!, or
 * undefined when the corpus shows no bracket for this guess and the caller should iterate.
 * `slope` is the value's derivative at the guess (which way the root lies).
 */
export function excelXirrSearch(
  valueAt: ValueAt,
  guess: number,
  slope: number,
): number | 'none' | undefined {
  const bracket = bracketFrom(valueAt, guess, slope);
  if (bracket === undefined || bracket === 'none') return bracket;
  return bisect(valueAt, bracket) ?? 'none';
}
