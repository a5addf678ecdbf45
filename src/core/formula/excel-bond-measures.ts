// PRICEMAT, YIELDMAT, DURATION and MDURATION, which HyperFormula 3.5 lacks, by the formulas on
// Microsoft's function pages, with the day counts of the other bond functions
// (excel-financial-functions.ts): a security paying its interest at maturity, and the Macaulay
// (and modified) duration of one paying periodic coupons.
import { numberArg, numError } from './excel-arguments.js';
import {
  basisArg,
  basisDays,
  couponPeriod,
  dateArg,
  requireSettlementBeforeMaturity,
  frequencyArg,
  periodDays,
  yearLength,
} from './excel-financial-functions.js';
import type { CustomFunction, FunctionArguments } from './function-registry.js';

/** Years (as the basis counts them) from issue to maturity, issue to settlement, settlement to maturity. */
interface AtMaturity {
  readonly issueToMaturity: number;
  readonly accrued: number;
  readonly remaining: number;
  readonly rate: number;
  /** The fifth argument: the yield or the price, 0 or more. */
  readonly amount: number;
}

function atMaturity(name: string, args: FunctionArguments): AtMaturity {
  const settlement = dateArg(name, args, 0);
  const maturity = dateArg(name, args, 1);
  const issue = dateArg(name, args, 2);
  const rate = numberArg(name, args, 3);
  const amount = numberArg(name, args, 4);
  const basis = basisArg(name, args, 5);
  if (rate < 0 || amount < 0)
    throw numError(`${name}: rate and the yield or price must not be negative`);
  requireSettlementBeforeMaturity(name, settlement, maturity);
  const year = yearLength(issue, maturity, basis);
  return {
    issueToMaturity: basisDays(issue, maturity, basis) / year,
    accrued: basisDays(issue, settlement, basis) / year,
    remaining: basisDays(settlement, maturity, basis) / year,
    rate,
    amount,
  };
}

const pricemat: CustomFunction = {
  name: 'PRICEMAT',
  minArgs: 5,
  maxArgs: 6,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'issue', 'rate', 'yld', 'basis'],
  description:
    'PRICEMAT(settlement, maturity, issue, rate, yld, [basis=0]): price per 100 face value of a security paying interest at maturity',
  evaluate: (args) => {
    const { issueToMaturity, accrued, remaining, rate, amount: yld } = atMaturity('PRICEMAT', args);
    return (100 + issueToMaturity * rate * 100) / (1 + remaining * yld) - accrued * rate * 100;
  },
};

const yieldmat: CustomFunction = {
  name: 'YIELDMAT',
  minArgs: 5,
  maxArgs: 6,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'issue', 'rate', 'pr', 'basis'],
  description:
    'YIELDMAT(settlement, maturity, issue, rate, pr, [basis=0]): annual yield of a security paying interest at maturity',
  evaluate: (args) => {
    const { issueToMaturity, accrued, remaining, rate, amount: pr } = atMaturity('YIELDMAT', args);
    if (pr <= 0) return numError('YIELDMAT: pr must be above 0');
    const paid = pr / 100 + accrued * rate;
    return (1 + issueToMaturity * rate - paid) / paid / remaining;
  },
};

/** Macaulay duration in years: the coupons' and redemption's times weighted by present value. */
function macaulay(
  name: string,
  args: FunctionArguments,
): { duration: number; yld: number; frequency: number } {
  const settlement = dateArg(name, args, 0);
  const maturity = dateArg(name, args, 1);
  const coupon = numberArg(name, args, 2);
  const yld = numberArg(name, args, 3);
  const frequency = frequencyArg(args, 4, name);
  const basis = basisArg(name, args, 5);
  if (coupon < 0 || yld < 0) throw numError(`${name}: coupon and yld must not be negative`);
  requireSettlementBeforeMaturity(name, settlement, maturity);
  const period = couponPeriod(settlement, maturity, frequency);
  const length = periodDays(period, frequency, basis);
  const toNext =
    (basis === 0
      ? length - basisDays(period.previous, settlement, basis)
      : basisDays(settlement, period.next, basis)) / length;
  const base = 1 + yld / frequency;
  let weighted = 0;
  let total = 0;
  for (let k = 1; k <= period.remaining; k += 1) {
    const flow = (100 * coupon) / frequency + (k === period.remaining ? 100 : 0);
    const time = k - 1 + toNext;
    const value = flow / base ** time;
    weighted += time * value;
    total += value;
  }
  return { duration: weighted / total / frequency, yld, frequency };
}

/** DURATION or MDURATION: a duration (from macaulay), in years, of a security paying periodic interest. */
function durationFunction(
  name: string,
  kind: string,
  value: (measured: ReturnType<typeof macaulay>) => number,
): CustomFunction {
  return {
    name,
    minArgs: 5,
    maxArgs: 6,
    category: 'Financial',
    parameters: ['settlement', 'maturity', 'coupon', 'yld', 'frequency', 'basis'],
    description: `${name}(settlement, maturity, coupon, yld, frequency, [basis=0]): ${kind} duration, in years, of a security paying periodic interest`,
    evaluate: (args) => value(macaulay(name, args)),
  };
}

const duration = durationFunction('DURATION', 'Macaulay', (measured) => measured.duration);
const mduration = durationFunction(
  'MDURATION',
  'modified',
  ({ duration: years, yld, frequency }) => years / (1 + yld / frequency),
);

export const BOND_MEASURE_FUNCTIONS: readonly CustomFunction[] = [
  pricemat,
  yieldmat,
  duration,
  mduration,
];
