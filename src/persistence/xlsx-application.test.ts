// Which Excel saved an .xlsx decides the character set CHAR and CODE compute with: Excel for the
// Mac's own (docProps/app.xml names "Microsoft Macintosh Excel"), else the Windows code page.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../test/support/workbook-bed.js';
import type { Workbook } from '../core/index.js';
import { decodeXlsx } from './xlsx-codec.js';
import { characterSetOfAppXml, readCharacterSet } from './xlsx-application.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const { open } = useWorkbooks();

const appXml = (application: string): string =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties ' +
  'xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
  `<Application>${application}</Application><AppVersion>16.0300</AppVersion></Properties>`;

async function applicationOf(xlsx: Uint8Array): Promise<string | undefined> {
  const xml = await (await JSZip.loadAsync(xlsx)).file('docProps/app.xml')?.async('string');
  return xml === undefined ? undefined : /<Application>([^<]*)</.exec(xml)?.[1];
}

/** The file with its app.xml naming `application` instead, as that Excel would have saved it. */
async function savedBy(xlsx: Uint8Array, application: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  zip.file('docProps/app.xml', appXml(application));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function charTable(): Workbook {
  const book = open();
  writeCell(book, 'A1', '=CHAR(128)');
  writeCell(book, 'A2', '=CODE("€")');
  return book;
}

async function imported(xlsx: Uint8Array): Promise<Workbook> {
  const copy = open();
  copy.apply(await importXlsxOps(copy, xlsx, 'Copy.xlsx'));
  return copy;
}

describe("the character set of an .xlsx's application", () => {
  it.each([
    ['Microsoft Macintosh Excel', 'mac-roman'],
    ['Microsoft Excel', 'windows-1252'],
    ['Microsoft Excel Online', 'windows-1252'],
    ['Excel Android', 'windows-1252'],
  ])('%s computes in %s', (application, expected) => {
    expect(characterSetOfAppXml(appXml(application))).toBe(expected);
  });

  it('a file without docProps/app.xml, or whose app.xml names no application, is Windows', () => {
    expect(characterSetOfAppXml(undefined)).toBe('windows-1252');
    expect(characterSetOfAppXml('<Properties><Company>x</Company></Properties>')).toBe(
      'windows-1252',
    );
  });

  it('bytes that are not a zip read as Windows (the import itself then reports them)', async () => {
    expect(await readCharacterSet(Buffer.from('not a zip'))).toBe('windows-1252');
  });
});

describe('xlsx import and export of the character set', () => {
  it('a file saved by Excel for the Mac imports computing CHAR and CODE in the Macintosh set', async () => {
    const xlsx = await savedBy(await exportXlsx(charTable(), {}), 'Microsoft Macintosh Excel');
    expect((await decodeXlsx(xlsx)).characterSet).toBe('mac-roman');
    const copy = await imported(xlsx);
    expect(valueAt(copy, 'A1')).toBe('Ä');
    expect(valueAt(copy, 'A2')).toBe(219);
    expect(copy.document().characterSet).toBe('mac-roman');
  });

  it('a file saved by Excel for Windows imports in the Windows code page', async () => {
    const xlsx = await savedBy(await exportXlsx(charTable(), {}), 'Microsoft Excel');
    expect((await decodeXlsx(xlsx)).characterSet).toBeUndefined();
    const copy = await imported(xlsx);
    expect(valueAt(copy, 'A1')).toBe('€');
    expect(valueAt(copy, 'A2')).toBe(128);
  });

  it('a Mac workbook exports as Excel for the Mac and reads back the same', async () => {
    const mac = await imported(
      await savedBy(await exportXlsx(charTable(), {}), 'Microsoft Macintosh Excel'),
    );
    const again = await exportXlsx(mac, {});
    expect(await applicationOf(again)).toBe('Microsoft Macintosh Excel');
    const copy = await imported(again);
    expect(copy.document().characterSet).toBe('mac-roman');
    expect(valueAt(copy, 'A1')).toBe('Ä');
  });

  it('a Windows workbook exports naming Excel, as before', async () => {
    expect(await applicationOf(await exportXlsx(charTable(), {}))).toBe('Microsoft Excel');
  });
});
