// A cell's display text: its value through its number format, as a spreadsheet shows it.
import { isFormulaError, type CellValue } from '../formula/index.js';
import type { CellFormat } from './cell-format.js';
import { formatLocale, formatNumber } from './number-format.js';

/** Whether a code formats text (a fourth section, or `@` in its only one). */
function formatsText(code: string): boolean {
  return code.includes('@');
}

export function displayText(
  value: CellValue | undefined,
  format: CellFormat | undefined,
  locale: string = formatLocale(),
): string {
  if (value === null || value === undefined) return '';
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const code = format?.number_format;
  if (typeof value === 'string')
    return code !== undefined && formatsText(code) ? formatNumber(code, value, locale) : value;
  // Whole numbers in General read as themselves: no call into the format engine (~25 µs each).
  if (code === undefined && Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  return formatNumber(code ?? 'General', value, locale);
}
