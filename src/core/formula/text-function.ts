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
import { plainArg, textOf, valueError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

/** Excel's last date, 9999-12-31, as a serial. */
const LAST_DATE = 2_958_466;
const ELAPSED = /\[(h+|m+|s+)\]/i;
const A_OR_P = /(?<![A-Za-z])(a\/p)(?![A-Za-z])/i;

/** Excel's TEXT of a number: dates before 1900 or after 9999 are #VALUE! (elapsed times excepted). */
function formatted(code: string, value: number | string | boolean, locale: string): string {
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

export const TEXT_FUNCTION: CustomFunction = {
  name: 'TEXT',
  minArgs: 2,
  maxArgs: 2,
  description: 'TEXT(value, format_text): the value shown with an Excel number format, as text',
  evaluate: (args) => {
    const value = plainArg('TEXT', args[0], 1);
    const code = textOf(plainArg('TEXT', args[1], 2));
    if (code === '') return '';
    if (!isValidNumberFormat(code)) throw valueError(`TEXT: "${code}" is not a number format`);
    const locale = formatLocale();
    if (value === null) return formatted(code, 0, locale);
    if (typeof value === 'string') {
      // Text that reads as a number (or a date, a percentage …) is formatted as that number.
      const trimmed = value.trim();
      const number = parseNumericText(trimmed) ?? parseTypedNumber(trimmed, locale)?.value;
      return formatted(code, number ?? value, locale);
    }
    return formatted(code, value, locale);
  },
};
