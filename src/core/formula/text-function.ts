// TEXT(value, format_text) through the workbook's one number-format engine (numfmt), the same
// code the display text and xlsx export use, instead of HyperFormula's own TEXT (which knew
// few codes: TEXT(0.25,"0%") gave "0%").
import {
  formatLocale,
  formatNumber,
  isValidNumberFormat,
  numberFormatKind,
  parseTypedNumber,
} from '../format/number-format.js';
import { parseNumericText } from '../value-typing.js';
import { engineTextNumber, plainArg, textOf, valueError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

/** Excel's last date, 9999-12-31, as a serial. */
const LAST_DATE = 2_958_466;
const ELAPSED = /\[(h+|m+|s+)\]/i;
const A_OR_P = /(?<![A-Za-z])(a\/p)(?![A-Za-z])/i;

/** Excel's TEXT of a number: dates before 1900 or after 9999 are #VALUE! (elapsed times excepted). */
function formatted(code: string, value: number | string | boolean, locale: string): string {
  if (code === '') return emptyFormatted(value);
  if (typeof value === 'number') {
    const kind = numberFormatKind(code);
    if (
      (kind === 'date' || kind === 'time') &&
      !ELAPSED.test(code) &&
      (value < 0 || value >= LAST_DATE)
    )
      throw valueError('TEXT: a date or time must be from 1900 to 9999');
  }
  // `a/p` is Excel's one-letter AM/PM, which the engine does not know: format with AM/PM and
  // keep the letter.
  const marker = A_OR_P.exec(code.replace(/"[^"]*"/g, (quoted) => ' '.repeat(quoted.length)));
  if (marker === null) return formatNumber(code, value, locale);
  const at = marker.index;
  const upper = marker[1]![0] === 'A';
  const text = formatNumber(`${code.slice(0, at)}AM/PM${code.slice(at + 3)}`, value, locale);
  return text.replace(/AM|PM/, (half) => (upper ? half[0]! : half[0]!.toLowerCase()));
}

const TIME_TEXT = /^(\d+):(\d+)(?::(\d+))?(\.\d*)?$/;

/**
 * A time written with colons as TEXT reads it (pycel text.xlsx TextDates!C30:C48): the last field
 * may run to 9,999 ("23:9999" is 23 hours and 9,999 minutes), the others may not overflow (hours
 * to 23, minutes to 59); two fields are hours and minutes, or minutes and seconds when the
 * seconds have decimals ("59:9999.0"). Undefined where Excel keeps the text ("24:99", "0:0:10000").
 */
function timeTextValue(text: string): number | undefined {
  const [, first, second, third, decimals] = TIME_TEXT.exec(text)!;
  const a = Number(first);
  const b = Number(second);
  const fraction = decimals !== undefined && decimals.length > 1 ? Number(`0${decimals}`) : 0;
  if (third !== undefined) {
    const c = Number(third);
    if (a > 23 || b > 59 || c >= 10_000) return undefined;
    return (a * 3600 + b * 60 + c + fraction) / 86_400;
  }
  if (b >= 10_000) return undefined;
  if (decimals !== undefined && decimals.length > 1)
    return a > 59 ? undefined : (a * 60 + b + fraction) / 86_400;
  return a > 23 ? undefined : (a * 60 + b) / 1440;
}

export const TEXT_FUNCTION: CustomFunction = {
  name: 'TEXT',
  minArgs: 2,
  maxArgs: 2,
  description: 'TEXT(value, format_text): the value shown with an Excel number format, as text',
  evaluate: (args) => {
    const value = plainArg('TEXT', args[0], 1);
    const code = textOf(plainArg('TEXT', args[1], 2));
    if (code !== '' && (!isValidNumberFormat(code) || misplacedTextPlaceholder(code)))
      throw valueError(`TEXT: "${code}" is not a number format`);
    const locale = formatLocale();
    if (value === null) return formatted(code, 0, locale);
    if (typeof value === 'string') {
      // Text that reads as a number (or a date, a percentage …) is formatted as that number.
      const trimmed = value.trim();
      // Else a time by Excel's limits, or as the engine reads text in arithmetic
      // ("2007-02-03 19:08:07.0123", pycel text.xlsx TextDates!C2), which typed input does not take.
      const number =
        parseNumericText(trimmed) ??
        parseTypedNumber(trimmed, locale)?.value ??
        (TIME_TEXT.test(trimmed)
          ? timeTextValue(trimmed)
          : // A time alone in another shape is kept ("23:59.:0", TextDates!C46).
            trimmed.includes(':') && !trimmed.includes(' ')
            ? undefined
            : engineTextNumber(value));
      return formatted(code, number ?? value, locale);
    }
    return formatted(code, value, locale);
  },
};

/**
 * TEXT with an empty format: a number shows nothing but its minus sign, text shows as it is
 * (pycel text.xlsx TextNumbers!C13: TEXT(-1,"") is "-", C16: TEXT("Plugh","") is "Plugh").
 */
function emptyFormatted(value: number | string | boolean): string {
  if (typeof value === 'number') return value < 0 ? '-' : '';
  return textOf(value);
}

/**
 * The text placeholder @ where Excel refuses it: in a section with digit placeholders ("0@") or
 * in a section before the last of four (pycel text.xlsx TextNumbers!C3, TextDates!C9: #VALUE!).
 * With fewer sections the one holding @ is the text section ("w;x;z@" is valid).
 */
function misplacedTextPlaceholder(code: string): boolean {
  const sections = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';');
  return sections.some(
    (section, index) =>
      section.includes('@') && (/[0#?]/.test(section) || (sections.length === 4 && index < 3)),
  );
}
