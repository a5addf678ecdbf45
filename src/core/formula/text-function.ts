// TEXT(value, format_text) through the workbook's one number-format engine (numfmt), the same
// code the display text and xlsx export use, instead of HyperFormula's own TEXT (which knew
// few codes: TEXT(0.25,"0%") gave "0%").
import {
  formatLocale,
  formatNumber,
  isValidNumberFormat,
  parseTypedNumber,
} from '../format/number-format.js';
import { parseNumericText } from '../value-typing.js';
import { plainArg, textOf, valueError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

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
    if (value === null) return formatNumber(code, 0, locale);
    if (typeof value === 'string') {
      // Text that reads as a number (or a date, a percentage …) is formatted as that number.
      const trimmed = value.trim();
      const number = parseNumericText(trimmed) ?? parseTypedNumber(trimmed, locale)?.value;
      return formatNumber(code, number ?? value, locale);
    }
    return formatNumber(code, value, locale);
  },
};
