// Reading formula text without a parser: the functions a formula calls, the cells and defined
// names it refers to (moved for a shared formula's other cells), and references to other
// workbooks. Good enough for attribution and the "depends on a volatile function" rule; it does
// not follow INDIRECT or OFFSET.

const MAX_ROW = 1_048_575;
const MAX_COL = 16_383;

/** Functions whose cells (and every cell depending on them) are not scored. */
export const VOLATILE_FUNCTIONS: ReadonlySet<string> = new Set([
  'TODAY',
  'NOW',
  'RAND',
  'RANDBETWEEN',
  'RANDARRAY',
]);

/**
 * The formula with the inside of its string literals ("…") blanked, and with `sheetNames` also
 * that of quoted sheet names ('…'); same length, so positions still line up.
 */
export function blankLiterals(formula: string, sheetNames: boolean): string {
  let out = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < formula.length; i += 1) {
    const char = formula[i]!;
    if (quote === undefined) {
      if (char === '"' || (char === "'" && sheetNames)) quote = char;
      out += char;
    } else if (char === quote) {
      if (formula[i + 1] === quote) {
        out += '  ';
        i += 1;
      } else {
        quote = undefined;
        out += char;
      }
    } else out += ' ';
  }
  return out;
}

const FUNCTION_CALL = /(?<![A-Za-z0-9_.\\$])((?:_xl(?:fn|ws|udf)\.)*)([A-Z][A-Z0-9._]*)\(/g;

/**
 * Distinct function names a formula calls, `_xlfn.`/`_xlws.` prefixes dropped (`SORT`, `RANK.EQ`).
 * Excel stores a call with its parenthesis right after the name; `G4 (A1:B9)` is an intersection.
 */
export function functionsCalled(formula: string): string[] {
  const names = new Set<string>();
  for (const match of blankLiterals(formula, true).matchAll(FUNCTION_CALL)) names.add(match[2]!);
  return [...names];
}

/** A reference to a workbook by index (`[1]Sheet1!A1`, `'[1]My sheet'!A1`, `[1]!Name`). */
export function refersToOtherWorkbook(formula: string): boolean {
  return /\[\d+\][^'!\[\](),]*'?!/.test(blankLiterals(formula, false));
}

export interface Area {
  /** The sheet named in the reference; undefined for the formula's own sheet. */
  readonly sheet: string | undefined;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

interface Corner {
  readonly row: number;
  readonly col: number;
  readonly fixedRow: boolean;
  readonly fixedCol: boolean;
}

interface RawArea {
  readonly sheet: string | undefined;
  readonly from: Corner;
  readonly to: Corner;
}

export interface References {
  readonly areas: readonly RawArea[];
  /** Identifiers that may be defined names (upper case), with the sheet they were qualified by. */
  readonly names: readonly { readonly name: string; readonly sheet: string | undefined }[];
}

const SHEET = String.raw`(?:'((?:[^']|'')+)'|([A-Za-z0-9_.\u00A1-\uFFFF]+(?::[A-Za-z0-9_.\u00A1-\uFFFF]+)?))!`;
const CELL = String.raw`\$?[A-Z]{1,3}\$?[0-9]+`;
const AREA = String.raw`(${CELL})(?::(${CELL}))?|(\$?[A-Z]{1,3}):(\$?[A-Z]{1,3})|(\$?[0-9]+):(\$?[0-9]+)`;
const BEFORE = String.raw`(?<![A-Za-z0-9_.$'!\]\\])`;
const AFTER = String.raw`(?![A-Za-z0-9_.(!\[])`;
const REFERENCE = new RegExp(`${BEFORE}(?:${SHEET})?(?:${AREA})${AFTER}`, 'g');
// Names may be called like functions (a LAMBDA in a defined name: `cal_month(1)`).
const IDENTIFIER = new RegExp(
  `${BEFORE}(?:${SHEET})?([A-Za-z_\\\\][A-Za-z0-9_.\\\\?]*)(?![A-Za-z0-9_.!\\[])`,
  'g',
);

function columnNumber(letters: string): number {
  let col = 0;
  for (const letter of letters) col = col * 26 + (letter.charCodeAt(0) - 64);
  return col - 1;
}

function corner(text: string): Corner {
  const match = /^(\$?)([A-Z]{1,3})(\$?)([0-9]+)$/.exec(text)!;
  return {
    col: columnNumber(match[2]!),
    fixedCol: match[1] === '$',
    row: Number(match[4]) - 1,
    fixedRow: match[3] === '$',
  };
}

function sheetOf(quoted: string | undefined, plain: string | undefined): string | undefined {
  if (quoted !== undefined) return quoted.replace(/''/g, "'").split(':')[0];
  // A 3-D reference (Sheet1:Sheet3!A1) is taken as its first sheet.
  return plain?.split(':')[0];
}

/** The areas and possible defined names a formula refers to (other workbooks' references left out). */
export function referencesOf(formula: string): References {
  const text = blankLiterals(formula, false);
  const areas: RawArea[] = [];
  let rest = '';
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const sheet = sheetOf(match[1], match[2]);
    const [, , , c1, c2, col1, col2, row1, row2] = match;
    if (c1 !== undefined) {
      const from = corner(c1);
      areas.push({ sheet, from, to: c2 === undefined ? from : corner(c2) });
    } else if (col1 !== undefined && col2 !== undefined) {
      const a = columnNumber(col1.replace('$', ''));
      const b = columnNumber(col2.replace('$', ''));
      areas.push({
        sheet,
        from: { row: 0, col: a, fixedRow: true, fixedCol: col1.startsWith('$') },
        to: { row: MAX_ROW, col: b, fixedRow: true, fixedCol: col2.startsWith('$') },
      });
    } else if (row1 !== undefined && row2 !== undefined) {
      const a = Number(row1.replace('$', '')) - 1;
      const b = Number(row2.replace('$', '')) - 1;
      areas.push({
        sheet,
        from: { row: a, col: 0, fixedRow: row1.startsWith('$'), fixedCol: true },
        to: { row: b, col: MAX_COL, fixedRow: row2.startsWith('$'), fixedCol: true },
      });
    }
    rest += text.slice(last, match.index) + ' '.repeat(match[0].length);
    last = match.index + match[0].length;
  }
  rest += text.slice(last);
  const names: { name: string; sheet: string | undefined }[] = [];
  for (const match of blankLiterals(rest, true).matchAll(IDENTIFIER)) {
    // Quoted sheet names were blanked for this pass, so read the qualifier from the original.
    const quoted = match[1];
    const sheet =
      quoted === undefined
        ? sheetOf(undefined, match[2])
        : sheetOf(rest.slice(match.index + 1, match.index + 1 + quoted.length), undefined);
    names.push({ name: match[3]!.toUpperCase(), sheet });
  }
  return { areas, names };
}

/** The areas moved by a shared formula's offset from its master (fixed parts stay). */
export function shiftAreas(areas: readonly RawArea[], rows: number, cols: number): Area[] {
  const move = (point: Corner): { row: number; col: number } => ({
    row: point.fixedRow ? point.row : point.row + rows,
    col: point.fixedCol ? point.col : point.col + cols,
  });
  return areas.map((area) => {
    const from = move(area.from);
    const to = move(area.to);
    return {
      sheet: area.sheet,
      top: Math.min(from.row, to.row),
      bottom: Math.max(from.row, to.row),
      left: Math.min(from.col, to.col),
      right: Math.max(from.col, to.col),
    };
  });
}

/** `A1:C3` (or `A1`) as an area of `sheet`; undefined when it is not one. */
export function areaOf(sheet: string, range: string): Area | undefined {
  const [a, b] = range.split(':');
  if (a === undefined || !new RegExp(`^${CELL}$`).test(a)) return undefined;
  const from = corner(a);
  const to = b !== undefined && new RegExp(`^${CELL}$`).test(b) ? corner(b) : from;
  return {
    sheet,
    top: Math.min(from.row, to.row),
    bottom: Math.max(from.row, to.row),
    left: Math.min(from.col, to.col),
    right: Math.max(from.col, to.col),
  };
}

function columnLetters(col: number): string {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * A shared formula's text as it reads in a cell `rows`/`cols` away from its master (relative
 * parts moved; one that leaves the sheet becomes #REF!), for showing mismatches.
 */
export function shiftFormula(formula: string, rows: number, cols: number): string {
  if (rows === 0 && cols === 0) return formula;
  const row = (fixed: string, value: string): string | undefined => {
    const moved = fixed === '$' ? Number(value) : Number(value) + rows;
    return moved < 1 || moved > MAX_ROW + 1 ? undefined : `${fixed}${moved}`;
  };
  const col = (fixed: string, letters: string): string | undefined => {
    const moved = fixed === '$' ? columnNumber(letters) : columnNumber(letters) + cols;
    return moved < 0 || moved > MAX_COL ? undefined : `${fixed}${columnLetters(moved)}`;
  };
  const text = blankLiterals(formula, false);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const original = formula.slice(match.index, match.index + match[0].length);
    const bang = original.lastIndexOf('!') + 1;
    const isCells = match[3] !== undefined;
    const isColumns = match[5] !== undefined;
    let broken = false;
    const area = original
      .slice(bang)
      .replace(/(\$?)([A-Z]{1,3})?(\$?)([0-9]+)?/g, (whole, ...parts) => {
        if (whole === '') return whole;
        const [colFixed, letters, rowFixed, digits] = parts as (string | undefined)[];
        let moved: string | undefined = '';
        if (isCells) {
          const c = col(colFixed ?? '', letters ?? 'A');
          const r = row(rowFixed ?? '', digits ?? '1');
          moved = c === undefined || r === undefined ? undefined : c + r;
        } else if (isColumns) moved = col(colFixed ?? '', letters ?? 'A');
        else moved = row(colFixed ?? rowFixed ?? '', digits ?? '1');
        if (moved === undefined) broken = true;
        return moved ?? '';
      });
    out += formula.slice(last, match.index) + (broken ? '#REF!' : original.slice(0, bang) + area);
    last = match.index + match[0].length;
  }
  return out + formula.slice(last);
}
