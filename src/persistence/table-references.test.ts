import { describe, expect, it } from 'vitest';
import {
  rewriteTableReferences,
  tableDefinitionOf,
  type ImportedTable,
} from './table-references.js';

// Sales!B2:D7: header row 2, data rows 3–6, totals row 7; columns Region, Units, Price.
const SALES: ImportedTable = {
  name: 'Sales',
  sheet: 'Data',
  range: { start: { row: 1, col: 1 }, end: { row: 6, col: 3 } },
  columns: ['Region', 'Units', 'Unit Price'],
  headerRow: true,
  totalsRow: true,
};
const TABLES = new Map([['sales', SALES]]);
const rewrite = (formula: string, sheet = 'Data', row = 3, col = 5) =>
  rewriteTableReferences(formula, TABLES, sheet, { row, col });

describe('table references in imported formulas', () => {
  it('a column is its data rows; the special items select header, totals, all rows or this row', () => {
    expect(rewrite('SUM(Sales[Units])')).toBe('SUM($C$3:$C$6)');
    expect(rewrite('Sales[[#Headers],[Units]]')).toBe('$C$2');
    expect(rewrite('Sales[[#Totals],[Units]]')).toBe('$C$7');
    expect(rewrite('COUNTA(Sales[#All])')).toBe('COUNTA($B$2:$D$7)');
    expect(rewrite('ROWS(Sales[])')).toBe('ROWS($B$3:$D$6)');
    expect(rewrite('Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Price]]', 'Data', 4)).toBe(
      '$C$5*$D$5',
    );
    expect(rewrite('SUM(Sales[[Units]:[Unit Price]])')).toBe('SUM($C$3:$D$6)');
  });

  it('qualifies the range with the table’s sheet from another sheet; names match case-insensitively', () => {
    expect(rewrite('SUM(sales[units])', 'Summary')).toBe('SUM(Data!$C$3:$C$6)');
  });

  it('[@Col] inside the table means its own row; unknown tables, columns and text are left alone', () => {
    expect(rewrite('[@Units]*2', 'Data', 3, 3)).toBe('$C$4*2');
    expect(rewrite('Other[Units]+Sales[Nope]')).toBe('Other[Units]+Sales[Nope]');
    expect(rewrite('"Sales[Units]"&A1')).toBe('"Sales[Units]"&A1');
  });
});

describe('table parts and the rows a table has', () => {
  // ironcalc/calc_test_no_export--tables.xlsx, xl/tables/table8.xml (shortened): no header row,
  // a totals row, and a column after one with a totals formula (exceljs drops those).
  const TABLE8 =
    '<?xml version="1.0"?><table xmlns="x" id="8" name="Table8" displayName="Table8" ref="B3:F8" ' +
    'headerRowCount="0" totalsRowCount="1"><tableColumns count="3">' +
    '<tableColumn id="1" name="Column1" totalsRowFunction="min"/>' +
    '<tableColumn id="3" name="Column3" totalsRowFunction="custom"><totalsRowFormula>' +
    'SUBTOTAL(9,Table8[Column3])</totalsRowFormula></tableColumn>' +
    '<tableColumn id="5" name="Tom &amp; Jerry &lt;>" dataDxfId="0"/></tableColumns></table>';

  it('reads name, range, header and totals rows and every column from the XML', () => {
    expect(tableDefinitionOf(TABLE8)).toEqual({
      name: 'Table8',
      range: { start: { row: 2, col: 1 }, end: { row: 7, col: 5 } },
      columns: ['Column1', 'Column3', 'Tom & Jerry <>'],
      headerRow: false,
      totalsRow: true,
    });
    // Neither count given: one header row (the default), no totals row.
    expect(
      tableDefinitionOf('<table name="T" displayName="Sales" ref="A1:B4"><tableColumns/></table>'),
    ).toMatchObject({ name: 'Sales', headerRow: true, totalsRow: false });
    expect(tableDefinitionOf('<table name="T"/>')).toBeUndefined();
  });

  it('a header or totals row the table does not have is #REF!, as in Excel', () => {
    // calc_test_no_export--tables.xlsx Sheet2!F4: =SUM(Table2[#Totals]) is #REF! (no totals row).
    const plain = new Map([['sales', { ...SALES, totalsRow: false }]]);
    expect(rewriteTableReferences('SUM(Sales[#Totals])', plain, 'Data', { row: 0, col: 9 })).toBe(
      'SUM(#REF!)',
    );
    const bare = new Map([['sales', { ...SALES, headerRow: false }]]);
    expect(
      rewriteTableReferences('Sales[[#Headers],[Units]]', bare, 'Data', { row: 0, col: 9 }),
    ).toBe('#REF!');
    // Without a header row the data starts on the table's first row.
    expect(rewriteTableReferences('SUM(Sales[Units])', bare, 'Data', { row: 0, col: 9 })).toBe(
      'SUM($C$2:$C$6)',
    );
  });

  it('special items together select the rows of both', () => {
    expect(rewrite('SUM(Sales[[#Headers],[#Data],[Units]])')).toBe('SUM($C$2:$C$6)');
    expect(rewrite('SUM(Sales[[#Data],[#Totals],[Units]:[Unit Price]])')).toBe('SUM($C$3:$D$7)');
  });
});
