// Clipboard text as other spreadsheet programs write it: tab-separated cells, one line per
// row, fields with tabs, newlines or quotes wrapped in double quotes ("" for a quote). Blank
// lines are kept as rows, so a paste never shifts later rows up (ui.md §1.18 defect 4).

/** Rows of fields; a trailing line break (Excel adds one) does not make an extra row. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let index = 0;
  let atFieldStart = true;
  while (index < text.length) {
    const char = text[index]!;
    if (atFieldStart && char === '"') {
      const end = readQuoted(text, index);
      if (end !== undefined) {
        field = end.value;
        index = end.next;
        atFieldStart = false;
        continue;
      }
    }
    atFieldStart = false;
    if (char === '\t') {
      row.push(field);
      field = '';
      atFieldStart = true;
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      atFieldStart = true;
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (!atFieldStart || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A quoted field starting at `start`, if it is properly closed before a separator. */
function readQuoted(text: string, start: number): { value: string; next: number } | undefined {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      if (text[index + 1] === '"') {
        value += '"';
        index += 2;
        continue;
      }
      const after = text[index + 1];
      if (after === undefined || after === '\t' || after === '\n' || after === '\r') return { value, next: index + 1 };
      return undefined;
    }
    value += char;
    index += 1;
  }
  return undefined;
}

function quoteField(field: string): string {
  return /[\t\n\r"]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteField).join('\t')).join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text/html flavour spreadsheet programs read as a table. */
export function toHtmlTable(rows: readonly (readonly string[])[]): string {
  const body = rows.map((row) => `<tr>${row.map((field) => `<td>${escapeHtml(field)}</td>`).join('')}</tr>`).join('');
  return `<table>${body}</table>`;
}
