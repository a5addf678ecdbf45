// Cash-flow built-ins of HyperFormula that answer differently from Excel, replaced under their
// own names (docs/decisions/2026-11-26-replacing-built-in-functions.md): IPMT and PPMT refuse a
// period below 1 or from nper + 1 on with #NUM! (HyperFormula answered a number; Excel takes
// per 3.9 of nper 3, ironcalc FINANCIAL--IPMT_PPMT.xlsx row 17), and MIRR discounts only
// the negative flows with the finance rate, so a rate of -1 with one outflow up front still has
// an answer, and flows without any inflow give -1 (HyperFormula answered #DIV/0!); TBILLEQ
// compounds beyond half a year and refuses TRUE/FALSE. CUMIPMT and CUMPRINC take a fractional
// start_period up and end_period down and refuse TRUE/FALSE and a type other than 0 or 1;
// EFFECT and NOMINAL truncate npery, refuse a rate of 0 or below (#NUM!) and TRUE/FALSE (#VALUE!),
// as Excel's cached results show (ironcalc FINANCIAL--CUMPRINC_CUMIPMT, FINANCIAL--NOMINAL_EFFECT).
import {
  cellsOf,
  divideByZero,
  notAvailable,
  numberArg,
  strictNumberArg,
  toNumber,
  valueError,
  numError,
} from './excel-arguments.js';
import type { CustomFunction, FunctionArguments } from './function-registry.js';
import { isFormulaError } from './sentinels.js';
import { excelXirrSearch, type DatedValue } from './xirr-root-search.js';

interface Loan {
  readonly rate: number;
  readonly nper: number;
  readonly pv: number;
  readonly fv: number;
  /** 1: payments at the start of each period. */
  readonly type: number;
}

/** PMT, as Microsoft documents it. */
function payment({ rate, nper, pv, fv, type }: Loan): number {
  if (rate === 0) return -(pv + fv) / nper;
  const growth = (1 + rate) ** nper;
  return (-(pv * growth + fv) * rate) / ((1 + rate * type) * (growth - 1));
}

/** The balance (FV's sign) after `periods` payments of `pmt`. */
function balanceAfter({ rate, pv, type }: Loan, periods: number, pmt: number): number {
  if (rate === 0) return -(pv + pmt * periods);
  const growth = (1 + rate) ** periods;
  return -(pv * growth + (pmt * (1 + rate * type) * (growth - 1)) / rate);
}

/** The interest part of payment `period`: the rate on the balance before it. */
function interestPart(loan: Loan, period: number): number {
  if (loan.rate === 0 || (loan.type === 1 && period === 1)) return 0;
  const interest = balanceAfter(loan, period - 1, payment(loan)) * loan.rate;
  return loan.type === 1 ? interest / (1 + loan.rate) : interest;
}

function loanAndPeriod(name: string, args: FunctionArguments): { loan: Loan; period: number } {
  const rate = numberArg(name, args, 0);
  const period = numberArg(name, args, 1);
  const nper = numberArg(name, args, 2);
  const pv = numberArg(name, args, 3);
  const fv = numberArg(name, args, 4, 0);
  const type = numberArg(name, args, 5, 0) === 0 ? 0 : 1;
  if (period < 1 || period >= nper + 1)
    throw numError(`${name}: per must be at least 1 and below nper + 1`);
  return { loan: { rate, nper, pv, fv, type }, period };
}

/** IPMT (the interest part) or PPMT (the principal part) of payment per of a loan. */
function paymentPart(
  name: string,
  part: string,
  value: (loan: Loan, period: number) => number,
): CustomFunction {
  return {
    name,
    minArgs: 4,
    maxArgs: 6,
    category: 'Financial',
    parameters: ['rate', 'per', 'nper', 'pv', 'fv', 'type'],
    description: `${name}(rate, per, nper, pv, [fv=0], [type=0]): the ${part} part of payment per of a loan or investment (#NUM! unless 1 ≤ per < nper + 1)`,
    evaluate: (args) => {
      const { loan, period } = loanAndPeriod(name, args);
      return value(loan, period);
    },
  };
}

const ipmt = paymentPart('IPMT', 'interest', interestPart);
const ppmt = paymentPart(
  'PPMT',
  'principal',
  (loan, period) => payment(loan) - interestPart(loan, period),
);

const mirr: CustomFunction = {
  name: 'MIRR',
  minArgs: 3,
  maxArgs: 3,
  category: 'Financial',
  parameters: ['values', 'finance_rate', 'reinvest_rate'],
  description:
    'MIRR(values, finance_rate, reinvest_rate): the modified internal rate of return of periodic cash flows (outflows discounted at finance_rate, inflows compounded at reinvest_rate)',
  evaluate: (args) => {
    const flows: number[] = [];
    for (const value of cellsOf(args[0]!)) {
      if (isFormulaError(value)) throw value;
      if (typeof value === 'number') flows.push(value);
    }
    const finance = numberArg('MIRR', args, 1);
    const reinvest = numberArg('MIRR', args, 2);
    const n = flows.length;
    let outflows = 0;
    let inflows = 0;
    flows.forEach((flow, index) => {
      if (flow < 0) outflows += flow / (1 + finance) ** index;
      else inflows += flow * (1 + reinvest) ** (n - 1 - index);
    });
    if (outflows === 0 || n < 2 || !Number.isFinite(outflows))
      return divideByZero('MIRR: needs at least one outflow, over two periods or more');
    return (-inflows / outflows) ** (1 / (n - 1)) - 1;
  },
};

const DAY_MS = 86_400_000;
/** Serial 61 onwards counts days from 1899-12-30. */
const EPOCH_MS = Date.UTC(1899, 11, 30);

/** The serial one calendar year after `serial` (EDATE(serial, 12)). */
function yearLater(serial: number): number {
  const date = new Date(EPOCH_MS + serial * DAY_MS);
  const year = date.getUTCFullYear() + 1;
  const month = date.getUTCMonth();
  const day = Math.min(date.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Math.round((Date.UTC(year, month, day) - EPOCH_MS) / DAY_MS);
}

/**
 * A Treasury bill's days from settlement to maturity and its discount, checked as Excel does for
 * TBILLEQ and TBILLPRICE: dates truncated, TRUE or FALSE #VALUE! (strictNumberArg), a discount of
 * 0 or below, maturity not after settlement or more than a year after it #NUM!.
 */
function treasuryBill(name: string, args: FunctionArguments): { days: number; discount: number } {
  const settlement = Math.trunc(strictNumberArg(name, args, 0));
  const maturity = Math.trunc(strictNumberArg(name, args, 1));
  const discount = strictNumberArg(name, args, 2);
  if (discount <= 0) throw numError(`${name}: discount must be above 0`);
  if (settlement < 0 || maturity <= settlement || maturity > yearLater(settlement))
    throw numError(`${name}: maturity must be after settlement, by a year at most`);
  return { days: maturity - settlement, discount };
}

/**
 * TBILLEQ: the bond-equivalent yield of a Treasury bill. Up to 182 days Microsoft's formula,
 * 365 × rate / (360 − rate × days); beyond, the yield of a bill priced 100 × (1 − rate × days /
 * 360) compounded once at half a year, as Excel's cached results show (ironcalc
 * FINANCIAL--TBILLs.xlsx D4, D24, D30). Maturity more than a year after settlement is #NUM!.
 */
const tbilleq: CustomFunction = {
  name: 'TBILLEQ',
  minArgs: 3,
  maxArgs: 3,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'discount'],
  description:
    'TBILLEQ(settlement, maturity, discount): the bond-equivalent yield of a Treasury bill (maturity at most a year after settlement)',
  evaluate: (args) => {
    const { days, discount } = treasuryBill('TBILLEQ', args);
    if (days <= 182) return (365 * discount) / (360 - discount * days);
    const price = 100 * (1 - (discount * days) / 360);
    if (price <= 0) return numError('TBILLEQ: the discount leaves no price');
    // A 366-day bill counts as one year (D6), not 366/365 of one.
    const years = Math.min(days / 365, 1);
    const root = Math.sqrt(years * years - (2 * years - 1) * (1 - 100 / price));
    return (root - years) / (years - 0.5);
  },
};

/**
 * TBILLPRICE, replacing HyperFormula's, which took TRUE for 1: 100 × (1 − discount × days / 360),
 * where TRUE or FALSE is #VALUE!, and a discount of 0 or below, maturity not after settlement or
 * more than a year after it, or a price of 0 or below #NUM! (ironcalc FINANCIAL--TBILLs.xlsx N2:N31).
 */
const tbillprice: CustomFunction = {
  name: 'TBILLPRICE',
  minArgs: 3,
  maxArgs: 3,
  category: 'Financial',
  parameters: ['settlement', 'maturity', 'discount'],
  description:
    'TBILLPRICE(settlement, maturity, discount): the price per $100 face value of a Treasury bill (maturity at most a year after settlement)',
  evaluate: (args) => {
    const { days, discount } = treasuryBill('TBILLPRICE', args);
    const price = 100 * (1 - (discount * days) / 360);
    return price > 0 ? price : numError('TBILLPRICE: the discount leaves no price');
  },
};

/** The numbers of a range of cash flows or dates: an error in it is its answer, anything else but a number #NUM!. */
function flowNumbers(name: string, arg: FunctionArguments[number]): number[] {
  return cellsOf(arg).map((value) => {
    if (isFormulaError(value)) throw value;
    if (typeof value !== 'number') throw numError(`${name}: values and dates must be numbers`);
    return value;
  });
}

/**
 * XNPV: each value discounted from the first date by whole days over 365. Excel answers #NUM! for
 * a rate of 0 or below, text, TRUE/FALSE or an empty cell among values or dates, a date before
 * the first, or counts that differ (ironcalc FINANCIAL--XNPV.xlsx Q7–Q14; formulas test.xlsx row 56).
 */
const xnpv: CustomFunction = {
  name: 'XNPV',
  minArgs: 3,
  maxArgs: 3,
  category: 'Financial',
  parameters: ['rate', 'values', 'dates'],
  description:
    'XNPV(rate, values, dates): the net present value of cash flows on the given dates (rate above 0)',
  evaluate: (args) => {
    const rate = strictNumberArg('XNPV', args, 0);
    const values = flowNumbers('XNPV', args[1]!);
    const dates = flowNumbers('XNPV', args[2]!).map(Math.trunc);
    if (rate <= 0) return numError('XNPV: rate must be above 0');
    if (values.length !== dates.length) return numError('XNPV: values and dates differ in count');
    const first = dates[0]!;
    if (dates.some((date) => date < first || date < 0))
      return numError('XNPV: a date precedes the first');
    let total = 0;
    values.forEach((value, index) => {
      total += value / (1 + rate) ** ((dates[index]! - first) / 365);
    });
    return total;
  },
};

/**
 * XIRR's values or dates: an error is the answer, an empty cell null, text that reads as a number
 * that number (formulas test.xlsx FINANCIAL AE54: "1" among the values), other text or TRUE/FALSE
 * #VALUE!.
 */
function scheduleNumbers(arg: FunctionArguments[number], position: number): (number | null)[] {
  return cellsOf(arg).map((value) => {
    if (isFormulaError(value)) throw value;
    if (value === null || typeof value === 'number') return value;
    if (typeof value === 'boolean') throw valueError('XIRR: values and dates must be numbers');
    return toNumber('XIRR', value, position);
  });
}

/**
 * The flows and dates of XIRR's pairs: a pair whose value and date are both empty is left out
 * (AD54: a range running one column past the flows answers as without it); otherwise an empty
 * cell is 0.
 */
function schedulePairs(
  values: readonly (number | null)[],
  dates: readonly (number | null)[],
): { flows: number[]; dates: number[] } {
  const pairs = { flows: [] as number[], dates: [] as number[] };
  values.forEach((value, index) => {
    const date = dates[index] ?? null;
    if (value === null && date === null) return;
    pairs.flows.push(value ?? 0);
    pairs.dates.push(Math.floor(date ?? 0));
  });
  return pairs;
}

/** The net present value of `flows` `years` after the first at `rate`, and their discounted size. */
function datedValue(
  flows: readonly number[],
  years: readonly number[],
  rate: number,
): DatedValue | undefined {
  let value = 0;
  let size = 0;
  for (let index = 0; index < flows.length; index += 1) {
    const growth = (1 + rate) ** years[index]!;
    if (!Number.isFinite(growth) || growth === 0) return undefined;
    value += flows[index]! / growth;
    size += Math.abs(flows[index]!) / growth;
  }
  return Number.isFinite(value) ? { value, size } : undefined;
}

/** The net present value of `flows` `years` after the first, at `rate`, and its derivative. */
function datedValueAndSlope(
  flows: readonly number[],
  years: readonly number[],
  rate: number,
): [number, number] | undefined {
  let value = 0;
  let slope = 0;
  for (let index = 0; index < flows.length; index += 1) {
    const growth = (1 + rate) ** years[index]!;
    if (!Number.isFinite(growth) || growth === 0) return undefined;
    value += flows[index]! / growth;
    slope -= (years[index]! * flows[index]!) / (growth * (1 + rate));
  }
  return Number.isFinite(value) && Number.isFinite(slope) ? [value, slope] : undefined;
}

/**
 * XIRR's root: Excel's bracket and bisection (xirr-root-search.ts); for a guess whose bracket the
 * corpus does not show, Newton's method from it, as IRR's (internalRate) with dated flows.
 */
function datedInternalRate(
  flows: readonly number[],
  years: readonly number[],
  guess: number,
): number | undefined {
  const slope = datedValueAndSlope(flows, years, guess)?.[1] ?? 0;
  const found = excelXirrSearch((rate) => datedValue(flows, years, rate), guess, slope);
  if (found === 'none') return undefined;
  return found ?? newtonRate((rate) => datedValueAndSlope(flows, years, rate), guess);
}

/**
 * XIRR, replacing HyperFormula's, for Excel's root search and argument handling: the
 * guess is read first, then the dates, then the values, the first error found being the answer
 * (formulas test.xlsx FINANCIAL U54, V54); TRUE or FALSE as the guess is #VALUE! (Y54, Y55).
 * Dates are truncated and none may precede the first (schedulePairs for empty cells).
 */
const xirr: CustomFunction = {
  name: 'XIRR',
  minArgs: 2,
  maxArgs: 3,
  category: 'Financial',
  parameters: ['values', 'dates', 'guess'],
  description:
    'XIRR(values, dates, [guess=0.1]): the annual internal rate of return of cash flows on the given dates (at least one inflow and one outflow)',
  evaluate: (args) => {
    const guess = args[2] === undefined ? 0.1 : strictNumberArg('XIRR', args, 2);
    const dateCells = scheduleNumbers(args[1]!, 2);
    const valueCells = scheduleNumbers(args[0]!, 1);
    if (guess <= -1) return numError('XIRR: guess must be above -1');
    if (valueCells.length !== dateCells.length)
      return numError('XIRR: values and dates differ in count');
    const { flows, dates } = schedulePairs(valueCells, dateCells);
    if (flows.length < 2) return notAvailable('XIRR: needs at least two cash flows');
    if (!flows.some((flow) => flow > 0) || !flows.some((flow) => flow < 0))
      return numError('XIRR: needs at least one inflow and one outflow');
    const first = dates[0]!;
    if (first < 0 || dates.some((date) => date < first))
      return numError('XIRR: a date precedes the first');
    const years = dates.map((date) => (date - first) / 365);
    return (
      datedInternalRate(flows, years, guess) ?? numError('XIRR: the iteration does not converge')
    );
  },
};

/** CUMIPMT (interest) or CUMPRINC (principal) paid from start_period to end_period. */
function cumulative(name: string, principal: boolean): CustomFunction {
  return {
    name,
    minArgs: 6,
    maxArgs: 6,
    category: 'Financial',
    parameters: ['rate', 'nper', 'pv', 'start_period', 'end_period', 'type'],
    description: `${name}(rate, nper, pv, start_period, end_period, type): the ${
      principal ? 'principal' : 'interest'
    } paid on a loan between two periods (start_period taken up, end_period down to whole periods)`,
    evaluate: (args) => {
      const [rate, nper, pv, startArg, endArg, typeArg] = args.map((_, index) =>
        strictNumberArg(name, args, index),
      ) as [number, number, number, number, number, number];
      const start = Math.ceil(startArg);
      const end = Math.trunc(endArg);
      if (rate <= 0 || nper <= 0 || pv <= 0)
        return numError(`${name}: rate, nper and pv must be above 0`);
      if (start < 1 || end < start || end > nper)
        return numError(`${name}: needs 1 ≤ start_period ≤ end_period ≤ nper`);
      if (typeArg !== 0 && typeArg !== 1) return numError(`${name}: type must be 0 or 1`);
      const loan: Loan = { rate, nper, pv, fv: 0, type: typeArg };
      const pmt = payment(loan);
      let total = 0;
      for (let period = start; period <= end; period += 1) {
        const interest = interestPart(loan, period);
        total += principal ? pmt - interest : interest;
      }
      return total;
    },
  };
}

/** EFFECT or NOMINAL: the rate and a whole number of compounding periods a year, 1 or more. */
function rateConversion(
  name: string,
  does: string,
  convert: (rate: number, periods: number) => number,
): CustomFunction {
  const rateName = name === 'EFFECT' ? 'nominal_rate' : 'effect_rate';
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    category: 'Financial',
    parameters: [rateName, 'npery'],
    description: `${name}(${rateName}, npery): ${does}`,
    evaluate: (args) => {
      const rate = strictNumberArg(name, args, 0);
      const periods = Math.trunc(strictNumberArg(name, args, 1));
      if (rate <= 0 || periods < 1)
        return numError(`${name}: the rate must be above 0 and npery at least 1`);
      return convert(rate, periods);
    },
  };
}

/** Newton's method stops once the net present value or the step is below this. */
const IRR_TOLERANCE = 1e-10;
const IRR_ITERATIONS = 50;

/** The net present value of periodic `flows` at `rate` and its derivative by the rate. */
function presentValueAndSlope(
  flows: readonly number[],
  rate: number,
): [number, number] | undefined {
  let value = 0;
  let slope = 0;
  for (let period = 0; period < flows.length; period += 1) {
    const growth = (1 + rate) ** period;
    if (!Number.isFinite(growth) || growth === 0) return undefined;
    value += flows[period]! / growth;
    if (period > 0) slope -= (period * flows[period]!) / (growth * (1 + rate));
  }
  return [value, slope];
}

/**
 * The rate at which `valueAndSlope` (a net present value and its derivative) is zero, by
 * Newton's method from `guess`, as HyperFormula's IRR iterates; a step to −1 or below goes
 * halfway from the rate to −1 instead. Undefined when it does not converge.
 */
function newtonRate(
  valueAndSlope: (rate: number) => readonly [number, number] | undefined,
  guess: number,
): number | undefined {
  let rate = guess;
  for (let iteration = 0; iteration < IRR_ITERATIONS; iteration += 1) {
    const at = valueAndSlope(rate);
    if (at === undefined) return undefined;
    const [value, slope] = at;
    if (Math.abs(value) < IRR_TOLERANCE) return rate;
    if (Math.abs(slope) < IRR_TOLERANCE) return undefined;
    let next = rate - value / slope;
    if (!Number.isFinite(next)) return undefined;
    if (next <= -1) next = (rate - 1) / 2;
    if (Math.abs(next - rate) < IRR_TOLERANCE) return next;
    rate = next;
  }
  return undefined;
}

/** The rate at which periodic `flows` have no net present value (newtonRate). */
function internalRate(flows: readonly number[], guess: number): number | undefined {
  return newtonRate((rate) => presentValueAndSlope(flows, rate), guess);
}

/**
 * IRR, replacing HyperFormula's, whose iteration it keeps, for Excel's argument handling: an
 * error among the values is #VALUE! whatever its kind (formulas test.xlsx FINANCIAL Z26:AF26,
 * Z27), text, logical values and empty cells among them are left out, a guess of −1 or below is
 * #VALUE!, and flows without both an inflow and an outflow are #NUM!.
 */
const irr: CustomFunction = {
  name: 'IRR',
  minArgs: 1,
  maxArgs: 2,
  category: 'Financial',
  parameters: ['values', 'guess'],
  description:
    'IRR(values, [guess=0.1]): the internal rate of return of periodic cash flows (at least one inflow and one outflow)',
  evaluate: (args) => {
    const cells = cellsOf(args[0]!);
    if (cells.some(isFormulaError)) return valueError('IRR: the values hold an error');
    const flows = cells.filter((value): value is number => typeof value === 'number');
    const guess = numberArg('IRR', args, 1, args[1] === undefined ? 0.1 : 0);
    if (guess <= -1) return valueError('IRR: guess must be above -1');
    if (!flows.some((flow) => flow > 0) || !flows.some((flow) => flow < 0))
      return numError('IRR: needs at least one inflow and one outflow');
    return internalRate(flows, guess) ?? numError('IRR: the iteration does not converge');
  },
};

export const EXCEL_CASH_FLOW_FUNCTIONS: readonly CustomFunction[] = [
  irr,
  ipmt,
  ppmt,
  mirr,
  tbilleq,
  tbillprice,
  xnpv,
  xirr,
  cumulative('CUMIPMT', false),
  cumulative('CUMPRINC', true),
  rateConversion(
    'EFFECT',
    'the effective annual rate of a nominal rate compounded npery times a year',
    (rate, periods) => (1 + rate / periods) ** periods - 1,
  ),
  rateConversion(
    'NOMINAL',
    'the nominal annual rate, compounded npery times a year, of an effective rate',
    (rate, periods) => periods * ((1 + rate) ** (1 / periods) - 1),
  ),
];
