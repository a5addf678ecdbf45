// Excel's date serials at their edges, which HyperFormula (configured with Excel's 1900 leap-year
// rule in hyperformula-engine.ts) reads differently: serial 0 is "0 January 1900" (DAY(0) is 0,
// MONTH(0) 1, YEAR(0) 1900), where HyperFormula saw 31 December 1899; and DAY, MONTH and YEAR
// refuse serials past 31 December 9999 with #NUM! (Microsoft's DAY page: dates are 1 to 2958465).
// Both live in state shared by every engine (the date helper's prototype, the plugins'
// metadata), so they are corrected once.
import { HyperFormula } from 'hyperformula';
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
  for (const name of ['DAY', 'MONTH', 'YEAR']) {
    const plugin = HyperFormula.getFunctionPlugin(name) as PluginMetadata | undefined;
    const serial = plugin?.implementedFunctions?.[name]?.parameters?.[0];
    if (serial === undefined)
      throw new Error(`HyperFormula no longer describes ${name}'s argument; cannot bound it.`);
    serial.maxValue = LAST_SERIAL + 0.999_999_999;
  }
  corrected = true;
}
