// Dates written with the month's English name, which Excel in en-US reads wherever text becomes a
// date (DATEVALUE, VALUE, typed input) and HyperFormula's numeric date formats do not: "2-Feb-2026",
// "29 February 1900", "June 9, 1969" and "Feb-2026" (the first of the month). Microsoft's
// DATEVALUE page gives "22-AUG-2011" and "5-JUL" among its examples; the corpus holds the others
// (ironcalc DATE_AND_TIME--DATE_TIME.xlsx C8, C9; sheetjs formula_stress_test.xlsx Date!B3).
// Two-digit years and the validity check (29 February 1900 included) are HyperFormula's, applied
// to whatever this parser returns.
import { HyperFormula, type ConfigParams } from 'hyperformula';

type DateTimeParser = ConfigParams['parseDateTime'];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1–12 for a month's English name or its first three letters (any case); undefined otherwise. */
function monthNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month === lower || month.slice(0, 3) === lower);
  return index === -1 ? undefined : index + 1;
}

const DAY_MONTH_YEAR = /^(\d{1,2})[-/ ]([a-z]+)[-/ ](\d{2}|\d{4})$/i;
const MONTH_DAY_YEAR = /^([a-z]+) (\d{1,2}),? (\d{2}|\d{4})$/i;
const MONTH_YEAR = /^([a-z]+)[-/ ](\d{4})$/i;

/** A date written with its month's name, as year, month and day; undefined when it is not one. */
export function monthNameDate(
  text: string,
): { year: number; month: number; day: number } | undefined {
  const trimmed = text.trim();
  let match = DAY_MONTH_YEAR.exec(trimmed);
  if (match !== null) return dateOf(match[3]!, match[2]!, match[1]!);
  match = MONTH_DAY_YEAR.exec(trimmed);
  if (match !== null) return dateOf(match[3]!, match[1]!, match[2]!);
  match = MONTH_YEAR.exec(trimmed);
  if (match !== null) return dateOf(match[2]!, match[1]!, '1');
  return undefined;
}

function dateOf(
  year: string,
  monthName: string,
  day: string,
): { year: number; month: number; day: number } | undefined {
  const month = monthNumber(monthName);
  return month === undefined ? undefined : { year: Number(year), month, day: Number(day) };
}

const numericParser: DateTimeParser = HyperFormula.defaultConfig.parseDateTime;

/**
 * HyperFormula's parser for the configured numeric formats, then the month-name forms. A date with
 * spaces around it is no date: Excel reads " 10 " as 10 but " 2024-01-10 " as #VALUE! (ironcalc
 * MATH_AND_TRIGONOMETRY--EXP_SIGN.xlsx B34, --TRIGONOMETRIC.xlsx COT_CSC_SEC!B27:D27,
 * --MROUND_TRUNC_INT.xlsx MROUND!C32, all #VALUE!), where HyperFormula trimmed it first.
 */
export const parseExcelDateTime: DateTimeParser = (text, dateFormat, timeFormat) => {
  const parsed = numericParser(text, dateFormat, timeFormat) ?? monthNameDate(text);
  if (parsed !== undefined && 'year' in parsed && text !== text.trim()) return undefined;
  return parsed;
};
