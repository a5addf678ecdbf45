// The one Excel number-format engine (numfmt): the `display` text the API returns, TEXT(), typed
// input and xlsx export all use it, so they agree. Locale en-US unless the workbook names another.
import { formatByExcelRules } from './excel-rules.js';
import {
  format as numfmtFormat,
  getFormatFromId,
  getFormatInfo,
  isValidFormat,
  parseValue,
} from 'numfmt';

export const DEFAULT_LOCALE = 'en-US';

const validity = new Map<string, boolean>();

export function isValidNumberFormat(code: string): boolean {
  let valid = validity.get(code);
  if (valid === undefined) {
    try {
      valid = isValidFormat(code);
    } catch {
      valid = false;
    }
    if (validity.size > 10_000) validity.clear();
    validity.set(code, valid);
  }
  return valid;
}

/** A value (number, text, boolean) formatted with an Excel code, as Excel shows or TEXT() returns it. */
export function formatNumber(
  code: string,
  value: number | string | boolean,
  locale: string = formatLocale(),
): string {
  if (typeof value !== 'number') return engineFormat(code, value, locale);
  const cache = displayCache(code, locale);
  let text = cache.get(value);
  if (text === undefined) {
    text =
      formatByExcelRules(code, value, (ruleCode, ruleValue) =>
        engineFormat(ruleCode, ruleValue, locale),
      ) ?? engineFormat(code, value, locale);
    if (cache.size >= DISPLAYS_PER_CODE) cache.clear();
    cache.set(value, text);
  }
  return text;
}

function engineFormat(code: string, value: number | string | boolean, locale: string): string {
  return numfmtFormat(code, value, { locale, nbsp: false, throws: false, leap1900: true });
}

/**
 * Display texts by format code (and locale), then by number: formatting costs some 10-25 µs a
 * number, and a page of a sheet shows the same numbers under the same few codes again on every
 * read (and a column often repeats values). Bounded: a code's table is dropped when it fills,
 * and the codes' table when there are too many codes.
 */
const displays = new Map<string, Map<number, string>>();
const DISPLAYS_PER_CODE = 50_000;
const CACHED_CODES = 1_000;

function displayCache(code: string, locale: string): Map<number, string> {
  const key = locale === DEFAULT_LOCALE ? code : `${locale}\u0000${code}`;
  let cache = displays.get(key);
  if (cache === undefined) {
    if (displays.size >= CACHED_CODES) displays.clear();
    cache = new Map();
    displays.set(key, cache);
  }
  return cache;
}

/** General for numbers, as a cell without a number format shows them. */
export function generalText(value: number, locale: string = formatLocale()): string {
  return formatNumber('General', value, locale);
}

export type NumberFormatKind = 'date' | 'time' | 'percent' | 'currency' | 'text' | 'number';

const CURRENCY = /[$€£¥]|\[\$/;

/** What a format code shows a number as, for the schema's column types and the UI's menu. */
export function numberFormatKind(code: string): NumberFormatKind {
  if (!isValidNumberFormat(code)) return 'number';
  const info = getFormatInfo(code);
  if (info.isDate) return info.type === 'time' ? 'time' : 'date';
  if (info.isPercent) return 'percent';
  if (info.isText) return 'text';
  if (
    info.type === 'currency' ||
    CURRENCY.test(code.replace(/"[^"]*"/g, (quoted) => quoted.replace(/[^$€£¥]/g, '')))
  )
    return 'currency';
  return 'number';
}

/** A typed text read as a number the way a spreadsheet reads it, with the format it implies. */
export interface TypedNumber {
  readonly value: number;
  readonly numberFormat?: string;
}

const FORMAT_FOR_TYPED: Readonly<Record<number, string>> = {
  3: '#,##0',
  4: '#,##0.00',
  5: '$#,##0',
  6: '$#,##0',
  7: '$#,##0.00',
  8: '$#,##0.00',
  9: '0%',
  10: '0.00%',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yyyy',
  15: 'd mmm yyyy',
  17: 'mmm yyyy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
};

const ISO_DATE = /^\d{4}-\d{1,2}-\d{1,2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}(:\d{2})?$/;
const PARENTHESISED = /^\(\s*[\d.,]+\s*\)$/;
/** Digits with the locale's separators only (numfmt has read them in the locale already). */
const LOCALE_PLAIN_NUMBER = /^[+-]?[\d.,'\u00a0\u202f ]*\d$/;
/**
 * A cheap test before the parser: typed numbers, dates and times hold a digit and start with a
 * digit, a sign, a currency sign, a point or a parenthesis, or with a month name (`Jan 31, 2026`).
 * The digit may be the first character: `5%` and `$5` are one-digit typed numbers.
 */
const MAYBE_TYPED = /^(?=.*\d)(?:[\d+\-$.(€£¥]|[A-Za-z]{3,9}\.? +\d)/;

/**
 * `15%`, `$1,200`, `1,200.50`, `2026-01-31`, `1/31/2026`, `31 Jan 2026`, `14:30` … as numbers
 * (dates and times as serials) with the format that shows them as typed; undefined for text.
 */
export function parseTypedNumber(
  text: string,
  locale: string = formatLocale(),
): TypedNumber | undefined {
  if (text.length > 64 || !MAYBE_TYPED.test(text)) return undefined;
  let parsed: { value: unknown; formatId?: number; z?: string } | null | undefined;
  try {
    parsed = parseValue(text, { locale }) as typeof parsed;
  } catch {
    return undefined;
  }
  if (parsed === null || parsed === undefined || typeof parsed.value !== 'number') return undefined;
  if (!Number.isFinite(parsed.value)) return undefined;
  const value = parsed.value;
  if (ISO_DATE.test(text)) return { value, numberFormat: 'yyyy-mm-dd' };
  if (ISO_DATE_TIME.test(text)) return { value, numberFormat: 'yyyy-mm-dd h:mm' };
  const id = parsed.formatId;
  // Without a format: `(100)`, and a plain number written the locale's way (`1,5` in de-DE);
  // `€5` and the like stay text rather than lose their symbol.
  if (id === undefined)
    return PARENTHESISED.test(text) || LOCALE_PLAIN_NUMBER.test(text) ? { value } : undefined;
  if (id === 10 && /^[^.]*%$/.test(text.replace(/\.0*%$/, '%')))
    return { value, numberFormat: '0%' };
  // Any other kind (a day and month without a year, whose year would come from the clock, say)
  // stays text.
  // A typed short date (time) shows as the locale writes it, as Excel's built-in 14 and 22 do:
  // 01/12/2026 typed in en-GB is shown so, not turned round to the US 12/1/2026.
  const code = LOCALE_DATES.has(id) ? getFormatFromId(id, locale) : FORMAT_FOR_TYPED[id];
  return code === undefined ? undefined : { value, numberFormat: code };
}

/** Built-in formats whose pattern is the locale's short date (with a time): 14 and 22. */
const LOCALE_DATES = new Set([14, 22]);

let locale = DEFAULT_LOCALE;

/**
 * The locale every display and TEXT() formats in (GRIDBOOK_LOCALE, set once at start by the
 * composition root); en-US unless set.
 */
export function setFormatLocale(next: string): void {
  locale = next;
}

export function formatLocale(): string {
  return locale;
}
