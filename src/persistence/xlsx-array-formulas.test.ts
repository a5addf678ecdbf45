// Array formulas in xlsx: a legacy (Ctrl+Shift+Enter) one, `<f t="array" ref=…>` without the
// dynamic-array cell metadata, fills exactly its range; a dynamic one (`cm="1"`) keeps spilling.
// People never see the LEGACY.ARRAY wrapper the import keeps (core/legacy-array.ts).
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../test/support/workbook-bed.js';
import { inputToText } from '../core/index.js';
import { cellToJson } from './cell-json.js';
import { decodeXlsx } from './xlsx-codec.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const { open } = useWorkbooks();

/** A one-sheet file: 1, 2, 3 in A1:C1 and `cells` (raw `<c>` elements) in row 3. */
async function fileWith(cells: string): Promise<Buffer> {
  const book = open();
  writeCell(book, 'A1', 1);
  writeCell(book, 'B1', 2);
  writeCell(book, 'C1', 3);
  writeCell(book, 'A3', 0);
  const zip = await JSZip.loadAsync(await exportXlsx(book, {}));
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  zip.file('xl/worksheets/sheet1.xml', xml.replace(/<c r="A3"[^>]*>[\s\S]*?<\/c>/, cells));
  return zip.generateAsync({ type: 'nodebuffer' });
}

async function imported(bytes: Buffer): Promise<ReturnType<typeof open>> {
  const book = open();
  book.apply(await importXlsxOps(book, bytes, 'array.xlsx', 'file'));
  return book;
}

describe('array formulas in xlsx', () => {
  it('a legacy array formula fills exactly its range: #N/A past a shorter result, no spill', async () => {
    const book = await imported(
      await fileWith(
        '<c r="A3"><f t="array" ref="A3:D3">A1:C1*2</f><v>2</v></c>' +
          '<c r="B3"><v>4</v></c><c r="C3"><v>6</v></c><c r="D3" t="e"><v>#N/A</v></c>',
      ),
    );
    expect(['A3', 'B3', 'C3', 'D3'].map((a) => valueAt(book, a))).toEqual([2, 4, 6, '#N/A']);
    expect(inputToText(inputAt(book, 'A3')!)).toBe('=A1:C1*2');
    expect(inputAt(book, 'D3')).toBe(null);
  });

  it('a one-cell legacy array formula keeps the first value instead of spilling', async () => {
    const book = await imported(
      await fileWith('<c r="A3"><f t="array" ref="A3">A1:C1*2</f><v>2</v></c>'),
    );
    expect(valueAt(book, 'A3')).toBe(2);
    expect(valueAt(book, 'B3')).toBe(null);
  });

  it('a dynamic array formula (cm="1") still spills', async () => {
    const book = await imported(
      await fileWith(
        '<c r="A3" cm="1"><f t="array" ref="A3:C3">_xlfn.SEQUENCE(1,3)</f><v>1</v></c>',
      ),
    );
    expect(['A3', 'B3', 'C3'].map((a) => valueAt(book, a))).toEqual([1, 2, 3]);
    expect(inputToText(inputAt(book, 'A3')!)).toBe('=SEQUENCE(1,3)');
  });

  it('a dynamic array formula is evaluated as an array and spills: ranges element by element', async () => {
    // ironcalc/MATH_AND_TRIGONOMETRY--MUNIT_MDETERM_MINVERSE.xlsx A21 (`A16:C18*3`, cm="1") spills
    // A21:C23, where a formula without `cm` would intersect A16:C18 with its own row.
    const book = await imported(
      await fileWith(
        '<c r="A3" cm="1"><f t="array" ref="A3:C3">A1:C1*2</f><v>2</v></c>' +
          '<c r="B3"><v>4</v></c><c r="C3"><v>6</v></c>',
      ),
    );
    expect(['A3', 'B3', 'C3'].map((a) => valueAt(book, a))).toEqual([2, 4, 6]);
    expect(inputAt(book, 'A3')).toEqual({ formula: '=DYNAMIC.ARRAY(A1:C1*2)' });
    expect(inputToText(inputAt(book, 'A3')!)).toBe('=A1:C1*2');
    const zip = await JSZip.loadAsync(await exportXlsx(book, {}));
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<c r="A3"[^>]* cm="1"><f t="array" ref="A3:C3">A1:C1\*2<\/f>/);
    expect(xml).not.toMatch(/DYNAMIC/);
  });

  it('exports a legacy array formula as Excel holds it and JSON as the formula and its range', async () => {
    const book = await imported(
      await fileWith('<c r="A3"><f t="array" ref="A3:B3">A1:C1*2</f><v>2</v></c>'),
    );
    const zip = await JSZip.loadAsync(await exportXlsx(book, {}));
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<f t="array" ref="A3:B3">A1:C1\*2<\/f>/);
    expect(xml).not.toMatch(/LEGACY/);
    const again = await decodeXlsx(await exportXlsx(book, {}));
    const anchor = again.sheets[0]!.cells.find((cell) => cell.row === 2 && cell.col === 0)!;
    expect(anchor.input).toEqual({ formula: '=LEGACY.ARRAY(A1:C1*2,1,2)' });
    const json = cellToJson(anchor, undefined);
    expect(json.formula).toBe('=A1:C1*2');
    expect(json.array).toBe('A3:B3');
  });

  it('exports a dynamic spill with the dynamic-array cell metadata, so it spills again on import', async () => {
    const book = open();
    writeCell(book, 'A1', '=SEQUENCE(3)');
    const bytes = await exportXlsx(book, {});
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<c r="A1"[^>]* cm="1"><f t="array" ref="A1:A3">/);
    expect(await zip.file('xl/metadata.xml')!.async('string')).toMatch(/fDynamic="1"/);
    const again = await imported(bytes);
    expect(inputToText(inputAt(again, 'A1')!)).toBe('=SEQUENCE(3)');
    expect(valueAt(again, 'A3')).toBe(3);
  });

  it('a formula that is no array formula answers one value: @ where its result would spill', async () => {
    // sheetjs/formula_stress_test.xlsx Math!B34: `<f>MINVERSE(C1:D2)</f>` shows the inverse's
    // top-left value and spills nothing (Excel 365 shows it as =@MINVERSE(C1:D2)).
    const book = await imported(await fileWith('<c r="A3"><f>TRANSPOSE(A1:C1)</f><v>1</v></c>'));
    expect(inputAt(book, 'A3')).toEqual({ formula: '=SINGLE(TRANSPOSE(A1:C1))' });
    expect(['A3', 'A4', 'A5'].map((a) => valueAt(book, a))).toEqual([1, null, null]);
  });

  it('leaves a file’s formulas alone where their result is one value anyway', async () => {
    const book = await imported(
      await fileWith('<c r="A3"><f>SUM(MINVERSE(A1:B2))+MMULT(A1:B1,A1:A2)</f><v>0</v></c>'),
    );
    expect(inputAt(book, 'A3')).toEqual({ formula: '=SUM(MINVERSE(A1:B2))+MMULT(A1:B1,A1:A2)' });
  });

  it('exports a one-value formula that could spill as a dynamic array formula, and @ as _xlfn.SINGLE', async () => {
    const book = open();
    writeCell(book, 'A1', 1);
    writeCell(book, 'B1', '=OFFSET(A1,A1-1,0)');
    // As a file's legacy formula is held (typed, it would be a dynamic-array formula itself).
    holdCell(book, 'C1', '=SINGLE(OFFSET(A1,0,0,2,1))');
    const bytes = await exportXlsx(book, {});
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<c r="B1"[^>]* cm="1"><f t="array" ref="B1(:B1)?">OFFSET\(A1,A1-1,0\)</);
    expect(xml).toMatch(/<c r="C1"[^>]*><f>_xlfn\.SINGLE\(OFFSET\(A1,0,0,2,1\)\)</);
    const again = await imported(bytes);
    expect(inputToText(inputAt(again, 'B1')!)).toBe('=OFFSET(A1,A1-1,0)');
    expect(valueAt(again, 'B1')).toBe(1);
    expect(inputAt(again, 'C1')).toEqual({ formula: '=SINGLE(OFFSET(A1,0,0,2,1))' });
  });
});
