// The formats of a pasted HTML table, cell by cell. The HTML is read with the browser's DOMParser
// into an inert document (after defusing it): nothing in it runs or loads.
import type { CellFormatJson } from '../../../src/contract/index.js';
import { formatFromStyles, parseClassRules, parseDeclarations } from './html-paste.js';

/** The formats of a pasted table, row by row (cells spanning several columns repeat). */
export function formatsFromHtml(html: string): CellFormatJson[][] | undefined {
  if (!/<table[\s>]/i.test(html)) return undefined;
  // DOMParser builds an inert document where scripts never run; Chromium still tries an <img>'s
  // error handler there (blocked by the page's CSP, but noted). Only the table's structure, its
  // styles and its b/i/u/s tags are read, so elements that load things and every on… handler
  // are renamed before parsing.
  const inert = html
    .replace(
      /<(\/?)(img|image|script|iframe|frame|object|embed|link|video|audio|source|svg|math|base|meta)\b/gi,
      '<$1x-$2',
    )
    .replace(/\son[a-z]+\s*=/gi, ' data-x=');
  const document = new DOMParser().parseFromString(inert, 'text/html');
  const table = document.querySelector('table');
  if (table === null) return undefined;
  const classes = parseClassRules(
    Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n'),
  );
  const rows: CellFormatJson[][] = [];
  for (const row of Array.from(table.rows)) {
    const rowStyle = parseDeclarations(row.getAttribute('style') ?? '');
    const formats: CellFormatJson[] = [];
    for (const cell of Array.from(row.cells)) {
      const declarations = new Map<string, string>(rowStyle);
      for (const name of Array.from(cell.classList))
        for (const [key, value] of classes.get(name) ?? []) declarations.set(key, value);
      // The styles of a single wrapper inside the cell (Sheets and LibreOffice use <span>/<font>).
      for (const inner of Array.from(cell.querySelectorAll('span, font, div, p')))
        for (const [key, value] of parseDeclarations(inner.getAttribute('style') ?? ''))
          declarations.set(key, value);
      for (const [key, value] of parseDeclarations(cell.getAttribute('style') ?? ''))
        declarations.set(key, value);
      const fontColour = cell.querySelector('font[color]')?.getAttribute('color');
      if (fontColour != null && !declarations.has('color')) declarations.set('color', fontColour);
      const bgcolor = cell.getAttribute('bgcolor');
      if (bgcolor !== null && !declarations.has('background-color'))
        declarations.set('background-color', bgcolor);
      const format = formatFromStyles(declarations, {
        bold: cell.querySelector('b, strong') !== null,
        italic: cell.querySelector('i, em') !== null,
        underline: cell.querySelector('u') !== null,
        strikethrough: cell.querySelector('s, strike, del') !== null,
      });
      for (let span = 0; span < Math.max(1, cell.colSpan); span += 1) formats.push(format);
    }
    rows.push(formats);
  }
  return rows;
}
