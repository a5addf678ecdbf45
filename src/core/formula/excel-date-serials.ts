// Excel's date serials at their edges, which HyperFormula (configured with Excel's 1900 leap-year
// rule in hyperformula-engine.ts) reads differently: serial 0 is "0 January 1900" (DAY(0) is 0,
// MONTH(0) 1, YEAR(0) 1900), where HyperFormula saw 31 December 1899; and DAY, MONTH and YEAR
// refuse serials past 31 December 9999 with #NUM! (Microsoft's DAY page: dates are 1 to 2958465).
// YEARFRAC refuses such dates too, and checks its basis before its dates: a bad basis answers
// #NUM! (outside 0–4), #VALUE! (TRUE/FALSE or text) or its own error whatever the dates hold.
// EDATE and EOMONTH truncate a fractional number of months toward zero (HyperFormula refused it)
// and refuse TRUE/FALSE for either argument with #VALUE! (HyperFormula read them as 1 and 0).
// DAYS360's US method follows Excel, not the NASD rule HyperFormula has: an end date on the last
// day of February stays as it is (DAYS360(29 Feb 2024, 28 Feb 2025) is 358, not 360), and a start
// on the last day of any month counts as the 30th before the end date's 31st is looked at; its
// dates are read to the nearest second, as Excel reads a time (46000.999999 is the next day).
// DATE refuses a year past 9999 once the months have carried into it (DATE(9999,13,-1) is #NUM!,
// not 30 December 9999), before the days are counted.
// All live in state shared by every engine (the date helper's prototype, the plugins'
// metadata), so they are corrected once.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import { internalPrototype } from './engine-internals.js';

interface SimpleDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

interface DateHelper {
  numberToSimpleDate(serial: number): SimpleDate;
}

interface PluginMetadata {
  readonly implementedFunctions?: Record<string, { parameters?: { maxValue?: number }[] }>;
}

interface FunctionCall {
  readonly args: readonly unknown[];
}

interface DatePlugin {
  date(ast: FunctionCall, state: unknown): unknown;
  yearfrac(ast: FunctionCall, state: unknown): unknown;
  days360(ast: FunctionCall, state: unknown): unknown;
  edate(ast: FunctionCall, state: unknown): unknown;
  eomonth(ast: FunctionCall, state: unknown): unknown;
  evaluateAst(ast: unknown, state: unknown): unknown;
  runFunction(
    args: readonly unknown[],
    state: unknown,
    metadata: unknown,
    compute: (...args: never[]) => unknown,
  ): unknown;
  metadata(name: string): unknown;
  readonly dateTimeHelper: DateHelper & {
    daysInMonth(year: number, month: number): number;
    getEpochYearZero(): number;
    dateToNumber(date: SimpleDate): number;
    endOfMonth(date: SimpleDate): SimpleDate;
    getWithinBounds(serial: number): number | undefined;
  };
}

/** 9999-12-31, the last date Excel has. */
export const LAST_SERIAL = 2_958_465;

const DAY_ZERO: SimpleDate = { year: 1900, month: 1, day: 0 };

let corrected = false;

export function readExcelDateEdges(): void {
  if (corrected) return;
  const prototype = internalPrototype<DateHelper>(
    ['evaluator', 'interpreter', 'dateTimeHelper'],
    ['numberToSimpleDate'],
    'HyperFormula no longer exposes its date helper; excel-date-serials.ts cannot correct it.',
  );
  const toDate = prototype.numberToSimpleDate;
  prototype.numberToSimpleDate = function (this: DateHelper, serial: number) {
    return serial >= 0 && serial < 1 ? { ...DAY_ZERO } : toDate.call(this, serial);
  };
  for (const [name, dates] of [
    ['DAY', [0]],
    ['MONTH', [0]],
    ['YEAR', [0]],
    ['YEARFRAC', [0, 1]],
  ] as const) {
    const plugin = HyperFormula.getFunctionPlugin(name) as PluginMetadata | undefined;
    for (const index of dates) {
      const serial = plugin?.implementedFunctions?.[name]?.parameters?.[index];
      if (serial === undefined)
        throw new Error(`HyperFormula no longer describes ${name}'s arguments; cannot bound them.`);
      serial.maxValue = LAST_SERIAL + 0.999_999_999;
    }
  }
  checkYearFractionBasisFirst();
  shiftWholeMonths();
  countDays360AsExcel();
  refuseYearsPast9999();
  corrected = true;
}

function checkYearFractionBasisFirst(): void {
  const plugin = HyperFormula.getFunctionPlugin('YEARFRAC') as
    { prototype?: DatePlugin } | undefined;
  const prototype = plugin?.prototype;
  if (typeof prototype?.yearfrac !== 'function' || typeof prototype.evaluateAst !== 'function')
    throw new Error('HyperFormula no longer has YEARFRAC where excel-date-serials.ts patches it.');
  const yearFraction = prototype.yearfrac;
  prototype.yearfrac = function (this: DatePlugin, ast, state) {
    // The basis is evaluated twice when it is valid; it is a constant or a cell in practice.
    const basis = ast.args.length === 3 ? this.evaluateAst(ast.args[2], state) : 0;
    const refusal = basisRefusal(basis);
    return refusal ?? yearFraction.call(this, ast, state);
  };
}

function shiftWholeMonths(): void {
  for (const name of ['EDATE', 'EOMONTH'] as const) {
    const plugin = HyperFormula.getFunctionPlugin(name) as { prototype?: DatePlugin } | undefined;
    const prototype = plugin?.prototype;
    const monthEnd = name === 'EOMONTH';
    const method = monthEnd ? 'eomonth' : 'edate';
    if (typeof prototype?.[method] !== 'function' || typeof prototype.evaluateAst !== 'function')
      throw new Error(`HyperFormula no longer has ${name} where excel-date-serials.ts patches it.`);
    prototype[method] = function (this: DatePlugin, ast, state) {
      // Arguments are evaluated twice; they are constants or cells in practice.
      for (const arg of ast.args) {
        if (typeof this.evaluateAst(arg, state) === 'boolean')
          return new CellError(ErrorType.VALUE, `${name} refuses TRUE and FALSE`);
      }
      return this.runFunction(
        ast.args,
        state,
        this.metadata(name),
        (serial: number, months: number) => {
          const helper = this.dateTimeHelper;
          const date = helper.numberToSimpleDate(serial);
          const index = date.year * 12 + date.month - 1 + Math.trunc(months);
          const year = Math.floor(index / 12);
          const month = index - year * 12 + 1;
          const last = helper.endOfMonth({ year, month, day: 1 });
          const day = monthEnd ? last.day : Math.min(date.day, last.day);
          const shifted = helper.getWithinBounds(helper.dateToNumber({ year, month, day }));
          return shifted ?? new CellError(ErrorType.NUM, `${name}: the date is outside 1900–9999`);
        },
      );
    };
  }
}

/** Why YEARFRAC's basis is refused, as Excel answers it, or undefined when it is 0 to 4. */
function basisRefusal(basis: unknown): CellError | undefined {
  if (basis instanceof CellError) return basis;
  if (typeof basis === 'boolean') return new CellError(ErrorType.VALUE, 'basis must be a number');
  const number = typeof basis === 'string' && basis.trim() !== '' ? Number(basis) : basis;
  if (typeof number !== 'number') return undefined; // an empty cell is basis 0; ranges: the built-in answers
  if (Number.isNaN(number)) return new CellError(ErrorType.VALUE, 'basis must be a number');
  const whole = Math.trunc(number);
  return whole < 0 || whole > 4
    ? new CellError(ErrorType.NUM, 'basis must be 0, 1, 2, 3 or 4')
    : undefined;
}

const SECONDS_PER_DAY = 86_400;

function countDays360AsExcel(): void {
  const plugin = HyperFormula.getFunctionPlugin('DAYS360') as
    { prototype?: DatePlugin } | undefined;
  const prototype = plugin?.prototype;
  if (typeof prototype?.days360 !== 'function')
    throw new Error('HyperFormula no longer has DAYS360 where excel-date-serials.ts patches it.');
  prototype.days360 = function (this: DatePlugin, ast, state) {
    const count = (from: number, to: number, european: boolean | undefined) => {
      const helper = this.dateTimeHelper;
      const dateOf = (serial: number) =>
        helper.numberToSimpleDate(Math.round(serial * SECONDS_PER_DAY) / SECONDS_PER_DAY);
      return days360(dateOf(from), dateOf(to), european === true, helper);
    };
    return this.runFunction(ast.args, state, this.metadata('DAYS360'), count);
  };
}

/** Excel's DAYS360 of two dates: its US method, or the European one (`european`). */
export function days360(
  start: SimpleDate,
  end: SimpleDate,
  european: boolean,
  month: { daysInMonth(year: number, month: number): number },
): number {
  let startDay = start.day;
  let endDay = end.day;
  if (european) {
    startDay = Math.min(startDay, 30);
    endDay = Math.min(endDay, 30);
  } else {
    if (startDay === month.daysInMonth(start.year, start.month)) startDay = 30;
    // An end on the 31st counts as the 1st of the next month (31 days past the 30th) unless the
    // start is on the 30th, when it counts as the 30th.
    if (endDay === 31 && startDay === 30) endDay = 30;
  }
  return 360 * (end.year - start.year) + 30 * (end.month - start.month) + endDay - startDay;
}

function refuseYearsPast9999(): void {
  const plugin = HyperFormula.getFunctionPlugin('DATE') as { prototype?: DatePlugin } | undefined;
  const prototype = plugin?.prototype;
  if (typeof prototype?.date !== 'function')
    throw new Error('HyperFormula no longer has DATE where excel-date-serials.ts patches it.');
  prototype.date = function (this: DatePlugin, ast, state) {
    const compute = (yearArg: number, monthArg: number, dayArg: number) => {
      const helper = this.dateTimeHelper;
      let year = Math.trunc(yearArg);
      // Years 0–1899 count from 1900, as Excel's DATE(100,1,1) is 1 January 2000.
      if (year < helper.getEpochYearZero()) year += helper.getEpochYearZero();
      const months = Math.trunc(monthArg) - 1;
      year += Math.floor(months / 12);
      const month = months - Math.floor(months / 12) * 12 + 1;
      if (year > 9999 || year < 1900)
        return new CellError(ErrorType.NUM, 'DATE: the year is outside 1900–9999');
      const serial = helper.dateToNumber({ year, month, day: 1 }) + Math.trunc(dayArg) - 1;
      return (
        helper.getWithinBounds(serial) ??
        new CellError(ErrorType.NUM, 'DATE: the date is outside 1900–9999')
      );
    };
    return this.runFunction(ast.args, state, this.metadata('DATE'), compute);
  };
}
