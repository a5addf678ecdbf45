// Formats from another spreadsheet program's clipboard HTML. Excel, Google Sheets and LibreOffice
// put a <table> on the clipboard whose cells carry their look as inline styles, <b>/<i>/<u>/<s>
// tags, Excel's class rules in a <style> block, and Excel's `mso-number-format`. This file reads
// the styles (no DOM needed); html-table-formats.ts walks the table.
import type { CellFormatJson } from '../../../src/contract/index.js';

export type Declarations = ReadonlyMap<string, string>;

/** `a: b; c: d` as a map of lower-case property names to their values. */
export function parseDeclarations(style: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (name !== '' && value !== '') found.set(name, value);
  }
  return found;
}

/** `.xl65 {…}` rules of a <style> block, by class name (Excel's clipboard styles its cells so). */
export function parseClassRules(css: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\/|<!--|-->/g, '');
  for (const match of withoutComments.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const body = parseDeclarations(match[2]!);
    for (const selector of match[1]!.split(',')) {
      const name = /^\s*(?:td|th)?\.([\w-]+)\s*$/.exec(selector)?.[1];
      if (name === undefined) continue;
      rules.set(name, new Map([...(rules.get(name) ?? []), ...body]));
    }
  }
  return rules;
}

const NAMED_COLOURS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#FFFFFF',
  red: '#FF0000',
  green: '#008000',
  blue: '#0000FF',
  yellow: '#FFFF00',
  orange: '#FFA500',
  purple: '#800080',
  gray: '#808080',
  grey: '#808080',
  silver: '#C0C0C0',
  maroon: '#800000',
  navy: '#000080',
  teal: '#008080',
  lime: '#00FF00',
  aqua: '#00FFFF',
  fuchsia: '#FF00FF',
  olive: '#808000',
};

const hex2 = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();

/** A CSS colour as #RRGGBB; undefined for transparent, unknown or unreadable colours. */
export function cssColour(text: string): string | undefined {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  const named = NAMED_COLOURS[value];
  if (named !== undefined) return named;
  const long = /^#([0-9a-f]{6})$/.exec(value);
  if (long !== null) return `#${long[1]!.toUpperCase()}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short !== null)
    return `#${short
      .slice(1, 4)
      .map((digit) => digit + digit)
      .join('')
      .toUpperCase()}`;
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(
    value,
  );
  if (rgb === null) return undefined;
  const alpha = rgb[4];
  if (alpha !== undefined && parseFloat(alpha) === 0) return undefined;
  return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}`;
}

/** Excel's names for its built-in formats, as `mso-number-format` may give them. */
const MSO_NAMED_FORMATS: Readonly<Record<string, string>> = {
  general: 'General',
  'general number': 'General',
  fixed: '0.00',
  standard: '#,##0.00',
  percent: '0.00%',
  scientific: '0.00E+00',
  'short date': 'm/d/yyyy',
  'medium date': 'd-mmm-yy',
  'long date': 'dddd, mmmm d, yyyy',
  'short time': 'h:mm',
  'medium time': 'h:mm AM/PM',
  'long time': 'h:mm:ss AM/PM',
  '@': '@',
};

/**
 * Excel's `mso-number-format` value as a number format code: quotes around it dropped, `\0022`
 * style escapes turned back into characters, `\X` escapes kept only where the code needs them.
 */
export function msoNumberFormat(value: string): string | undefined {
  let code = value.trim();
  if (/^(['"]).*\1$/s.test(code)) code = code.slice(1, -1);
  code = code.replace(/\\([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  // Excel escapes most punctuation (\#\,\#\#0\.00); only text characters need the escape.
  code = code.replace(/\\([#,.0?%:;\-/() @])/g, '$1');
  const named = MSO_NAMED_FORMATS[code.toLowerCase()];
  if (named !== undefined) return named === 'General' ? undefined : named;
  return code === '' || code.length > 255 ? undefined : code;
}

/** The tags that style a cell's text from inside it. */
export interface InnerTags {
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly strikethrough: boolean;
}

/**
 * A cell's format from its style declarations (class rules first, its own inline style over them)
 * and the styling tags inside it. Plain black text on white is no format: a paste from a plain
 * table changes nothing but the values.
 */
export function formatFromStyles(declarations: Declarations, tags: InnerTags): CellFormatJson {
  const format: { -readonly [K in keyof CellFormatJson]: CellFormatJson[K] } = {};
  const weight = declarations.get('font-weight');
  if (tags.bold || (weight !== undefined && (/bold/i.test(weight) || Number(weight) >= 600)))
    format.bold = true;
  if (tags.italic || /italic|oblique/i.test(declarations.get('font-style') ?? ''))
    format.italic = true;
  const decoration = [
    declarations.get('text-decoration') ?? '',
    declarations.get('text-decoration-line') ?? '',
  ].join(' ');
  if (tags.underline || /underline/i.test(decoration) || declarations.has('text-underline-style'))
    format.underline = true;
  if (tags.strikethrough || /line-through/i.test(decoration)) format.strikethrough = true;
  const colour = cssColour(declarations.get('color') ?? '');
  if (colour !== undefined && colour !== '#000000') format.color = colour;
  const fill = cssColour(
    declarations.get('background-color') ?? declarations.get('background') ?? '',
  );
  // White is every program's page colour: copying it would paint white over banded rows.
  if (fill !== undefined && fill !== '#FFFFFF') format.fill = fill;
  const align = (declarations.get('text-align') ?? '').toLowerCase();
  if (align === 'left' || align === 'center' || align === 'right') format.align = align;
  const whiteSpace = (declarations.get('white-space') ?? '').toLowerCase();
  if (whiteSpace === 'normal' || whiteSpace === 'pre-wrap' || declarations.get('overflow-wrap'))
    format.wrap = true;
  const mso = declarations.get('mso-number-format');
  const code = mso === undefined ? undefined : msoNumberFormat(mso);
  if (code !== undefined) format.number_format = code;
  return format;
}
