// Text functions whose answers belong to one language or currency, as Excel answers them:
// DOLLAR in en-US currency ("$1,234.57", negatives in parentheses), ASC (full-width Latin letters,
// digits, punctuation and the ideographic space to their half-width forms; anything else as it
// is) and BAHTTEXT (a number in Thai words with baht and satang).
import { numberArg, integerArg, textArg, valueError } from './excel-arguments.js';
import { fixedDecimals } from './excel-text-functions.js';
import type { CustomFunction } from './function-registry.js';

const dollar: CustomFunction = {
  name: 'DOLLAR',
  minArgs: 1,
  maxArgs: 2,
  category: 'Text',
  parameters: ['number', 'decimals'],
  description:
    'DOLLAR(number, [decimals=2]): the number rounded to that many decimals as currency text, such as "$1,234.57" or "($0.50)"',
  evaluate: (args) => {
    const number = numberArg('DOLLAR', args, 0);
    const decimals = integerArg('DOLLAR', args, 1, 2);
    if (decimals > 127) return valueError('DOLLAR: decimals can be at most 127');
    const { negative, digits } = fixedDecimals(number, decimals, true);
    return negative ? `($${digits})` : `$${digits}`;
  },
};

/** U+FF01…U+FF5E are the full-width forms of ! … ~ (U+0021…U+007E); U+3000 is the ideographic space. */
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/g;

const asc: CustomFunction = {
  name: 'ASC',
  minArgs: 1,
  maxArgs: 1,
  category: 'Text',
  parameters: ['text'],
  description:
    'ASC(text): the text with full-width (double-byte) letters, digits, punctuation and spaces changed to half-width',
  evaluate: (args) =>
    textArg('ASC', args, 0).replace(FULL_WIDTH, (char) =>
      char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
    ),
};

const THAI_DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
/** The place words of a group of six digits, units first. */
const THAI_PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];
const MILLION = 'ล้าน';

/** Thai words of 1 … 999,999: 1 in the tens is สิบ, 2 there ยี่สิบ, and a final 1 after other digits เอ็ด. */
function thaiGroup(value: number): string {
  const digits = String(value).split('').reverse().map(Number);
  let words = '';
  for (let place = digits.length - 1; place >= 0; place -= 1) {
    const digit = digits[place]!;
    if (digit === 0) continue;
    if (place === 1 && digit === 1) words += THAI_PLACES[1];
    else if (place === 1 && digit === 2) words += `ยี่${THAI_PLACES[1]}`;
    else if (place === 0 && digit === 1 && value > 1) words += 'เอ็ด';
    else words += THAI_DIGITS[digit]! + THAI_PLACES[place]!;
  }
  return words;
}

/** Thai words of a whole number above 0: groups of six digits joined by ล้าน (million). */
function thaiNumber(value: number): string {
  const high = Math.floor(value / 1_000_000);
  const low = value % 1_000_000;
  const highWords = high > 0 ? thaiNumber(high) + MILLION : '';
  return highWords + (low > 0 ? thaiGroup(low) : '');
}

const bahtText: CustomFunction = {
  name: 'BAHTTEXT',
  minArgs: 1,
  maxArgs: 1,
  category: 'Text',
  parameters: ['number'],
  description:
    'BAHTTEXT(number): the number in Thai words with "baht" and "satang" (rounded to the satang)',
  evaluate: (args) => {
    const number = numberArg('BAHTTEXT', args, 0);
    const satangTotal = Math.round(Math.abs(number) * 100);
    const baht = Math.floor(satangTotal / 100);
    const satang = satangTotal % 100;
    const sign = satangTotal > 0 && number < 0 ? 'ลบ' : '';
    if (satang === 0) return `${sign}${baht > 0 ? thaiNumber(baht) : THAI_DIGITS[0]}บาทถ้วน`;
    const bahtWords = baht > 0 ? `${thaiNumber(baht)}บาท` : '';
    return `${sign}${bahtWords}${thaiNumber(satang)}สตางค์`;
  },
};

export const EXCEL_LOCALE_TEXT_FUNCTIONS: readonly CustomFunction[] = [dollar, asc, bahtText];
