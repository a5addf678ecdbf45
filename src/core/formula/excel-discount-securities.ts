// Discounted securities, which HyperFormula 3.5 lacks: DISC, INTRATE, RECEIVED, PRICEDISC and
// YIELDDISC, by the formulas on Microsoft's function pages. Days between settlement and maturity
// and the year they are divided by follow the day-count basis as the other bond functions count
// them (excel-financial-functions.ts): 30/360 for bases 0 and 4, actual days over 360 (2), 365 (3)
// or the actual year (1, averaged over the years touched when longer than a year).
import { numberArg, numError } from './excel-arguments.js';
import {
  basisArg,
  basisDays,
  dateArg,
  requireSettlementBeforeMaturity,
  yearLength,
  type Basis,
  type Day,
} from './excel-financial-functions.js';
import type { CustomFunction, FunctionArguments } from './function-registry.js';

interface Term {
  /** The fraction of a year from settlement to maturity (days over the basis' year). */
  readonly years: number;
  /** The third and fourth arguments, both required to be above 0. */
  readonly first: number;
  readonly second: number;
}

/** settlement, maturity, two amounts above 0 and the basis, checked as Excel does (#NUM!). */
function termOf(name: string, args: FunctionArguments): Term {
  const settlement: Day = dateArg(name, args, 0);
  const maturity: Day = dateArg(name, args, 1);
  const first = numberArg(name, args, 2);
  const second = numberArg(name, args, 3);
  const basis: Basis = basisArg(name, args, 4);
  if (first <= 0 || second <= 0) throw numError(`${name}: the amounts must be above 0`);
  requireSettlementBeforeMaturity(name, settlement, maturity);
  const years = basisDays(settlement, maturity, basis) / yearLength(settlement, maturity, basis);
  return { years, first, second };
}

function discountFunction(
  name: string,
  parameters: readonly [string, string],
  does: string,
  compute: (term: Term) => number,
): CustomFunction {
  return {
    name,
    minArgs: 4,
    maxArgs: 5,
    category: 'Financial',
    parameters: ['settlement', 'maturity', ...parameters, 'basis'],
    description: `${name}(settlement, maturity, ${parameters.join(', ')}, [basis=0]): ${does}`,
    evaluate: (args) => {
      const result = compute(termOf(name, args));
      return Number.isFinite(result) ? result : numError(`${name}: no result for these terms`);
    },
  };
}

export const DISCOUNT_SECURITY_FUNCTIONS: readonly CustomFunction[] = [
  discountFunction(
    'DISC',
    ['pr', 'redemption'],
    'the discount rate of a security bought at pr that redeems at redemption',
    ({ years, first: pr, second: redemption }) => (redemption - pr) / redemption / years,
  ),
  discountFunction(
    'INTRATE',
    ['investment', 'redemption'],
    'the interest rate of a fully invested security',
    ({ years, first: investment, second: redemption }) =>
      (redemption - investment) / investment / years,
  ),
  discountFunction(
    'RECEIVED',
    ['investment', 'discount'],
    'the amount received at maturity for a fully invested security',
    ({ years, first: investment, second: discount }) => {
      const left = 1 - discount * years;
      if (left <= 0) throw numError('RECEIVED: the discount leaves nothing to receive');
      return investment / left;
    },
  ),
  discountFunction(
    'PRICEDISC',
    ['discount', 'redemption'],
    'the price per 100 face value of a discounted security',
    ({ years, first: discount, second: redemption }) => redemption - discount * redemption * years,
  ),
  discountFunction(
    'YIELDDISC',
    ['pr', 'redemption'],
    'the annual yield of a discounted security',
    ({ years, first: pr, second: redemption }) => (redemption - pr) / pr / years,
  ),
];
