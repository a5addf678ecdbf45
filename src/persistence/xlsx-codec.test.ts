import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { xlsxOf } from '../../test/support/zip-archive.js';
import { createChartOps, parseRange, setLocksOps, Workbook, writeRangeOps } from '../core/index.js';
import { withName } from './document-import.js';
import { InvalidDocumentError } from './errors.js';
import { decodeXlsx } from './xlsx-codec.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const { open } = useWorkbooks();

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures');

function threeSheets(): Workbook {
  const workbook = open({ name: 'Xlsx', sheetNames: ['Inputs', 'Model', 'Report'] });
  workbook.apply(
    writeRangeOps('Inputs', { row: 0, col: 0 }, [
      ['Price', 12.5],
      ['Units', 40],
      ['Code', "'007"],
      ['Flag', true],
      ['Eq', "'=not a formula"],
    ]),
  );
  workbook.apply(
    writeRangeOps('Model', { row: 0, col: 0 }, [
      ['Revenue', '=Inputs!B1*Inputs!B2', '=B1/0', '=SUM(Inputs!B1:B2)'],
    ]),
  );
  workbook.apply(writeRangeOps('Report', { row: 0, col: 0 }, [['=Model!B1&" total"']]));
  workbook.apply(setLocksOps('Inputs', parseRange('A1:A5'), true));
  workbook.apply(createChartOps('Report', 'c', { data_range: 'A1:B2' }).ops);
  workbook.apply([{ type: 'activate-sheet', name: 'Model' }]);
  return workbook;
}

async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return book;
}

describe('xlsx export', () => {
  it('writes one worksheet per sheet with values, formulas and their cached results', async () => {
    const book = await readBack(
      await exportXlsx(threeSheets(), { at: new Date(Date.UTC(2026, 0, 1)) }),
    );
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Inputs', 'Model', 'Report']);
    const model = book.getWorksheet('Model')!;
    expect(model.getCell('B1').value).toEqual({ formula: 'Inputs!B1*Inputs!B2', result: 500 });
    expect(model.getCell('C1').value).toEqual({ formula: 'B1/0', result: { error: '#DIV/0!' } });
    expect(book.getWorksheet('Inputs')!.getCell('B3').value).toBe('007');
    expect(book.getWorksheet('Inputs')!.getCell('B4').value).toBe(true);
  });

  it('writes GridOS functions (MINUS, DIVIDE …) as the operators Excel knows, with their results; the file reads back to the same values', async () => {
    const workbook = open({ name: 'Margins', sheetNames: ['Model'] });
    workbook.apply(
      writeRangeOps('Model', { row: 0, col: 0 }, [
        [200, 150, '=DIVIDE(MINUS(A1,B1),A1)', '=GT(C1,0.2)'],
      ]),
    );
    const bytes = await exportXlsx(workbook, { at: new Date(Date.UTC(2026, 0, 1)) });
    const model = (await readBack(bytes)).getWorksheet('Model')!;
    expect(model.getCell('C1').value).toEqual({ formula: '((A1-B1)/A1)', result: 0.25 });
    expect(model.getCell('D1').value).toEqual({ formula: '(C1>0.2)', result: true });
    const reread = open({ name: 'Reread', sheetNames: ['Other'] });
    reread.apply(await importXlsxOps(reread, bytes, 'Margins.xlsx'));
    expect(reread.sheet('Model').value(0, 2)).toBe(0.25);
    expect(reread.sheet('Model').value(0, 3)).toBe(true);
  });

  it('writes a typed error as an error value (t="e", no formula) and reads it back as one', async () => {
    const workbook = open({ name: 'Typed', sheetNames: ['S'] });
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [['#N/A', '#CALC!', '=ISFORMULA(A1)']]));
    const bytes = await exportXlsx(workbook, { at: new Date(Date.UTC(2026, 0, 1)) });
    const xml = await (
      await JSZip.loadAsync(bytes)
    )
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(xml).toMatch(/<c r="A1"[^>]*t="e"[^>]*><v>#N\/A<\/v><\/c>/);
    // Excel files carry #CALC! as #VALUE! (plus a rich value naming it, not written here).
    expect(xml).toMatch(/<c r="B1"[^>]*t="e"[^>]*><v>#VALUE!<\/v><\/c>/);
    const sheet = (await decodeXlsx(bytes)).sheets[0]!;
    expect(sheet.cells.find((cell) => cell.col === 0)?.input).toEqual({ error: '#N/A' });
  });

  it('values_only writes computed values instead of formulas', async () => {
    const book = await readBack(await exportXlsx(threeSheets(), { valuesOnly: true }));
    expect(book.getWorksheet('Model')!.getCell('B1').value).toBe(500);
    expect(book.getWorksheet('Report')!.getCell('A1').value).toBe('500 total');
  });

  it('writes locked cells as cell protection on a protected sheet, other cells unlocked', async () => {
    const book = await readBack(await exportXlsx(threeSheets(), {}));
    const inputs = book.getWorksheet('Inputs')! as ExcelJS.Worksheet & {
      sheetProtection?: { sheet?: boolean };
    };
    expect(inputs.sheetProtection?.sheet).toBe(true);
    expect(inputs.getCell('A1').protection?.locked ?? true).toBe(true);
    expect(inputs.getCell('B1').protection?.locked).toBe(false);
    expect(
      (book.getWorksheet('Model') as unknown as { sheetProtection?: unknown }).sheetProtection ??
        null,
    ).toBeNull();
  });
});

describe('xlsx import', () => {
  it('[PERSIST-4] round trip keeps values, formulas (recomputed), locks, sheet order and the active sheet', async () => {
    const original = threeSheets();
    const copy = open();
    copy.apply(await importXlsxOps(copy, await exportXlsx(original, {}), 'Copy.xlsx'));
    expect(copy.name).toBe('Copy');
    expect(copy.sheetNames).toEqual(['Inputs', 'Model', 'Report']);
    expect(copy.activeSheetName).toBe('Model');
    for (const name of original.sheetNames) {
      const [a, b] = [original.sheet(name), copy.sheet(name)];
      expect(b.occupiedCells()).toEqual(a.occupiedCells());
      for (const cell of a.occupiedCells()) {
        expect([
          b.input(cell.row, cell.col),
          b.value(cell.row, cell.col),
          b.isLocked(cell.row, cell.col),
        ]).toEqual([
          a.input(cell.row, cell.col),
          a.value(cell.row, cell.col),
          a.isLocked(cell.row, cell.col),
        ]);
      }
    }
  });

  it('[PERSIST-5] a LibreOffice-made file imports with its formulas recomputed by our engine, not its cached results', async () => {
    const decoded = await decodeXlsx(
      readFileSync(path.join(FIXTURES, 'libreoffice-two-sheets.xlsx')),
    );
    expect(decoded.sheets.map((sheet) => sheet.name)).toEqual(['Inputs', 'Summary']);
    const workbook = open();
    workbook.apply([{ type: 'replace-workbook', document: withName(decoded, 'LibreOffice') }]);
    const summary = workbook.sheet('Summary');
    // LibreOffice cached 0 for Summary!B1 and B3 (it did not recalculate them); the true values are 48 and 16.
    expect(summary.input(0, 1)).toEqual({ formula: '=Inputs!B4*2' });
    expect([summary.value(0, 1), summary.value(1, 1), summary.value(2, 1)]).toEqual([
      48,
      'small',
      16,
    ]);
    expect(workbook.sheet('Inputs').value(3, 1)).toBe(24);
    expect(summary.input(2, 0)).toBe(true);
    // LibreOffice writes protection flags as words (true/false) that exceljs 4.4 does not read:
    // the file imports without locks rather than with wrong ones.
    expect(summary.lockedCells()).toEqual([]);
  });

  it('reads a name standing for the whole sheet (Sheet!$A$1:$XFD$1048576) at once: exceljs, which expanded it cell by cell, never sees the names', async () => {
    const zip = await JSZip.loadAsync(xlsxOf('<row r="1"><c r="A1"><v>1</v></c></row>'));
    const workbookXml = await zip.file('xl/workbook.xml')!.async('string');
    zip.file(
      'xl/workbook.xml',
      workbookXml.replace(
        '</sheets>',
        '</sheets><definedNames><definedName name="Everything">S!$A$1:$XFD$1048576</definedName>' +
          '<definedName name="Rate">0.05</definedName></definedNames>',
      ),
    );
    const started = performance.now();
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(decoded.names).toEqual([
      { name: 'Everything', formula: '=S!$A$1:$XFD$1048576' },
      { name: 'Rate', formula: '=0.05' },
    ]);
  }, 30_000);

  it('reads a sheet whose data validation, merge and hyperlink cover the whole sheet at once (exceljs expanded each cell by cell); a small merge still hides its other cells', async () => {
    const zip = await JSZip.loadAsync(
      xlsxOf(
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row>' +
          '<row r="3"><c r="A3"><v>3</v></c><c r="B3"><v>4</v></c></row>',
      ),
    );
    const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    zip.file(
      'xl/worksheets/sheet1.xml',
      sheetXml.replace(
        '</sheetData>',
        '</sheetData><mergeCells count="2"><mergeCell ref="A3:B3"/><mergeCell ref="A5:XFD1048576"/></mergeCells>' +
          '<hyperlinks><hyperlink ref="A1:XFD1048576" display="x"/></hyperlinks>',
      ),
    );
    const withValidation = (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace(
      '<mergeCells',
      '<dataValidations count="1"><dataValidation type="whole" sqref="A1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations><mergeCells',
    );
    zip.file('xl/worksheets/sheet1.xml', withValidation);
    const started = performance.now();
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    expect(performance.now() - started).toBeLessThan(5_000);
    const cells = decoded.sheets[0]!.cells.map((cell) => [cell.row, cell.col, cell.input]);
    expect(cells).toEqual([
      [0, 0, 1],
      [0, 1, 2],
      [2, 0, 3],
    ]);
  }, 30_000);

  it('reads shared formulas (Excel fill-down) with their references shifted, and strips _xlfn. prefixes', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('A1').value = 1;
    sheet.getCell('A2').value = 2;
    sheet.getCell('B1').value = {
      formula: 'A1*10',
      result: 10,
      shareType: 'shared',
      ref: 'B1:B2',
    } as ExcelJS.CellFormulaValue;
    sheet.getCell('B2').value = {
      sharedFormula: 'B1',
      result: 20,
    } as ExcelJS.CellSharedFormulaValue;
    sheet.getCell('C1').value = { formula: '_xlfn.CONCAT("a","b")', result: 'ab' };
    sheet.getCell('D1').value = new Date(Date.UTC(2026, 0, 1));
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    const cells = decoded.sheets[0]!.cells.map((cell) => [cell.row, cell.col, cell.input]);
    expect(cells).toEqual([
      [0, 0, 1],
      [0, 1, { formula: '=A1*10' }],
      [0, 2, { formula: '=CONCAT("a","b")' }],
      [0, 3, 46023],
      [1, 0, 2],
      [1, 1, { formula: '=A2*10' }],
    ]);
  });

  it('reads a number in a time format exactly, not rounded to the millisecond (poi 57181.xlsm General!BR11)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    const duration = 1 / 8100; // 10.666… seconds
    sheet.getCell('A1').value = duration;
    sheet.getCell('A1').numFmt = '[h]:mm:ss.000';
    sheet.getCell('B1').value = 46023.5;
    sheet.getCell('B1').numFmt = 'yyyy-mm-dd hh:mm';
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    expect(decoded.sheets[0]!.cells.map((cell) => cell.input)).toEqual([duration, 46023.5]);
  });

  it('reads a cell holding empty text as empty text, which formulas see as text, not as blank', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('A1').value = '';
    sheet.getCell('B1').value = { formula: 'ISBLANK(A1)', result: false };
    sheet.getCell('C1').value = { formula: 'ISTEXT(A1)', result: true };
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const decoded = await decodeXlsx(bytes);
    expect(decoded.sheets[0]!.cells.find((cell) => cell.col === 0)?.input).toBe('');
    const workbook = open();
    workbook.apply(await importXlsxOps(workbook, bytes, 'empty-text.xlsx', 'file'));
    expect(workbook.sheet().value(0, 1)).toBe(false);
    expect(workbook.sheet().value(0, 2)).toBe(true);
  });

  it("moves a shared formula's references but not reference-like text inside its strings", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('B1').value = {
      formula: 'CONVERT(A1,"m2","ft2")&"A1"&$A$1',
      result: 1,
      shareType: 'shared',
      ref: 'B1:C2',
    } as ExcelJS.CellFormulaValue;
    sheet.getCell('C2').value = {
      sharedFormula: 'B1',
      result: 2,
    } as ExcelJS.CellSharedFormulaValue;
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    const formulas = decoded.sheets[0]!.cells.map((cell) => [cell.row, cell.col, cell.input]);
    expect(formulas).toEqual([
      [0, 1, { formula: '=CONVERT(A1,"m2","ft2")&"A1"&$A$1' }],
      [1, 2, { formula: '=CONVERT(B2,"m2","ft2")&"A1"&$A$1' }],
    ]);
  });

  it('reads hidden rows: under a table filter with criteria as filtered, elsewhere as hidden by hand', async () => {
    const book = new ExcelJS.Workbook();
    const data = book.addWorksheet('Data');
    data.addTable({
      name: 'Sales',
      ref: 'A1',
      headerRow: true,
      columns: [{ name: 'Region' }, { name: 'Units' }],
      rows: [
        ['North', 3],
        ['South', 40],
        ['East', 50],
      ],
    });
    data.getCell('A7').value = 'notes';
    data.getRow(2).hidden = true;
    data.getRow(7).hidden = true;
    const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
    const part = Object.keys(zip.files).find((name) => /^xl\/tables\/table\d+\.xml$/.test(name))!;
    const criteria =
      '<filterColumn colId="1"><customFilters><customFilter operator="greaterThan" val="20"/></customFilters></filterColumn>';
    const xml = (await zip.file(part)!.async('string')).replace(
      /<autoFilter\b[^>]*\/>|<autoFilter\b[\s\S]*?<\/autoFilter>/,
      `<autoFilter ref="A1:B4">${criteria}</autoFilter>`,
    );
    expect(xml).toContain(criteria);
    zip.file(part, xml);
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    expect(decoded.sheets[0]!.layout).toMatchObject({ hiddenRows: [6], filteredRows: [1] });
  });

  it('reads column widths as Excel shows them: <col width> counts the padding, baseColWidth does not', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getColumn(2).width = 12;
    sheet.getColumn(3).width = 10.85546875;
    sheet.getCell('A1').value = 1;
    const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
    const xml = (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace(
      /<sheetFormatPr\b[^>]*\/>/,
      '<sheetFormatPr baseColWidth="10" defaultRowHeight="13"/>',
    );
    zip.file('xl/worksheets/sheet1.xml', xml);
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    // 12 → 84 px (11.29 characters once 5 px of padding are off); 10.855… → 76 px; base 10 →
    // 75 px, shown as 80 (a multiple of 8).
    expect(decoded.sheets[0]!.layout).toMatchObject({
      columnWidths: [
        [1, 84],
        [2, 76],
      ],
      defaultColumnWidth: 80,
    });
  });

  it('writes column widths and the sheet default so that they read back to the same pixels', async () => {
    const workbook = open({ sheetNames: ['S'] });
    const widths: [number, number][] = [61, 64, 75, 84, 100, 101, 180, 333].map((px, col) => [
      col,
      px,
    ]);
    workbook.apply([
      { type: 'set-layout', sheet: 'S', patch: { columnWidths: widths, defaultColumnWidth: 90 } },
    ]);
    const exported = await exportXlsx(workbook, {});
    expect((await readBack(exported)).getWorksheet('S')!.getColumn(4).width).toBe(12);
    const decoded = await decodeXlsx(exported);
    expect(decoded.sheets[0]!.layout).toMatchObject({
      columnWidths: widths,
      defaultColumnWidth: 90,
    });
  });

  it('reads a merged range as its first cell alone, the others empty as in Excel', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('A1').value = 'Group';
    sheet.mergeCells('A1:A3');
    sheet.getCell('B2').value = 5;
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    const cells = decoded.sheets[0]!.cells.map((cell) => [cell.row, cell.col, cell.input]);
    expect(cells).toEqual([
      [0, 0, 'Group'],
      [1, 1, 5],
    ]);
  });

  it('writes rows hidden by hand as hidden rows, which read back the same', async () => {
    const workbook = open({ sheetNames: ['S'] });
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [[1], [2], [3]]));
    workbook.apply([{ type: 'set-layout', sheet: 'S', patch: { hiddenRows: [1] } }]);
    const decoded = await decodeXlsx(await exportXlsx(workbook, {}));
    expect(decoded.sheets[0]!.layout).toMatchObject({ hiddenRows: [1], filteredRows: [] });
  });

  it('rewrites table references (Sales[Units], [#This Row]) to the ranges they stand for', async () => {
    const book = new ExcelJS.Workbook();
    const data = book.addWorksheet('Data');
    data.addTable({
      name: 'Sales',
      ref: 'A1',
      headerRow: true,
      columns: [{ name: 'Region' }, { name: 'Units' }],
      rows: [
        ['North', 3],
        ['South', 4],
      ],
    });
    data.getCell('C2').value = { formula: 'Sales[[#This Row],[Units]]*2', result: 6 };
    book.addWorksheet('Summary').getCell('A1').value = {
      formula: 'SUM(Sales[Units])',
      result: 7,
    };
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    const formulaOf = (sheet: number, row: number, col: number) =>
      decoded.sheets[sheet]!.cells.find((cell) => cell.row === row && cell.col === col)?.input;
    expect(formulaOf(0, 1, 2)).toEqual({ formula: '=$B$2*2' });
    expect(formulaOf(1, 0, 0)).toEqual({ formula: '=SUM(Data!$B$2:$B$3)' });
  });

  it('reads a workbook whose table filter exceljs cannot parse (an icon filter), table references included', async () => {
    const book = new ExcelJS.Workbook();
    const data = book.addWorksheet('Data');
    data.addTable({
      name: 'Sales',
      ref: 'A1',
      headerRow: true,
      columns: [{ name: 'Region' }, { name: 'Units' }],
      rows: [
        ['North', 3],
        ['South', 4],
      ],
    });
    data.getCell('D1').value = { formula: 'SUM(Sales[Units])', result: 7 };
    const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
    const part = Object.keys(zip.files).find((file) => /^xl\/tables\/table\d+\.xml$/.test(file))!;
    const xml = await zip.file(part)!.async('string');
    const iconFilter =
      '<autoFilter ref="A1:B3"><filterColumn colId="1"><iconFilter iconSet="3TrafficLights1" iconId="1"/></filterColumn></autoFilter>';
    zip.file(
      part,
      xml.replace(/<autoFilter\b[^>]*\/>|<autoFilter\b[\s\S]*?<\/autoFilter>/, iconFilter),
    );
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    const formula = decoded.sheets[0]!.cells.find((cell) => cell.row === 0 && cell.col === 3);
    expect(formula?.input).toEqual({ formula: '=SUM($B$2:$B$3)' });
  });

  it('reads a table from its part: columns after one with a totals formula, the totals row', async () => {
    // As ironcalc/calc_test_no_export--tables.xlsx's Table1 (xl/tables/table1.xml): exceljs
    // keeps only the columns up to one with a totalsRowFormula.
    const book = new ExcelJS.Workbook();
    const data = book.addWorksheet('Data');
    data.addTable({
      name: 'Sales',
      ref: 'A1',
      headerRow: true,
      columns: [{ name: 'Region' }, { name: 'Units' }, { name: 'Price' }],
      rows: [
        ['North', 3, 1],
        ['South', 4, 2],
      ],
    });
    data.getCell('E1').value = { formula: 'SUM(Sales[Price])+Sales[[#Totals],[Units]]', result: 3 };
    const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
    const part = Object.keys(zip.files).find((file) => /^xl\/tables\/table\d+\.xml$/.test(file))!;
    const xml = (await zip.file(part)!.async('string'))
      .replace(/ref="A1:C3"/, 'ref="A1:C4" totalsRowCount="1"')
      .replace(
        /(<tableColumn [^>]*name="Units")[^>]*\/>/,
        '$1 totalsRowFunction="custom"><totalsRowFormula>SUM(Sales[Units])</totalsRowFormula></tableColumn>',
      );
    zip.file(part, xml);
    const decoded = await decodeXlsx(await zip.generateAsync({ type: 'uint8array' }));
    const formula = decoded.sheets[0]!.cells.find((cell) => cell.row === 0 && cell.col === 4);
    expect(formula?.input).toEqual({ formula: '=SUM($C$2:$C$3)+$B$4' });
  });

  it('writes functions newer than Excel 2007 with the _xlfn. prefix Excel needs (text and sheet names untouched), and reads them back as typed', async () => {
    const workbook = open({ name: 'Future', sheetNames: ['S'] });
    const typed = '=CONCAT("xlookup(",A1)&XLOOKUP(1,A1:A2,B1:B2)&rank.eq(1,A1:A2)&SUM(A1)';
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [[1, 2, typed]]));
    const buffer = await exportXlsx(workbook, {});
    const cell = (await readBack(buffer)).getWorksheet('S')!.getCell('C1').value as {
      formula: string;
    };
    expect(cell.formula).toBe(
      'CONCAT("xlookup(",A1)&XLOOKUP(1,A1:A2,B1:B2)&rank.eq(1,A1:A2)&SUM(A1)'
        .replace('CONCAT(', '_xlfn.CONCAT(')
        .replace('XLOOKUP(', '_xlfn.XLOOKUP(')
        .replace('rank.eq(', '_xlfn.RANK.EQ('),
    );
    const decoded = await decodeXlsx(buffer);
    // Typed, it is a dynamic-array formula (typed-formulas.ts): exported as one, read back as one.
    expect(decoded.sheets[0]!.cells.find((entry) => entry.col === 2)?.input).toEqual({
      formula:
        '=DYNAMIC.ARRAY(CONCAT("xlookup(",A1)&XLOOKUP(1,A1:A2,B1:B2)&RANK.EQ(1,A1:A2)&SUM(A1))',
    });
  });

  it('writes a typed spill reference (A1#) as the _xlfn.ANCHORARRAY call Excel stores, and reads it back as that call', async () => {
    const workbook = open({ name: 'Spill', sheetNames: ['S'] });
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [['=SEQUENCE(3)', '=SUM(A1#)&"A1#"']]));
    const buffer = await exportXlsx(workbook, {});
    const cell = (await readBack(buffer)).getWorksheet('S')!.getCell('B1').value as {
      formula: string;
    };
    expect(cell.formula).toBe('SUM(_xlfn.ANCHORARRAY(A1))&"A1#"');
    const decoded = await decodeXlsx(buffer);
    const formula = decoded.sheets[0]!.cells.find(
      (entry) => entry.row === 0 && entry.col === 1,
    )?.input;
    expect(formula).toEqual({ formula: '=DYNAMIC.ARRAY(SUM(ANCHORARRAY(A1))&"A1#")' });
  });

  it('rejects bytes that are not an xlsx workbook', async () => {
    await expect(decodeXlsx(Buffer.from('not a zip at all'))).rejects.toThrow(InvalidDocumentError);
    await expect(decodeXlsx(Buffer.from('not a zip at all'))).rejects.toThrow(
      /^file: is not a readable \.xlsx workbook/,
    );
  });

  it("cuts sheet names to Excel's 31 characters, keeps them unique and rewrites formulas that name them", async () => {
    const long = 'A very long sheet name for tests one';
    const workbook = open({ sheetNames: [long, `${long.slice(0, 31)} two`, 'Use'] });
    workbook.apply(writeRangeOps(long, { row: 0, col: 0 }, [[5]]));
    workbook.apply(writeRangeOps('Use', { row: 0, col: 0 }, [[`='${long}'!A1+1`]]));
    const book = await readBack(await exportXlsx(workbook, {}));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'A very long sheet name for test',
      'A very long sheet name for te~2',
      'Use',
    ]);
    expect(
      (book.getWorksheet('Use')!.getCell('A1').value as ExcelJS.CellFormulaValue).formula,
    ).toBe("'A very long sheet name for test'!A1+1");
  });
});
