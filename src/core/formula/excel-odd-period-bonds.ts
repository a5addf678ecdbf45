// Securities with an odd first or last coupon period, which HyperFormula 3.5 lacks: ODDFPRICE,
// ODDFYIELD, ODDLPRICE and ODDLYIELD, by the formulas on Microsoft's function pages. An odd period
// is cut into quasi-coupon periods (12/frequency months, stepped from first_coupon back to issue,
// or from last_interest on to maturity); each counts its days over its normal length, and a whole
// quasi-coupon period counts 1. The normal length (E, NL) is 360/frequency for the 30/360 bases
// (0, 4), 365/frequency for basis 3 and the period's actual days for basis 1 in the odd first
// period, where basis 2 counts 360/frequency; in the odd last period bases 1, 2 and 3 all count
// a quasi-coupon period's actual days (Excel's cached results: ironcalc FINANCIAL--PRICE_YIELD.xlsx).
// ODDFYIELD solves ODDFPRICE for the yield (Newton's method, bisection when it strays); ODDLYIELD
// has Microsoft's closed form.
import { numberArg, numError } from './excel-arguments.js';
import {
  addMonths,
  basisArg,
  basisDays,
  dateArg,
  frequencyArg,
  isMonthEnd,
  type Basis,
  type Day,
} from './excel-financial-functions.js';
import type { CustomFunction, FunctionArguments } from './function-registry.js';

/** The figures of Microsoft's ODDFPRICE formula (long and short first periods alike). */
interface OddFirstTerms {
  readonly coupon: number;
  readonly redemption: number;
  readonly frequency: number;
  /** Regular coupons after first_coupon up to maturity. */
  readonly regular: number;
  /** Whole quasi-coupon periods between settlement and first_coupon (Nq). */
  readonly wholePeriods: number;
  /** Days from settlement to the next quasi-coupon date over that period's length (DSC/E). */
  readonly toNext: number;
  /** Σ DC/NL: the odd first coupon as a share of a regular one. */
  readonly oddCoupon: number;
  /** Σ A/NL: the accrued share at settlement. */
  readonly accrued: number;
}

/** A quasi-coupon period's normal length; `oddLast` counts actual days for bases 1–3. */
function normalLength(start: Day, end: Day, basis: Basis, frequency: number, oddLast: boolean) {
  if (basis === 1 || (oddLast && (basis === 2 || basis === 3))) return end.serial - start.serial;
  return (basis === 3 ? 365 : 360) / frequency;
}

/** Days of a quasi-coupon period from `from` to `to` over its normal length (1 when whole). */
function share(from: Day, to: Day, start: Day, end: Day, length: number, basis: Basis): number {
  if (from.serial === start.serial && to.serial === end.serial) return 1;
  return basisDays(from, to, basis) / length;
}

function oddFirstTerms(name: string, args: FunctionArguments): OddFirstTerms {
  const settlement = dateArg(name, args, 0);
  const maturity = dateArg(name, args, 1);
  const issue = dateArg(name, args, 2);
  const first = dateArg(name, args, 3);
  const rate = numberArg(name, args, 4);
  numberArg(name, args, 5);
  const redemption = numberArg(name, args, 6);
  const frequency = frequencyArg(args, 7, name);
  const basis = basisArg(name, args, 8);
  const ordered =
    maturity.serial > first.serial &&
    first.serial > settlement.serial &&
    settlement.serial > issue.serial;
  if (!ordered) throw numError(`${name}: needs maturity > first_coupon > settlement > issue`);
  if (rate < 0) throw numError(`${name}: rate must not be negative`);
  if (redemption <= 0) throw numError(`${name}: redemption must be above 0`);
  const months = 12 / frequency;
  const monthEnd = isMonthEnd(first);
  let regular = 0;
  while (addMonths(first, months * (regular + 1), monthEnd).serial <= maturity.serial) regular += 1;
  let oddCoupon = 0;
  let accrued = 0;
  let wholePeriods = 0;
  let toNext = 0;
  for (let back = 1; ; back += 1) {
    const start = addMonths(first, -months * back, monthEnd);
    const end = back === 1 ? first : addMonths(first, -months * (back - 1), monthEnd);
    const length = normalLength(start, end, basis, frequency, false);
    const from = issue.serial > start.serial ? issue : start;
    oddCoupon += share(from, end, start, end, length, basis);
    if (settlement.serial > from.serial) {
      const to = settlement.serial < end.serial ? settlement : end;
      accrued += share(from, to, start, end, length, basis);
    }
    if (start.serial <= settlement.serial && settlement.serial < end.serial) {
      wholePeriods = back - 1;
      toNext = basisDays(settlement, end, basis) / length;
    }
    if (start.serial <= issue.serial) break;
  }
  return {
    coupon: (100 * rate) / frequency,
    redemption,
    frequency,
    regular,
    wholePeriods,
    toNext,
    oddCoupon,
    accrued,
  };
}

/** Microsoft's ODDFPRICE at yield `yld`. */
function oddFirstPrice(terms: OddFirstTerms, yld: number): number {
  const { coupon, redemption, regular, wholePeriods, toNext } = terms;
  const base = 1 + yld / terms.frequency;
  const lead = wholePeriods + toNext;
  let price = redemption / base ** (regular + lead) + (coupon * terms.oddCoupon) / base ** lead;
  for (let k = 1; k <= regular; k += 1) price += coupon / base ** (k + lead);
  return price - coupon * terms.accrued;
}

/**
 * The yield at which oddFirstPrice is `price`: Newton's method from the coupon rate (the price
 * falls as the yield rises, so a root is unique), bisection over a bracket when Newton strays.
 */
function oddFirstYield(terms: OddFirstTerms, price: number): number {
  const gap = (yld: number): number => oddFirstPrice(terms, yld) - price;
  const floor = -terms.frequency;
  let yld = (terms.coupon * terms.frequency) / 100;
  for (let step = 0; step < 100; step += 1) {
    const value = gap(yld);
    if (Math.abs(value) < 1e-12 * Math.max(1, price)) return yld;
    const h = Math.max(1e-8, Math.abs(yld) * 1e-8);
    const slope = (gap(yld + h) - gap(yld - h)) / (2 * h);
    const next = yld - value / slope;
    if (!Number.isFinite(next) || next <= floor) break;
    if (Math.abs(next - yld) < 1e-15) return next;
    yld = next;
  }
  // Bisection: gap falls from +∞ near the floor as the yield rises.
  let low = floor + 1e-9;
  let high = 1;
  while (gap(high) > 0) {
    high *= 2;
    if (high > 1e10) throw numError('ODDFYIELD: no yield gives this price');
  }
  if (!(gap(low) > 0)) throw numError('ODDFYIELD: no yield gives this price');
  for (let step = 0; step < 200 && high - low > 1e-16; step += 1) {
    const middle = (low + high) / 2;
    if (gap(middle) > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The sums of Microsoft's ODDLPRICE and ODDLYIELD formulas. */
interface OddLastTerms {
  readonly coupon: number;
  readonly redemption: number;
  readonly frequency: number;
  /** Σ DC/NL: the odd last coupon as a share of a regular one. */
  readonly oddCoupon: number;
  /** Σ A/NL: the accrued share at settlement. */
  readonly accrued: number;
  /** Σ DSC/NL: periods from settlement to maturity. */
  readonly remaining: number;
}

function oddLastTerms(name: string, args: FunctionArguments): OddLastTerms {
  const settlement = dateArg(name, args, 0);
  const maturity = dateArg(name, args, 1);
  const last = dateArg(name, args, 2);
  const rate = numberArg(name, args, 3);
  numberArg(name, args, 4);
  const redemption = numberArg(name, args, 5);
  const frequency = frequencyArg(args, 6, name);
  const basis = basisArg(name, args, 7);
  if (!(maturity.serial > settlement.serial && settlement.serial > last.serial))
    throw numError(`${name}: needs maturity > settlement > last_interest`);
  if (rate < 0) throw numError(`${name}: rate must not be negative`);
  if (redemption <= 0) throw numError(`${name}: redemption must be above 0`);
  const months = 12 / frequency;
  const monthEnd = isMonthEnd(last);
  let oddCoupon = 0;
  let accrued = 0;
  let remaining = 0;
  for (let index = 1; ; index += 1) {
    const start = index === 1 ? last : addMonths(last, months * (index - 1), monthEnd);
    const end = addMonths(last, months * index, monthEnd);
    const length = normalLength(start, end, basis, frequency, true);
    const to = maturity.serial < end.serial ? maturity : end;
    oddCoupon += share(start, to, start, end, length, basis);
    if (settlement.serial > start.serial) {
      const until = settlement.serial < to.serial ? settlement : to;
      accrued += share(start, until, start, end, length, basis);
    }
    if (to.serial > settlement.serial) {
      const from = settlement.serial > start.serial ? settlement : start;
      remaining += share(from, to, start, end, length, basis);
    }
    if (end.serial >= maturity.serial) break;
  }
  return { coupon: (100 * rate) / frequency, redemption, frequency, oddCoupon, accrued, remaining };
}

const oddfprice: CustomFunction = {
  name: 'ODDFPRICE',
  minArgs: 8,
  maxArgs: 9,
  category: 'Financial',
  parameters: [
    'settlement',
    'maturity',
    'issue',
    'first_coupon',
    'rate',
    'yld',
    'redemption',
    'frequency',
    'basis',
  ],
  description:
    'ODDFPRICE(settlement, maturity, issue, first_coupon, rate, yld, redemption, frequency, [basis=0]): price per 100 face value of a security with an odd (short or long) first period',
  evaluate: (args) => {
    const terms = oddFirstTerms('ODDFPRICE', args);
    const yld = numberArg('ODDFPRICE', args, 5);
    if (yld < 0) return numError('ODDFPRICE: yld must not be negative');
    return oddFirstPrice(terms, yld);
  },
};

const oddfyield: CustomFunction = {
  name: 'ODDFYIELD',
  minArgs: 8,
  maxArgs: 9,
  category: 'Financial',
  parameters: [
    'settlement',
    'maturity',
    'issue',
    'first_coupon',
    'rate',
    'pr',
    'redemption',
    'frequency',
    'basis',
  ],
  description:
    'ODDFYIELD(settlement, maturity, issue, first_coupon, rate, pr, redemption, frequency, [basis=0]): yield of a security with an odd (short or long) first period',
  evaluate: (args) => {
    const terms = oddFirstTerms('ODDFYIELD', args);
    const pr = numberArg('ODDFYIELD', args, 5);
    if (pr <= 0) return numError('ODDFYIELD: pr must be above 0');
    return oddFirstYield(terms, pr);
  },
};

const oddlprice: CustomFunction = {
  name: 'ODDLPRICE',
  minArgs: 7,
  maxArgs: 8,
  category: 'Financial',
  parameters: [
    'settlement',
    'maturity',
    'last_interest',
    'rate',
    'yld',
    'redemption',
    'frequency',
    'basis',
  ],
  description:
    'ODDLPRICE(settlement, maturity, last_interest, rate, yld, redemption, frequency, [basis=0]): price per 100 face value of a security with an odd last period',
  evaluate: (args) => {
    const terms = oddLastTerms('ODDLPRICE', args);
    const yld = numberArg('ODDLPRICE', args, 4);
    if (yld < 0) return numError('ODDLPRICE: yld must not be negative');
    const { coupon, redemption, frequency } = terms;
    return (
      (redemption + coupon * terms.oddCoupon) / (1 + (terms.remaining * yld) / frequency) -
      coupon * terms.accrued
    );
  },
};

const oddlyield: CustomFunction = {
  name: 'ODDLYIELD',
  minArgs: 7,
  maxArgs: 8,
  category: 'Financial',
  parameters: [
    'settlement',
    'maturity',
    'last_interest',
    'rate',
    'pr',
    'redemption',
    'frequency',
    'basis',
  ],
  description:
    'ODDLYIELD(settlement, maturity, last_interest, rate, pr, redemption, frequency, [basis=0]): yield of a security with an odd last period',
  evaluate: (args) => {
    const terms = oddLastTerms('ODDLYIELD', args);
    const pr = numberArg('ODDLYIELD', args, 4);
    if (pr <= 0) return numError('ODDLYIELD: pr must be above 0');
    const { coupon, redemption, frequency } = terms;
    const paid = pr + coupon * terms.accrued;
    const received = redemption + coupon * terms.oddCoupon;
    return ((received - paid) / paid) * (frequency / terms.remaining);
  },
};

export const ODD_PERIOD_BOND_FUNCTIONS: readonly CustomFunction[] = [
  oddfprice,
  oddfyield,
  oddlprice,
  oddlyield,
];
