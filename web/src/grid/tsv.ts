// Clipboard text as other spreadsheet programs write it: tab-separated cells, one line per
// row, fields with tabs, newlines or quotes wrapped in double quotes ("" for a quote). Blank
// lines are kept as rows, so a paste never shifts later rows up (docs/ui-rules.md CLIP-02).

/** Rows of fields; a trailing line break (Excel adds one) does not make an extra row. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  // Unquoted fields are sliced whole rather than built a character at a time: a 500,000-cell
  // paste spent most of its parse in string appends.
  while (index < text.length) {
    let field: string;
    let end: number;
    const quoted = text[index] === '"' ? readQuoted(text, index) : undefined;
    if (quoted !== undefined) {
      field = quoted.value;
      end = quoted.next;
    } else {
      end = nextSeparator(text, index);
      field = text.slice(index, end);
    }
    row.push(field);
    if (end >= text.length) {
      rows.push(row);
      return rows;
    }
    if (text[end] !== '\t') {
      rows.push(row);
      row = [];
      if (text[end] === '\r' && text[end + 1] === '\n') end += 1;
    }
    index = end + 1;
    // A separator at the very end leaves one more (empty) field on this row, but a line break
    // there ends the text.
    if (index === text.length && row.length > 0) {
      row.push('');
      rows.push(row);
    }
  }
  return rows;
}

/** The index of the next tab or line break at or after `start` (text.length when none). */
function nextSeparator(text: string, start: number): number {
  for (let index = start; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 9 || code === 10 || code === 13) return index;
  }
  return text.length;
}

/** A quoted field starting at `start`, if it is properly closed before a separator. */
function readQuoted(text: string, start: number): { value: string; next: number } | undefined {
  let value = '';
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) return undefined;
    value += text.slice(index, quote);
    if (text[quote + 1] === '"') {
      value += '"';
      index = quote + 2;
      continue;
    }
    const after = text[quote + 1];
    if (after === undefined || after === '\t' || after === '\n' || after === '\r')
      return { value, next: quote + 1 };
    return undefined;
  }
}

function quoteField(field: string): string {
  return /[\t\n\r"]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteField).join('\t')).join('\n');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The text/html flavour spreadsheet programs read as a table. */
export function toHtmlTable(rows: readonly (readonly string[])[]): string {
  const body = rows
    .map((row) => `<tr>${row.map((field) => `<td>${escapeHtml(field)}</td>`).join('')}</tr>`)
    .join('');
  return `<table>${body}</table>`;
}
