// Zip archives and .xlsx files written byte by byte, for tests that need a file no honest
// writer makes (a bomb declaring a false size) or a large one quickly (exceljs takes minutes
// to write a million cells; a sheet's XML written as text takes a second).
import { deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  readonly name: string;
  readonly content: Buffer;
  /** Stored as is instead of deflated. */
  readonly store?: boolean;
  /** The uncompressed size the headers declare (default: the true one). */
  readonly declaredSize?: number;
}

/** A minimal zip archive: local headers, data, central directory, end record. */
export function zipOf(files: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = file.store === true ? file.content : deflateRawSync(file.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(file.store === true ? 0 : 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(file.declaredSize ?? file.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(file.store === true ? 0 : 8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(file.declaredSize ?? file.content.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A one-sheet .xlsx whose sheet XML is `rowsXml` (the `<row>` elements), as Excel would lay it
 * out, minus styles and shared strings (numbers and inline strings need neither).
 */
export function xlsxOf(rowsXml: string | Buffer): Buffer {
  const text = (value: string): Buffer => Buffer.from(value, 'utf8');
  const sheet = Buffer.concat([
    text(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`),
    typeof rowsXml === 'string' ? text(rowsXml) : rowsXml,
    text('</sheetData></worksheet>'),
  ]);
  return zipOf([
    {
      name: '[Content_Types].xml',
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
  ]);
}

/**
 * An .xlsx of exactly `cells` numbers, 10 a row (the last row may be shorter): `cells` must be
 * the count, since GRIDBOOK_MAX_IMPORT_CELLS is checked against it to the cell. Written as text,
 * so a million cells take a second.
 */
export function xlsxWithCells(cells: number): Buffer {
  const columns = 10;
  const parts: string[] = [];
  for (let first = 0; first < cells; first += columns) {
    const row = first / columns + 1;
    let line = `<row r="${row}">`;
    for (let col = 0; col < Math.min(columns, cells - first); col += 1)
      line += `<c r="${String.fromCharCode(65 + col)}${row}"><v>${row + col}</v></c>`;
    parts.push(`${line}</row>`);
  }
  return xlsxOf(Buffer.from(parts.join('')));
}
