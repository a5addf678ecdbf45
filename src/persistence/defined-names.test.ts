// Defined names in xlsx files (defined-names.ts) and Gridbook JSON (gridbook-names.ts): read with
// their scope, what Gridbook cannot hold left out, written back so Excel and Gridbook read the same.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { writeRangeOps, type Op } from '../core/index.js';
import { importedNames, readWorkbookXml } from './defined-names.js';
import { decodeGridbook, encodeGridbook } from './gridbook-json.js';
import { decodeXlsx } from './xlsx-codec.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const WORKBOOK_XML = `<workbook><sheets><sheet name="Data" sheetId="1" r:id="rId1"/>
<sheet name="R&amp;D" sheetId="2" r:id="rId2"/></sheets><definedNames>
<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">Data!$A$1:$B$9</definedName>
<definedName name="Linked">[1]Sheet1!$A$1</definedName>
<definedName name="Rate">0.05</definedName>
<definedName name="Sales">Data!$A$2:$A$9</definedName>
<definedName name="Total" localSheetId="1">SUM('R&amp;D'!$B$1:$B$3)&amp;"&lt;x&gt;"</definedName>
<definedName name="A1">1</definedName>
<definedName name="answer2" localSheetId="0">Data!$B$2</definedName>
<definedName name="rate">0.07</definedName>
<definedName name="Lost" localSheetId="7">1</definedName>
</definedNames></workbook>`;

describe('defined names in xlsx files', () => {
  const { open } = useWorkbooks();

  it('reads each name with its scope, and keeps only the names Gridbook can hold', () => {
    const file = readWorkbookXml(WORKBOOK_XML);
    expect(file.sheets).toEqual(['Data', 'R&D']);
    expect(file.names).toContainEqual({
      name: 'Total',
      text: `SUM('R&D'!$B$1:$B$3)&"<x>"`,
      localSheetId: 1,
    });
    const kept = importedNames(file, (text) => `=${text}`);
    expect(kept.workbook).toEqual([
      { name: 'Rate', formula: '=0.05' },
      { name: 'Sales', formula: '=Data!$A$2:$A$9' },
    ]);
    expect([...kept.bySheet]).toEqual([
      ['R&D', [{ name: 'Total', formula: `=SUM('R&D'!$B$1:$B$3)&"<x>"` }]],
    ]);
    // The engine reads `answer2` as a cell: formulas using it get its range instead.
    expect([...kept.rewrites.values()]).toEqual([{ name: 'answer2', reference: 'Data!$B$2' }]);
    // A sheet's own name standing for a range, for its uses qualified by the sheet.
    expect([...kept.qualified]).toEqual([['data!answer2', 'Data!$B$2']]);
  });

  it('an exported workbook with names reads back the same names, and its formulas compute with them', async () => {
    const book = open({ name: 'Named', sheetNames: ['Data', 'Report'] });
    book.apply(writeRangeOps('Data', { row: 0, col: 0 }, [[10], [20], [30]]));
    const names: Op[] = [
      { type: 'set-name', name: 'Sales', formula: '=Data!$A$1:$A$3' },
      { type: 'set-name', name: 'Rate', formula: '=0.5' },
      { type: 'set-name', name: 'Rate', sheet: 'Report', formula: '=2' },
      { type: 'set-name', name: 'Doubled', formula: '=SUM(Sales)*2' },
    ];
    book.apply(names);
    book.apply(writeRangeOps('Report', { row: 0, col: 0 }, [['=SUM(Sales)*Rate', '=Doubled']]));
    const buffer = await exportXlsx(book, {});

    const excel = new ExcelJS.Workbook();
    await excel.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    expect(excel.definedNames.getRanges('Sales').ranges).toEqual(['Data!$A$1:$A$3']);

    const decoded = await decodeXlsx(buffer);
    expect(decoded.names).toEqual([
      { name: 'Doubled', formula: '=SUM(Sales)*2' },
      { name: 'Rate', formula: '=0.5' },
      { name: 'Sales', formula: '=Data!$A$1:$A$3' },
    ]);
    expect(decoded.sheets[1]!.names).toEqual([{ name: 'Rate', formula: '=2' }]);

    const other = open();
    other.apply(await importXlsxOps(other, buffer, 'Named.xlsx'));
    expect(other.definedNames()).toEqual(book.definedNames());
    expect(other.sheet('Report').value(0, 0)).toBe(120);
    expect(other.sheet('Report').value(0, 1)).toBe(120);
  });

  it('a formula using a name keeps the name on import (it is no longer rewritten to its range)', async () => {
    const excel = new ExcelJS.Workbook();
    const data = excel.addWorksheet('Sales data');
    data.getCell('A1').value = 2;
    data.getCell('A2').value = 3;
    excel.definedNames.add("'Sales data'!$A$1:$A$2", 'Rates');
    excel.addWorksheet('Summary').getCell('A1').value = { formula: 'SUM(Rates)', result: 5 };
    const book = open();
    book.apply(await importXlsxOps(book, Buffer.from(await excel.xlsx.writeBuffer())));
    expect(book.sheet('Summary').input(0, 0)).toEqual({ formula: '=SUM(Rates)' });
    expect(book.sheet('Summary').value(0, 0)).toBe(5);
    expect(book.definedNames()).toEqual([{ name: 'Rates', formula: "='Sales data'!$A$1:$A$2" }]);
  });
});

describe('defined names in Gridbook JSON', () => {
  const { open } = useWorkbooks();

  it('encodes one list (a sheet named on sheet-scoped ones) and decodes it back', () => {
    const book = open({ sheetNames: ['Data', 'Report'] });
    book.apply([
      { type: 'set-name', name: 'Sales', formula: '=Data!$A$1:$A$3' },
      { type: 'set-name', name: 'Top', sheet: 'Report', formula: '=Data!$A$1' },
    ]);
    const json = encodeGridbook(book.document());
    expect(json.names).toEqual([
      { name: 'Sales', refers_to: '=Data!$A$1:$A$3' },
      { name: 'Top', sheet: 'Report', refers_to: '=Data!$A$1' },
    ]);
    const decoded = decodeGridbook(JSON.parse(JSON.stringify(json)) as Record<string, unknown>);
    expect(decoded.names).toEqual(book.document().names);
    expect(decoded.sheets[1]!.names).toEqual([{ name: 'Top', formula: '=Data!$A$1' }]);
    expect(encodeGridbook(book.document()).names).toBeDefined();
    expect(encodeGridbook(open().document()).names).toBeUndefined();
  });

  it('refuses a name on a sheet the document does not have', () => {
    const json = encodeGridbook(open().document());
    expect(() =>
      decodeGridbook({ ...json, names: [{ name: 'X', sheet: 'Nope', refers_to: '=1' }] }),
    ).toThrow(/names\[0\]\.sheet/);
  });
});
