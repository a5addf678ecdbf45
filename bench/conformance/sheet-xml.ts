// The answer key of one workbook, read from its sheet XML (not through exceljs, which drops a
// cached FALSE and turns cached values of date-formatted cells into dates): every formula cell
// of every worksheet with its formula text and the value Excel cached beside it, plus the
// workbook's defined names (the volatile-dependency analysis follows them).
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';

/** A value Excel cached: numbers as numbers, text, booleans, errors by kind (`#N/A`, …). */
export type ExpectedValue =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'error'; readonly value: string };

export type FormulaKind = 'normal' | 'shared' | 'array' | 'dataTable';

export interface FormulaCell {
  readonly sheet: string;
  /** A1 address as written in the file (`r`). */
  readonly address: string;
  /** Zero-based, like Gridbook's sheet API. */
  readonly row: number;
  readonly col: number;
  readonly kind: FormulaKind;
  /**
   * The formula as written (no leading `=`); a shared formula's other cells carry their master's
   * text, and `shift` says how far they sit from it.
   */
  readonly formula: string;
  readonly shift: { readonly rows: number; readonly cols: number };
  /** An array formula's range (`ref`), for the cells it fills. */
  readonly arrayRef: string | undefined;
  /** Excel's cached value; undefined when the cell has none. */
  readonly expected: ExpectedValue | undefined;
}

export interface DefinedName {
  readonly name: string;
  /** The sheet a local name belongs to; undefined for a workbook-wide name. */
  readonly sheet: string | undefined;
  readonly formula: string;
}

export interface ExpectedWorkbook {
  readonly sheets: readonly string[];
  readonly cells: readonly FormulaCell[];
  readonly names: readonly DefinedName[];
}

const WORKSHEET_TYPE = /\/worksheet$/;

/** `AB12` → zero-based row 11, column 27; undefined when it is not an A1 cell address. */
export function parseA1(address: string): { row: number; col: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(address);
  if (match === null) return undefined;
  let col = 0;
  for (const letter of match[1]!.toUpperCase()) col = col * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, col: col - 1 };
}

interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** Walks an XML document with local names (prefixes dropped: `x:c` is `c`). */
function walkXml(xml: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser();
  const local = (name: string): string => name.slice(name.indexOf(':') + 1);
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attributes[local(key)] = value;
    handlers.open?.(local(tag.name), attributes);
    if (tag.isSelfClosing) handlers.close?.(local(tag.name));
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) handlers.close?.(local(tag.name));
  });
  if (handlers.text !== undefined) {
    const onText = handlers.text;
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  parser.write(xml).close();
}

async function readText(zip: JSZip, path: string): Promise<string | undefined> {
  const file = zip.file(path) ?? zip.file(path.replace(/^\//, ''));
  return file === null ? undefined : file.async('string');
}

/** `worksheets/sheet1.xml` relative to `xl/`, or an absolute `/xl/worksheets/sheet1.xml`. */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts: string[] = ['xl'];
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

interface WorkbookParts {
  readonly sheets: { readonly name: string; readonly path: string | undefined }[];
  readonly names: DefinedName[];
}

async function readWorkbookParts(zip: JSZip): Promise<WorkbookParts> {
  const workbookXml = await readText(zip, 'xl/workbook.xml');
  if (workbookXml === undefined) throw new Error('xl/workbook.xml is missing');
  const relsXml = (await readText(zip, 'xl/_rels/workbook.xml.rels')) ?? '';
  const targets = new Map<string, string>();
  walkXml(relsXml, {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const { Id: id, Target: target, Type: type } = attributes;
      if (id !== undefined && target !== undefined && WORKSHEET_TYPE.test(type ?? ''))
        targets.set(id, partPath(target));
    },
  });
  const sheets: { name: string; path: string | undefined }[] = [];
  const names: DefinedName[] = [];
  let openName: { name: string; localSheetId: string | undefined; text: string } | undefined;
  const pendingNames: { name: string; localSheetId: string | undefined; text: string }[] = [];
  walkXml(workbookXml, {
    open(name, attributes) {
      if (name === 'sheet') {
        const id = attributes['id'];
        sheets.push({
          name: attributes['name'] ?? '',
          path: id === undefined ? undefined : targets.get(id),
        });
      } else if (name === 'definedName') {
        openName = {
          name: attributes['name'] ?? '',
          localSheetId: attributes['localSheetId'],
          text: '',
        };
      }
    },
    text(text) {
      if (openName !== undefined) openName.text += text;
    },
    close(name) {
      if (name === 'definedName' && openName !== undefined) {
        pendingNames.push(openName);
        openName = undefined;
      }
    },
  });
  for (const pending of pendingNames) {
    const index = pending.localSheetId === undefined ? undefined : Number(pending.localSheetId);
    names.push({
      name: pending.name,
      sheet: index === undefined ? undefined : sheets[index]?.name,
      formula: pending.text,
    });
  }
  return { sheets, names };
}

async function readSharedStrings(zip: JSZip): Promise<string[]> {
  const xml = await readText(zip, 'xl/sharedStrings.xml');
  if (xml === undefined) return [];
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  walkXml(xml, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText && current !== undefined) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = undefined;
      }
    },
  });
  return strings;
}

/**
 * Text as the file means it: OOXML writes characters XML cannot carry (control characters) as
 * `_xHHHH_`, and a literal `_x` that would read as one with `_x005F_` before it (ST_Xstring).
 */
export function decodeXstring(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function expectedOf(
  type: string,
  cached: string | undefined,
  inline: string | undefined,
  strings: readonly string[],
): ExpectedValue | undefined {
  switch (type) {
    case 'b':
      return cached === undefined || cached === ''
        ? undefined
        : {
            kind: 'boolean',
            value: cached.trim() === '1' || cached.trim().toUpperCase() === 'TRUE',
          };
    case 'e':
      return cached === undefined || cached === ''
        ? undefined
        : { kind: 'error', value: cached.trim() };
    case 'str':
      // Excel writes an empty result as <v></v> (or <v/>): a cached "".
      return cached === undefined ? undefined : { kind: 'text', value: decodeXstring(cached) };
    case 's': {
      const text = cached === undefined ? undefined : strings[Number(cached)];
      return text === undefined ? undefined : { kind: 'text', value: decodeXstring(text) };
    }
    case 'inlineStr':
      return inline === undefined ? undefined : { kind: 'text', value: decodeXstring(inline) };
    case 'd':
      // ISO dates: Excel itself never writes them for formula results; left unscored.
      return undefined;
    default: {
      if (cached === undefined || cached.trim() === '') return undefined;
      const value = Number(cached);
      return Number.isNaN(value) ? undefined : { kind: 'number', value };
    }
  }
}

interface RawCell {
  address: string;
  type: string;
  formulaAttributes: Record<string, string> | undefined;
  formula: string;
  cached: string | undefined;
  inline: string | undefined;
}

function readSheetCells(sheet: string, xml: string, strings: readonly string[]): FormulaCell[] {
  const raw: RawCell[] = [];
  let cell: RawCell | undefined;
  let inside: 'f' | 'v' | 'is-t' | undefined;
  let inInline = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'c') {
        cell = {
          address: attributes['r'] ?? '',
          type: attributes['t'] ?? 'n',
          formulaAttributes: undefined,
          formula: '',
          cached: undefined,
          inline: undefined,
        };
      } else if (cell !== undefined) {
        if (name === 'f') {
          cell.formulaAttributes = attributes;
          inside = 'f';
        } else if (name === 'v') {
          cell.cached = '';
          inside = 'v';
        } else if (name === 'is') {
          inInline = true;
          cell.inline = '';
        } else if (name === 't' && inInline) inside = 'is-t';
      }
    },
    text(text) {
      if (cell === undefined || inside === undefined) return;
      if (inside === 'f') cell.formula += text;
      else if (inside === 'v') cell.cached = (cell.cached ?? '') + text;
      else cell.inline = (cell.inline ?? '') + text;
    },
    close(name) {
      if (name === 'c') {
        if (cell?.formulaAttributes !== undefined) raw.push(cell);
        cell = undefined;
        inInline = false;
      } else if (name === 'f' || name === 'v' || name === 't') inside = undefined;
      else if (name === 'is') inInline = false;
    },
  });
  // Shared formulas: the master (the cell whose <f> has text) gives its text to the others.
  const masters = new Map<string, { formula: string; row: number; col: number }>();
  for (const entry of raw) {
    const attributes = entry.formulaAttributes!;
    const at = parseA1(entry.address);
    const si = attributes['si'];
    if (attributes['t'] === 'shared' && si !== undefined && entry.formula !== '' && at)
      if (!masters.has(si)) masters.set(si, { formula: entry.formula, ...at });
  }
  const cells: FormulaCell[] = [];
  for (const entry of raw) {
    const at = parseA1(entry.address);
    if (at === undefined) continue;
    const attributes = entry.formulaAttributes!;
    const type = attributes['t'];
    const kind: FormulaKind =
      type === 'shared'
        ? 'shared'
        : type === 'array'
          ? 'array'
          : type === 'dataTable'
            ? 'dataTable'
            : 'normal';
    let formula = entry.formula;
    let shift = { rows: 0, cols: 0 };
    if (kind === 'shared' && formula === '') {
      const master = masters.get(attributes['si'] ?? '');
      if (master !== undefined) {
        formula = master.formula;
        shift = { rows: at.row - master.row, cols: at.col - master.col };
      }
    }
    cells.push({
      sheet,
      address: entry.address.replace(/\$/g, '').toUpperCase(),
      row: at.row,
      col: at.col,
      kind,
      formula,
      shift,
      arrayRef: kind === 'array' ? attributes['ref'] : undefined,
      expected: expectedOf(entry.type, entry.cached, entry.inline, strings),
    });
  }
  return cells;
}

/** Reads every worksheet's formula cells and cached values, and the defined names. */
export async function readExpectedWorkbook(bytes: Uint8Array): Promise<ExpectedWorkbook> {
  const zip = await JSZip.loadAsync(bytes);
  const { sheets, names } = await readWorkbookParts(zip);
  const strings = await readSharedStrings(zip);
  const cells: FormulaCell[] = [];
  for (const sheet of sheets) {
    if (sheet.path === undefined) continue; // a chart sheet, dialog sheet or macro sheet
    const xml = await readText(zip, sheet.path);
    if (xml !== undefined) cells.push(...readSheetCells(sheet.name, xml, strings));
  }
  return { sheets: sheets.map((sheet) => sheet.name), cells, names };
}
