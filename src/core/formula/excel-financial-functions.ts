// Excel financial functions HyperFormula 3.5 lacks: ACCRINT, ACCRINTM, PRICE, YIELD and the
// coupon functions (COUPDAYBS, COUPDAYS, COUPDAYSNC, COUPNCD, COUPNUM, COUPPCD), with Excel's
// documented day-count bases (0 US 30/360, 1 actual/actual, 2 actual/360, 3 actual/365, 4 European 30/360) and
// ACCRINT's count of coupons as Excel computes it (see accruedCoupons). Coupon dates step back
// from maturity by 12/frequency months, kept at month ends when maturity is one.
import { booleanArg, integerArg, numberArg, numError } from './excel-arguments.js';
import type { CustomFunction, FunctionArguments } from './function-registry.js';

/** Excel's serial day 0 is 1899-12-30 (serials after 1900-02-28 line up with the calendar). */
const EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

export interface Day {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  readonly serial: number;
}

export function dayOf(serial: number): Day {
  const date = new Date(EPOCH_MS + serial * DAY_MS);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    serial,
  };
}

function serialOf(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month - 1, day) - EPOCH_MS) / DAY_MS);
}

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

const isLeapYear = (year: number): boolean => daysInMonth(year, 2) === 29;

export const isMonthEnd = (date: Day): boolean => date.day === daysInMonth(date.year, date.month);

const isLastOfFebruary = (date: Day): boolean => date.month === 2 && isMonthEnd(date);

/** `date` moved by whole months; with `monthEnd` the result is the last day of its month. */
export function addMonths(date: Day, months: number, monthEnd: boolean): Day {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = daysInMonth(year, month);
  return dayOf(serialOf(year, month, monthEnd ? last : Math.min(date.day, last)));
}

export type Basis = 0 | 1 | 2 | 3 | 4;

export function basisArg(name: string, args: FunctionArguments, index: number) {
  const basis = integerArg(name, args, index, 0);
  if (basis < 0 || basis > 4) throw numError(`${name}: basis must be 0, 1, 2, 3 or 4`);
  return basis as Basis;
}

/** Days from `start` to `end` as the basis counts them (30-day months for 0 and 4). */
export function basisDays(start: Day, end: Day, basis: Basis): number {
  if (basis === 1 || basis === 2 || basis === 3) return end.serial - start.serial;
  let startDay = start.day;
  let endDay = end.day;
  if (basis === 0) {
    // US (NASD) 30/360, with its end-of-February rules.
    if (isLastOfFebruary(start) && isLastOfFebruary(end)) endDay = 30;
    if (isLastOfFebruary(start)) startDay = 30;
    if (endDay === 31 && startDay >= 30) endDay = 30;
    if (startDay === 31) startDay = 30;
  } else {
    if (startDay === 31) startDay = 30;
    if (endDay === 31) endDay = 30;
  }
  return (end.year - start.year) * 360 + (end.month - start.month) * 30 + (endDay - startDay);
}

/** The length of the year the basis divides by (basis 1: 366 when a 29 February is in reach). */
export function yearLength(start: Day, end: Day, basis: Basis): number {
  if (basis === 3) return 365;
  if (basis !== 1) return 360;
  const withinAYear =
    end.year === start.year ||
    (end.year === start.year + 1 &&
      (end.month < start.month || (end.month === start.month && end.day <= start.day)));
  if (withinAYear) {
    if (start.year === end.year) return isLeapYear(start.year) ? 366 : 365;
    // A 29 February between the two dates makes it a leap year's length.
    const feb29 = (year: number): number | undefined =>
      isLeapYear(year) ? serialOf(year, 2, 29) : undefined;
    const leapDays = [feb29(start.year), feb29(end.year)].filter(
      (serial) => serial !== undefined && serial >= start.serial && serial <= end.serial,
    );
    return leapDays.length > 0 ? 366 : 365;
  }
  // Over more than a year: the average length of the calendar years it touches.
  let total = 0;
  for (let year = start.year; year <= end.year; year += 1) total += isLeapYear(year) ? 366 : 365;
  return total / (end.year - start.year + 1);
}

export function dateArg(name: string, args: FunctionArguments, index: number) {
  const serial = Math.trunc(numberArg(name, args, index));
  if (serial < 0) throw numError(`${name}: argument ${index + 1} is not a valid date`);
  return dayOf(serial);
}

/**
 * #NUM! unless settlement comes before maturity, as every bond and security function of Excel
 * answers; callers check it once all their arguments are read, so an argument's own error wins.
 */
export function requireSettlementBeforeMaturity(
  name: string,
  settlement: Day,
  maturity: Day,
): void {
  if (settlement.serial >= maturity.serial)
    throw numError(`${name}: settlement must be before maturity`);
}

export function frequencyArg(args: FunctionArguments, index: number, name = 'ACCRINT'): number {
  const frequency = integerArg(name, args, index);
  if (![1, 2, 4].includes(frequency))
    throw numError(`${name}: frequency must be 1 (annual), 2 (semiannual) or 4 (quarterly)`);
  return frequency;
}

/**
 * US 30/360 as Excel's ACCRINT counts a coupon period's normal length: both ends moved to the
 * 30th (31st and end of February alike), where basisDays moves the end only after a 30th/31st.
 */
function days360BothEnds(start: Day, end: Day): number {
  const startDay = isLastOfFebruary(start) || start.day === 31 ? 30 : start.day;
  const endDay = isLastOfFebruary(end) || end.day === 31 ? 30 : end.day;
  return (end.year - start.year) * 360 + (end.month - start.month) * 30 + (endDay - startDay);
}

/** Days from `start` to `end` as a coupon period's length (the fraction's denominator). */
function periodLength(start: Day, end: Day, basis: Basis, frequency: number): number {
  if (basis === 0) return days360BothEnds(start, end);
  if (basis === 2) return basisDays(start, end, 0);
  if (basis === 3) return 365 / frequency;
  return basisDays(start, end, basis);
}

/**
 * ACCRINT's count of coupons from issue to settlement (calc_method TRUE) or from first_interest
 * (FALSE), as Excel computes it (its results, not only its documentation, in the conformance
 * corpus): coupon dates step by 12/frequency months from first_interest (kept at month ends when
 * it is one), each step from the one before. The period ending at the last coupon date before
 * settlement counts the days to settlement over the normal length of first_interest's own
 * period; every whole period before it counts 1 (0 with calc_method FALSE, whose result is
 * negative when settlement is before first_interest); the period holding the issue date counts
 * its days from issue over its own length.
 */
function accruedCoupons(
  issue: Day,
  settlement: Day,
  firstInterest: Day,
  frequency: number,
  basis: Basis,
  fromIssue: boolean,
): number {
  const months = 12 / frequency;
  const monthEnd = isMonthEnd(firstInterest);
  const regularStart = addMonths(firstInterest, -months, monthEnd);
  let previous = regularStart;
  if (fromIssue && settlement.serial > firstInterest.serial) {
    previous = firstInterest;
    for (let next = firstInterest; next.serial < settlement.serial;) {
      previous = next;
      next = addMonths(next, months, monthEnd);
    }
  }
  const accrualStart = issue.serial > previous.serial ? issue : previous;
  const normal =
    basis === 1
      ? firstInterest.serial - regularStart.serial
      : (basis === 3 ? 365 : 360) / frequency;
  let total = basisDays(accrualStart, settlement, basis) / normal;
  for (let end = previous; end.serial > issue.serial;) {
    const start = addMonths(end, -months, monthEnd);
    if (issue.serial <= start.serial) total += fromIssue ? 1 : 0;
    else total += basisDays(issue, end, basis) / periodLength(start, end, basis, frequency);
    end = start;
  }
  return total;
}

const accrint: CustomFunction = {
  name: 'ACCRINT',
  minArgs: 6,
  maxArgs: 8,
  description:
    'ACCRINT(issue, first_interest, settlement, rate, par, frequency, [basis=0], [calc_method=TRUE]): accrued interest of a security paying periodic interest (calc_method FALSE: from first_interest when settlement is after it)',
  evaluate: (args) => {
    const issue = dateArg('ACCRINT', args, 0);
    const firstInterest = dateArg('ACCRINT', args, 1);
    const settlement = dateArg('ACCRINT', args, 2);
    const rate = numberArg('ACCRINT', args, 3);
    const par = numberArg('ACCRINT', args, 4, 1000);
    const frequency = frequencyArg(args, 5);
    const basis = basisArg('ACCRINT', args, 6);
    const fromIssue = booleanArg('ACCRINT', args, 7, true);
    if (rate <= 0) return numError('ACCRINT: rate must be above 0');
    if (par <= 0) return numError('ACCRINT: par must be above 0');
    if (issue.serial >= settlement.serial)
      return numError('ACCRINT: issue must be before settlement');
    const coupons = accruedCoupons(issue, settlement, firstInterest, frequency, basis, fromIssue);
    return ((par * rate) / frequency) * coupons;
  },
};

const accrintm: CustomFunction = {
  name: 'ACCRINTM',
  minArgs: 3,
  maxArgs: 5,
  description:
    'ACCRINTM(issue, settlement, rate, [par=1000], [basis=0]): accrued interest of a security paying interest at maturity',
  evaluate: (args) => {
    const issue = dateArg('ACCRINTM', args, 0);
    const settlement = dateArg('ACCRINTM', args, 1);
    const rate = numberArg('ACCRINTM', args, 2);
    const par = numberArg('ACCRINTM', args, 3, 1000);
    const basis = basisArg('ACCRINTM', args, 4);
    if (rate <= 0) return numError('ACCRINTM: rate must be above 0');
    if (par <= 0) return numError('ACCRINTM: par must be above 0');
    if (issue.serial >= settlement.serial)
      return numError('ACCRINTM: issue must be before settlement');
    return (
      (par * rate * basisDays(issue, settlement, basis)) / yearLength(issue, settlement, basis)
    );
  },
};

export interface CouponPeriod {
  /** The coupon date on or before settlement. */
  readonly previous: Day;
  /** The coupon date after settlement. */
  readonly next: Day;
  /** Coupons payable after settlement up to maturity. */
  readonly remaining: number;
}

export function couponPeriod(settlement: Day, maturity: Day, frequency: number): CouponPeriod {
  const months = 12 / frequency;
  const monthEnd = isMonthEnd(maturity);
  let remaining = 1;
  let next = maturity;
  let previous = addMonths(maturity, -months, monthEnd);
  while (previous.serial > settlement.serial) {
    remaining += 1;
    next = previous;
    previous = addMonths(maturity, -months * remaining, monthEnd);
  }
  return { previous, next, remaining };
}

type CouponMeasure = (
  period: CouponPeriod,
  settlement: Day,
  frequency: number,
  basis: Basis,
) => number;

/** The days of the coupon period holding settlement, as the basis counts a period. */
export function periodDays(period: CouponPeriod, frequency: number, basis: Basis): number {
  if (basis === 1) return period.next.serial - period.previous.serial;
  return (basis === 3 ? 365 : 360) / frequency;
}

function couponFunction(name: string, does: string, measure: CouponMeasure): CustomFunction {
  return {
    name,
    minArgs: 3,
    maxArgs: 4,
    description: `${name}(settlement, maturity, frequency, [basis=0]): ${does}`,
    evaluate: (args) => {
      const settlement = dateArg(name, args, 0);
      const maturity = dateArg(name, args, 1);
      const frequency = frequencyArg(args, 2, name);
      const basis = basisArg(name, args, 3);
      requireSettlementBeforeMaturity(name, settlement, maturity);
      return measure(couponPeriod(settlement, maturity, frequency), settlement, frequency, basis);
    },
  };
}

const COUPON_FUNCTIONS: readonly CustomFunction[] = [
  couponFunction(
    'COUPDAYBS',
    'days from the start of the coupon period to settlement',
    (period, settlement, _, basis) => basisDays(period.previous, settlement, basis),
  ),
  couponFunction('COUPDAYS', 'days in the coupon period holding settlement', (period, _, f, b) =>
    periodDays(period, f, b),
  ),
  couponFunction(
    'COUPDAYSNC',
    'days from settlement to the next coupon date',
    (period, settlement, frequency, basis) =>
      // US 30/360 counts them as the period's days less those already run.
      basis === 0
        ? periodDays(period, frequency, basis) - basisDays(period.previous, settlement, basis)
        : basisDays(settlement, period.next, basis),
  ),
  couponFunction(
    'COUPNCD',
    'the next coupon date after settlement (a date serial)',
    (period) => period.next.serial,
  ),
  couponFunction(
    'COUPNUM',
    'the number of coupons payable from settlement to maturity',
    (period) => period.remaining,
  ),
  couponFunction(
    'COUPPCD',
    'the coupon date on or before settlement (a date serial)',
    (period) => period.previous.serial,
  ),
];

/** The coupon-period figures PRICE and YIELD are written in (Microsoft's PRICE page). */
interface BondTerms {
  readonly rate: number;
  readonly redemption: number;
  readonly frequency: number;
  /** Coupons payable between settlement and maturity (COUPNUM). */
  readonly coupons: number;
  /** Days from the start of the coupon period to settlement (COUPDAYBS). */
  readonly accrued: number;
  /** Days in the coupon period holding settlement (COUPDAYS). */
  readonly periodLength: number;
  /** Days from settlement to the next coupon date (COUPDAYSNC but for actual/360 and actual/365). */
  readonly toNextCoupon: number;
}

/**
 * The arguments PRICE and YIELD share (settlement, maturity, rate, then the price or yield,
 * redemption, frequency, basis), checked as Microsoft documents: #NUM! for a negative rate, a
 * redemption of 0 or less, or settlement on or after maturity.
 */
function bondTerms(name: string, args: FunctionArguments): BondTerms {
  const settlement = dateArg(name, args, 0);
  const maturity = dateArg(name, args, 1);
  const rate = numberArg(name, args, 2);
  const redemption = numberArg(name, args, 4);
  const frequency = frequencyArg(args, 5, name);
  const basis = basisArg(name, args, 6);
  if (rate < 0) throw numError(`${name}: rate must not be negative`);
  if (redemption <= 0) throw numError(`${name}: redemption must be above 0`);
  requireSettlementBeforeMaturity(name, settlement, maturity);
  const period = couponPeriod(settlement, maturity, frequency);
  const periodLength = periodDays(period, frequency, basis);
  const accrued = basisDays(period.previous, settlement, basis);
  // Excel's PRICE and YIELD take the days to the next coupon as the period's length less the days
  // accrued, also for actual/360 and actual/365 where COUPDAYSNC counts the calendar days
  // (ironcalc FINANCIAL--PRICE_YIELD.xlsx H4, H10, H11, H29); only 30E/360 counts its own.
  const toNextCoupon =
    basis === 4 ? basisDays(settlement, period.next, basis) : periodLength - accrued;
  return {
    rate,
    redemption,
    frequency,
    coupons: period.remaining,
    accrued,
    periodLength,
    toNextCoupon,
  };
}

/** Price per 100 face value at yield `yld` (Microsoft's PRICE formula). */
function bondPrice(terms: BondTerms, yld: number): number {
  const { rate, redemption, frequency: f, coupons: n } = terms;
  const coupon = (100 * rate) / f;
  const accruedShare = terms.accrued / terms.periodLength;
  const toNext = terms.toNextCoupon / terms.periodLength;
  if (n === 1) return (coupon + redemption) / (1 + (toNext * yld) / f) - accruedShare * coupon;
  const discount = (periods: number): number => Math.pow(1 + yld / f, periods);
  let price = redemption / discount(n - 1 + toNext);
  for (let k = 1; k <= n; k += 1) price += coupon / discount(k - 1 + toNext);
  return price - coupon * accruedShare;
}

const price: CustomFunction = {
  name: 'PRICE',
  minArgs: 6,
  maxArgs: 7,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'rate', 'yld', 'redemption', 'frequency', 'basis'],
  description:
    'PRICE(settlement, maturity, rate, yld, redemption, frequency, [basis=0]): price per 100 face value of a security paying periodic interest',
  evaluate: (args) => {
    const terms = bondTerms('PRICE', args);
    const yld = numberArg('PRICE', args, 3);
    if (yld < 0) return numError('PRICE: yld must not be negative');
    return bondPrice(terms, yld);
  },
};

/** Newton's method on PRICE(yield) = pr, from the coupon rate (Excel iterates as well). */
function solveYield(terms: BondTerms, pr: number): number {
  let yld = terms.rate > 0 ? terms.rate : 0.1;
  for (let step = 0; step < 100; step += 1) {
    const gap = bondPrice(terms, yld) - pr;
    if (Math.abs(gap) < 1e-10) return yld;
    const h = 1e-7;
    const slope = (bondPrice(terms, yld + h) - bondPrice(terms, yld - h)) / (2 * h);
    if (!Number.isFinite(slope) || slope === 0) break;
    yld -= gap / slope;
    if (yld <= -terms.frequency) yld = -terms.frequency / 2;
  }
  throw numError('YIELD: no yield found for this price');
}

const yieldFunction: CustomFunction = {
  name: 'YIELD',
  minArgs: 6,
  maxArgs: 7,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'rate', 'pr', 'redemption', 'frequency', 'basis'],
  description:
    'YIELD(settlement, maturity, rate, pr, redemption, frequency, [basis=0]): yield of a security paying periodic interest',
  evaluate: (args) => {
    const terms = bondTerms('YIELD', args);
    const pr = numberArg('YIELD', args, 3);
    if (pr <= 0) return numError('YIELD: pr must be above 0');
    if (terms.coupons > 1) return solveYield(terms, pr);
    // One coupon period or less to redemption: Microsoft's closed form.
    const { rate, redemption, frequency: f } = terms;
    const accruedShare = terms.accrued / terms.periodLength;
    const paid = pr / 100 + (accruedShare * rate) / f;
    const received = redemption / 100 + rate / f;
    return ((received - paid) / paid) * ((f * terms.periodLength) / terms.toNextCoupon);
  },
};

export const EXCEL_FINANCIAL_FUNCTIONS: readonly CustomFunction[] = [
  accrint,
  accrintm,
  ...COUPON_FUNCTIONS,
  price,
  yieldFunction,
];
