// The database functions with Excel's criteria tables (excel-database-functions.ts). The data are
// part of ironcalc/DATABASE--DMIN_DMAX_DAVERAGE_DSUM.xlsx (sheet DMIN_DMAX_DAVERAGE_DSUM, A1:O11);
// the expected values are what Excel cached there for the same criteria, named by row.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';

const bed = useWorkbooks();

const RECORDS: readonly (readonly WireValue[])[] = [
  ['Region', 'Revenue', 'Date', 'Flag', 'City'],
  ['East', 12000, '2024-01-15', 'a', 'Berlin'],
  ['West', 9600, '2024-02-02', 'b', 'Caracas'],
  ['East', 20000, '2024-04-10', 'A', 'Berlin'],
  ['South', 15000, '2024-03-18', 'A', 'BERLIN'],
  ['North', 11000, '2024-07-30', 'b', 'Berlino'],
  ['West', 38000, '2024-08-11', 23, 'Valencia'],
];

/** The records in A1:E7 and a criteria table from G1. */
function book(criteria: readonly (readonly WireValue[])[]): Workbook {
  const workbook = bed.open();
  writeRows(workbook, 'A1', RECORDS);
  writeRows(workbook, 'G1', criteria);
  return workbook;
}

function result(workbook: Workbook, formula: string): WireValue {
  writeCell(workbook, 'Z1', formula);
  return valueAt(workbook, 'Z1');
}

describe('database criteria tables', () => {
  it('text without an operator matches the values that begin with it (row 60)', () => {
    const workbook = book([['City'], ['Berlin']]);
    expect(result(workbook, '=DSUM(A1:E7,"Revenue",G1:G2)')).toBe(58000);
    expect(result(workbook, '=DCOUNTA(A1:E7,2,G1:G2)')).toBe(4);
  });

  it('rows are alternatives, cells of a row all hold (row 30)', () => {
    const workbook = book([
      ['Region', 'Revenue'],
      ['East', '>15000'],
      ['West', ''],
    ]);
    expect(result(workbook, '=DSUM(A1:E7,B1,G1:H3)')).toBe(20000 + 9600 + 38000);
  });

  it('a criterion under an empty header matches nothing (row 51)', () => {
    const workbook = book([[null], ['East']]);
    expect(result(workbook, '=DMAX(A1:E7,B1,G1:G2)')).toBe(0);
    expect(result(workbook, '=DAVERAGE(A1:E7,B1,G1:G2)')).toBe('#DIV/0!');
  });

  it('dates written as text compare as dates (row 33)', () => {
    const workbook = book([['Date'], ['>=2024-07-01']]);
    expect(result(workbook, '=DSUM(A1:E7,B1,G1:G2)')).toBe(11000 + 38000);
  });

  it('a database without records, or a field it lacks, is #VALUE! (rows 43, 44)', () => {
    const workbook = book([['Region'], ['East']]);
    expect(result(workbook, '=DSUM(A1:E1,B1,G1:G2)')).toBe('#VALUE!');
    expect(result(workbook, '=DSUM(A1:E7,"Units",G1:G2)')).toBe('#VALUE!');
  });

  it('DGET answers the one matching value, #NUM! for several', () => {
    const workbook = book([['Region'], ['South']]);
    expect(result(workbook, '=DGET(A1:E7,"revenue",G1:G2)')).toBe(15000);
    writeCell(workbook, 'G2', 'East');
    expect(result(workbook, '=DGET(A1:E7,"revenue",G1:G2)')).toBe('#NUM!');
  });
});
