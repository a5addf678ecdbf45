// The toolbar's number formats: the menu's presets, which preset a format code is, and the
// decimal +/− buttons, which rewrite a code's decimal places the way spreadsheets do (every
// section of a multi-section code, literal text and colours left alone).

export interface NumberFormatPreset {
  readonly id: string;
  readonly label: string;
  /** The code the preset sets; null clears the cell's number format (General). */
  readonly code: string | null;
}

export const NUMBER_FORMAT_PRESETS: readonly NumberFormatPreset[] = [
  { id: 'automatic', label: 'Automatic', code: null },
  { id: 'number', label: 'Number  1,000.12', code: '#,##0.00' },
  { id: 'percent', label: 'Percent  10%', code: '0%' },
  { id: 'currency', label: 'Currency  $1,000.12', code: '"$"#,##0.00' },
  { id: 'date', label: 'Date  1/31/2026', code: 'm/d/yyyy' },
  { id: 'time', label: 'Time  2:30:00 PM', code: 'h:mm:ss AM/PM' },
  { id: 'text', label: 'Plain text', code: '@' },
];

/** A short name for the toolbar's menu button: the preset a code is, or "Custom". */
export function numberFormatName(code: string | undefined): string {
  if (code === undefined || code === 'General') return 'Automatic';
  const preset = NUMBER_FORMAT_PRESETS.find((candidate) => candidate.code === code);
  if (preset !== undefined) return preset.label.split('  ')[0]!;
  if (isPercentFormat(code)) return 'Percent';
  if (/[$€£¥]/.test(code)) return 'Currency';
  if (isDateTimeFormat(code)) return 'Date/time';
  return 'Custom';
}

/** Whether a code shows a date or a time (its letters outside quotes and brackets). */
export function isDateTimeFormat(code: string): boolean {
  return /[dmyhs]/i.test(stripLiterals(code).replace(/General/gi, ''));
}

/** Whether a code shows a calendar date (a day or a year), with or without a time of day. */
export function isDateFormat(code: string): boolean {
  return /[dy]/i.test(stripLiterals(code).replace(/General/gi, ''));
}

/** Whether a code shows a percentage. */
export function isPercentFormat(code: string): boolean {
  return stripLiterals(code).includes('%');
}

/**
 * What typing `text` into a cell shown through `code` stores, as Excel's automatic percent
 * entry: in a percentage cell a plain number of 1 or more is read as percent (20 → 0.2, shown
 * 20%), one below 1 is already the fraction (0.2 → 20%). The text is shifted two places as
 * decimal text, so 1.1 gives 0.011 and never 0.011000000000000001. Anything else is unchanged.
 */
export function percentEntry(text: string, code: string | undefined): string {
  if (code === undefined || !isPercentFormat(code)) return text;
  const number = /^\s*([-+]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (number === null) return text;
  const [, sign, whole = '', fraction = ''] = number;
  const digits = whole.replace(/,/g, '');
  if (!/[1-9]/.test(digits)) return text;
  const padded = digits.padStart(3, '0');
  const units = padded.slice(0, -2).replace(/^0+(?=\d)/, '');
  const decimals = (padded.slice(-2) + fraction).replace(/0+$/, '');
  return `${sign === '-' ? '-' : ''}${units}${decimals === '' ? '' : `.${decimals}`}`;
}

/**
 * What typing `text` into a cell of Excel's text format (`@`, "Plain text") stores: the text as
 * typed, never a number, date or formula (`00123` keeps its zeros, `1/2` stays 1/2), sent with
 * the `'` that keeps it text. Text already starting with `'`, an empty text (a clear) and other
 * formats are unchanged.
 */
export function textEntry(text: string, code: string | undefined): string {
  if (code?.trim() !== '@' || text.trim() === '' || text.startsWith("'")) return text;
  return `'${text}`;
}

/** A code without its quoted text, escaped characters and [colour]/[condition] brackets. */
function stripLiterals(code: string): string {
  return code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
}

/** Splits a code into its `;` sections, keeping quoted text and escapes intact. */
function sections(code: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index]!;
    if (char === '"') {
      const end = code.indexOf('"', index + 1);
      const stop = end === -1 ? code.length : end + 1;
      current += code.slice(index, stop);
      index = stop - 1;
    } else if (char === '\\' || char === '_' || char === '*') {
      current += code.slice(index, index + 2);
      index += 1;
    } else if (char === '[') {
      const end = code.indexOf(']', index);
      const stop = end === -1 ? code.length : end + 1;
      current += code.slice(index, stop);
      index = stop - 1;
    } else if (char === ';') {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** The indices of a section's characters that are format syntax (not literal text). */
function syntaxMask(section: string): boolean[] {
  const mask = Array<boolean>(section.length).fill(true);
  for (let index = 0; index < section.length; index += 1) {
    const char = section[index]!;
    let stop = index;
    if (char === '"') {
      const end = section.indexOf('"', index + 1);
      stop = end === -1 ? section.length - 1 : end;
    } else if (char === '\\' || char === '_' || char === '*') stop = index + 1;
    else if (char === '[') {
      const end = section.indexOf(']', index);
      stop = end === -1 ? section.length - 1 : end;
    } else continue;
    for (let at = index; at <= stop && at < section.length; at += 1) mask[at] = false;
    index = stop;
  }
  return mask;
}

/** One section with one decimal place more (delta 1) or fewer (delta −1); unchanged if it shows no number. */
function stepSection(section: string, delta: 1 | -1): string {
  const mask = syntaxMask(section);
  const isDigit = (at: number) => mask[at] === true && /[0#?]/.test(section[at]!);
  // Dates and times have no decimal places to change here.
  const bare = section.split('').filter((_, at) => mask[at]);
  if (bare.some((char) => /[dmyhsDMYHS]/.test(char)) || bare.join('').includes('@')) return section;
  let lastDigit = -1;
  for (let at = 0; at < section.length; at += 1) if (isDigit(at)) lastDigit = at;
  if (lastDigit === -1) return section;
  // The number's digits run back from its last placeholder through digits, commas and one point.
  let start = lastDigit;
  while (start > 0 && (isDigit(start - 1) || (mask[start - 1] && /[.,]/.test(section[start - 1]!))))
    start -= 1;
  const number = section.slice(start, lastDigit + 1);
  const point = number.indexOf('.');
  let next: string;
  if (delta === 1) next = point === -1 ? `${number}.0` : `${number}0`;
  else if (point === -1) return section;
  else {
    const decimals = number.slice(point + 1).replace(/,+$/, '');
    next = decimals.length <= 1 ? number.slice(0, point) : number.slice(0, point + decimals.length);
  }
  return section.slice(0, start) + next + section.slice(lastDigit + 1);
}

/** How many decimals a General number shows (the toolbar's starting point for +/−). */
function generalDecimals(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(Number(value.toFixed(10)));
  const point = text.indexOf('.');
  return point === -1 || text.includes('e') ? 0 : text.length - point - 1;
}

/**
 * The code after one click on "decimal +" (delta 1) or "decimal −" (−1). A General cell starts
 * from the decimals its value shows, so the first click changes what is seen by one place.
 */
export function stepDecimals(code: string | undefined, delta: 1 | -1, value: unknown): string {
  if (code === undefined || code === 'General' || code === '') {
    const decimals = Math.max(0, generalDecimals(value) + delta);
    return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
  }
  return sections(code)
    .map((section) => stepSection(section, delta))
    .join(';');
}
