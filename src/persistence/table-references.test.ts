import { describe, expect, it } from 'vitest';
import { rewriteTableReferences, type ImportedTable } from './table-references.js';

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
