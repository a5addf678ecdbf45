import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import {
  formatCell,
  InvalidChartError,
  InvalidNameError,
  type SheetSnapshot,
} from '../core/index.js';
import { decodeWorkbookJson, withName } from './document-import.js';
import { InvalidDocumentError } from './errors.js';
import { decodeGridos } from './gridos-import.js';

const { open } = useWorkbooks();

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures');
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

function cellsOf(sheet: SheetSnapshot): Record<string, unknown> {
  return Object.fromEntries(
    sheet.cells.map((cell) => [formatCell(cell), [cell.input, cell.version, cell.locked]]),
  );
}

describe('GridOS import: current layout (docs/gridos-compat.md §1.1)', () => {
  const decoded = decodeGridos(fixture('gridos-q3-plan.gridos'));

  it('takes the sheets in sheet_order and drops sheets that are not listed', () => {
    expect(decoded.sheets.map((sheet) => sheet.name)).toEqual(['Inputs', 'Model', 'Notes']);
    expect(decoded.name).toBe('Q3 plan');
    expect(decoded.activeSheet).toBe('Model');
  });

  it('keeps inputs, versions and locks; reads datatype "num" text as a number; ignores stored formula values', () => {
    expect(cellsOf(decoded.sheets[0]!)).toMatchObject({
      A1: ['Unit price', 1, true],
      B1: [12.5, 3, false],
      B2: [40, 2, false],
      B3: [true, 1, false],
    });
    expect(cellsOf(decoded.sheets[1]!)).toMatchObject({
      B1: [{ formula: '=Inputs!B1*Inputs!B2' }, 4, false],
      B2: [{ formula: '=  MINUS(B1, 475)' }, 1, true],
    });
  });

  it('reads charts with their sheet and fills GridOS defaults', () => {
    expect(
      decoded.sheets[1]!.charts!.map((chart) => [
        chart.id,
        chart.chart_type,
        chart.data_range,
        chart.orientation,
        chart.width,
      ]),
    ).toEqual([
      ['chart_0f3a9c21', 'line', 'A1:B2', 'columns', 400],
      ['chart_77aa01be', 'pie', 'Inputs!A1:B2', 'rows', 320],
    ]);
    const bare = decodeGridos({
      sheets: { S: { cells: {}, charts: [{ id: 'c', data_range: 'A1:B2' }] } },
    });
    expect(bare.sheets[0]!.charts![0]).toMatchObject({
      anchor_cell: 'F2',
      chart_type: 'bar',
      title: '',
      width: 400,
      height: 280,
    });
  });

  it('recomputes formulas with our engine once installed (stored values are not trusted)', () => {
    const workbook = open();
    workbook.apply([{ type: 'replace-workbook', document: withName(decoded, 'x') }]);
    expect(workbook.sheet('Model').value(0, 1)).toBe(500);
    expect(workbook.sheet('Model').value(1, 1)).toBe(25);
    expect(workbook.sheet('Model').value(0, 2)).toMatchObject({ sentinel: '#DIV/0!' });
  });
});

describe('GridOS import: legacy layouts and tolerance (docs/gridos-compat.md §1.3)', () => {
  it('reads the legacy per-sheet layout (the sheet object is its cell map) with no name', () => {
    const decoded = decodeGridos(fixture('gridos-legacy-per-sheet.gridos'));
    expect(decoded.name).toBeUndefined();
    expect(decoded.sheets.map((sheet) => sheet.name)).toEqual(['Sheet1', 'Sheet 2']);
    expect(cellsOf(decoded.sheets[0]!)).toEqual({
      A1: ['Item', 0, false],
      B1: [3, 0, false],
      B2: [{ formula: '=B1*2' }, 0, true],
    });
  });

  it('reads the legacy flat layout as Sheet1 (lower-case addresses too)', () => {
    const decoded = decodeWorkbookJson(fixture('gridos-legacy-flat.gridos'));
    expect(decoded.sheets.map((sheet) => sheet.name)).toEqual(['Sheet1']);
    expect(cellsOf(decoded.sheets[0]!)['A3']).toEqual([{ formula: '=SUM(A1:A2)' }, 0, false]);
  });

  it('without sheet_order takes the key order of sheets; names only in sheet_order become empty sheets', () => {
    expect(decodeGridos({ sheets: { B: {}, A: {} } }).sheets.map((sheet) => sheet.name)).toEqual([
      'B',
      'A',
    ]);
    const decoded = decodeGridos({ sheet_order: ['A', 'Ghost'], sheets: { A: { cells: {} } } });
    expect(decoded.sheets.map((sheet) => [sheet.name, sheet.cells.length])).toEqual([
      ['A', 0],
      ['Ghost', 0],
    ]);
  });

  it('an unknown active sheet falls back to the first; an empty or non-text name becomes the default name', () => {
    expect(decodeGridos({ active_sheet: 'Nope', sheets: { A: {}, B: {} } }).activeSheet).toBe('A');
    expect(decodeGridos({ workbook_name: '  ', sheets: { A: {} } }).name).toBe('Untitled workbook');
    expect(decodeGridos({ workbook_name: 42, sheets: { A: {} } }).name).toBe('Untitled workbook');
    expect(decodeGridos({ workbook_name: 'x'.repeat(200), sheets: { A: {} } }).name).toHaveLength(
      120,
    );
  });

  it('missing cell fields take defaults; unknown fields are ignored; a formula without "=" is still a formula', () => {
    const decoded = decodeGridos({
      sheets: {
        A: {
          // GridOS writes "" for a cell it cleared: no value, unlike Gridbook's own empty text.
          cells: {
            A1: {},
            A2: { value: '' },
            B1: { value: 'x', mystery: 1 },
            C1: { formula: 'SUM(1,2)' },
          },
        },
      },
    });
    expect(cellsOf(decoded.sheets[0]!)).toEqual({
      B1: ['x', 0, false],
      C1: [{ formula: '=SUM(1,2)' }, 0, false],
    });
  });

  it('a sheets object with no sheets yields one empty Sheet1', () => {
    expect(decodeGridos({ sheets: {} }).sheets).toEqual([
      { name: 'Sheet1', cells: [], charts: [] },
    ]);
  });
});

describe('GridOS import: what is rejected (400, nothing replaced)', () => {
  it.each([
    ['a JSON array', [], /expected a JSON object/],
    ['a string', 'hello', /expected a JSON object/],
    ['an empty object', {}, /empty/],
    [
      'an unknown cell address',
      { sheets: { A: { cells: { A0: { value: 1 } } } } },
      /A0.*not a cell address/,
    ],
    [
      'an address with junk (GridOS prefix-matches it; we do not)',
      { sheets: { A: { cells: { A1junk: { value: 1 } } } } },
      /A1junk/,
    ],
    [
      'a formula that is not text',
      { sheets: { A: { cells: { A1: { formula: 12 } } } } },
      /sheets\.A\.cells\.A1\.formula: expected text/,
    ],
    [
      'a value that is an object',
      { sheets: { A: { cells: { A1: { value: { x: 1 } } } } } },
      /A1\.value/,
    ],
    [
      'a negative version',
      { sheets: { A: { cells: { A1: { value: 1, version: -1 } } } } },
      /A1\.version/,
    ],
    [
      'a lock that is not true/false',
      { sheets: { A: { cells: { A1: { value: 1, locked: 'yes' } } } } },
      /A1\.locked/,
    ],
    ['a flat layout with a non-cell key', { workbook_name: 'x' }, /field required.*workbook_name/],
    [
      'sheet_order that is not a list of names',
      { sheet_order: 'A', sheets: { A: {} } },
      /sheet_order/,
    ],
    ['sheets that is not an object', { sheets: 'A' }, /^sheets:/],
    [
      'the same address twice in different case',
      { sheets: { A: { cells: { a1: { value: 1 }, A1: { value: 2 } } } } },
      /appears twice/,
    ],
    ['sheet names that differ only in case', { sheets: { Data: {}, DATA: {} } }, /letter case/],
  ])('rejects %s', (_label, json, message) => {
    expect(() => decodeWorkbookJson(json)).toThrow(InvalidDocumentError);
    expect(() => decodeWorkbookJson(json)).toThrow(message);
  });

  it('rejects a chart with a bad type or a missing id, and a sheet name we cannot hold', () => {
    expect(() =>
      decodeGridos({
        sheets: { A: { charts: [{ id: 'c', data_range: 'A1:B2', chart_type: 'radar' }] } },
      }),
    ).toThrow(InvalidChartError);
    expect(() => decodeGridos({ sheets: { A: { charts: [{ data_range: 'A1:B2' }] } } })).toThrow(
      /charts\[0\]\.id/,
    );
    expect(() => decodeGridos({ sheets: { 'Q3/Q4': {} } })).toThrow(InvalidNameError);
  });
});
