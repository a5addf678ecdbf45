// exceljs reads a number in a date or time format as a Date rounded to the millisecond
// (utils.excelToDate), so 10.6667 seconds (1.2345679012345679E-4, a duration in [h]:mm:ss.000)
// came in as 10.667 seconds and every formula over it answered another number (poi 57181.xlsm
// General!BR42, MAX over such durations). Each Date it makes here remembers the serial it was
// made from, and the import reads that serial back instead of the rounded time.
import { createRequire } from 'node:module';

/** The serial (1900 date system) each Date exceljs made from a cell was read from. */
const serials = new WeakMap<Date, number>();

/** Days from the 1900 date system's day 0 to the 1904 system's (a 1904 file's serials are shifted). */
const DAYS_1900_TO_1904 = 1462;

interface ExcelJsUtils {
  excelToDate(serial: number, date1904?: boolean): Date;
}

let taught = false;

/** Makes exceljs's Dates of cell values remember their serials (once per process). */
export function keepDateSerials(): void {
  if (taught) return;
  taught = true;
  let utils: ExcelJsUtils | undefined;
  try {
    utils = createRequire(import.meta.url)('exceljs/lib/utils/utils.js') as ExcelJsUtils;
  } catch {
    return;
  }
  const excelToDate = utils?.excelToDate;
  if (typeof excelToDate !== 'function') return;
  utils.excelToDate = function (serial, date1904) {
    const date = excelToDate.call(this, serial, date1904);
    if (typeof serial === 'number' && Number.isFinite(serial))
      serials.set(date, date1904 === true ? serial + DAYS_1900_TO_1904 : serial);
    return date;
  };
}

/** The exact serial a Date read by exceljs came from; undefined for any other Date. */
export function dateSerial(date: Date): number | undefined {
  return serials.get(date);
}
