import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { createChartOps, parseRange, setLocksOps, Workbook, writeRangeOps } from '../core/index.js';
import { decodeWorkbookJson, withName } from './document-import.js';
import { InvalidDocumentError } from './errors.js';
import { decodeGridbook, encodeGridbook } from './gridbook-json.js';
import { computedValues, exportJson } from './workbook-transfer.js';

const { open } = useWorkbooks();

const AT = new Date(Date.UTC(2026, 3, 25, 15, 30, 0));

function threeSheets(): Workbook {
  const workbook = open({
    name: 'Round trip',
    sheetNames: ['Inputs', 'Model', 'Report'],
  });
  workbook.apply(
    writeRangeOps('Inputs', { row: 0, col: 0 }, [
      ['Price', 12.5],
      ['Units', 40],
      ['Label', "'0042"],
      ['Flag', true],
    ]),
  );
  workbook.apply(
    writeRangeOps('Model', { row: 0, col: 0 }, [
      ['Revenue', '=Inputs!B1*Inputs!B2'],
      ['Text', '="a"&Report!A1'],
      ['Bad', '=1/0'],
    ]),
  );
  workbook.apply(writeRangeOps('Report', { row: 0, col: 0 }, [['x']]));
  workbook.apply(writeRangeOps('Report', { row: 0, col: 0 }, [['y']]));
  workbook.apply(writeRangeOps('Report', { row: 4, col: 4 }, [['gone']]));
  workbook.apply(writeRangeOps('Report', { row: 4, col: 4 }, [[null]]));
  workbook.apply(setLocksOps('Inputs', parseRange('A1:A4'), true));
  workbook.apply(
    createChartOps('Report', 'chart_1', {
      data_range: 'Model!A1:B1',
      title: 'Revenue',
      chart_type: 'pie',
    }).ops,
  );
  workbook.apply([{ type: 'activate-sheet', name: 'Model' }]);
  return workbook;
}

describe('Gridbook JSON export', () => {
  it('writes format, version, exported_at, workbook_name, active_sheet, sheets in order and charts', () => {
    const json = JSON.parse(exportJson(threeSheets(), AT));
    expect(Object.keys(json)).toEqual([
      'format',
      'version',
      'exported_at',
      'workbook_name',
      'active_sheet',
      'sheets',
      'charts',
    ]);
    expect([
      json.format,
      json.version,
      json.exported_at,
      json.workbook_name,
      json.active_sheet,
    ]).toEqual(['gridbook', 1, '2026-04-25T15:30:00.000Z', 'Round trip', 'Model']);
    expect(json.sheets.map((sheet: { name: string }) => sheet.name)).toEqual([
      'Inputs',
      'Model',
      'Report',
    ]);
    expect(json.charts).toEqual([
      {
        sheet: 'Report',
        id: 'chart_1',
        title: 'Revenue',
        chart_type: 'pie',
        data_range: 'Model!A1:B1',
        anchor_cell: 'F2',
        width: 400,
        height: 280,
        orientation: 'columns',
      },
    ]);
  });

  it('writes each cell as {value, formula, version, locked}: the input for plain cells, the computed value for formulas', () => {
    const json = JSON.parse(exportJson(threeSheets(), AT));
    expect(json.sheets[0].cells.A1).toEqual({
      value: 'Price',
      formula: null,
      version: 1,
      locked: true,
    });
    expect(json.sheets[0].cells.B3).toEqual({
      value: '0042',
      formula: null,
      version: 1,
      locked: false,
    });
    expect(json.sheets[1].cells.B1).toEqual({
      value: 500,
      formula: '=Inputs!B1*Inputs!B2',
      version: 1,
      locked: false,
    });
    expect(json.sheets[1].cells.B3.value).toBe('#DIV/0!');
    // A cleared cell keeps its version so a rewrite never repeats one.
    expect(json.sheets[2].cells.E5).toEqual({
      value: null,
      formula: null,
      version: 2,
      locked: false,
    });
    expect(json.sheets[2].cells.A1.version).toBe(2);
  });

  it('[PERSIST-3] export → import → export is identical apart from exported_at', () => {
    const original = threeSheets();
    const first = exportJson(original, AT);
    const copy = open();
    copy.apply([
      {
        type: 'replace-workbook',
        document: withName(decodeWorkbookJson(JSON.parse(first)), 'unused'),
      },
    ]);
    const second = exportJson(copy, new Date(AT.getTime() + 60_000));
    expect(second.replace(/"exported_at": ?"[^"]+"/, '')).toBe(
      first.replace(/"exported_at": ?"[^"]+"/, ''),
    );
    expect(copy.document()).toEqual(original.document());
  });

  it('decodes what it encodes without computed values too (the save file)', () => {
    const workbook = threeSheets();
    const encoded = JSON.parse(JSON.stringify(encodeGridbook(workbook.document())));
    expect(encoded.exported_at).toBeUndefined();
    expect(decodeGridbook(encoded)).toEqual(workbook.document());
    expect(computedValues(workbook)('Model', 0, 1)).toBe(500);
  });

  it.each([
    ['one object per cell (version 1)', false],
    ['dense blocks (version 2, the save file and journal snapshot)', true],
  ])('keeps a cell of empty text as empty text in %s, alone and inside a block', (_, dense) => {
    const workbook = open();
    // A lone apostrophe types empty text; the 3×3 rectangle is big enough to become a block.
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [["'"]]));
    workbook.apply(
      writeRangeOps('Sheet1', { row: 2, col: 0 }, [
        [1, "'", 3],
        [4, 5, 6],
        [7, 8, 9],
      ]),
    );
    const encoded = JSON.parse(JSON.stringify(encodeGridbook(workbook.document(), { dense })));
    const cells = decodeGridbook(encoded).sheets[0]!.cells;
    expect(cells.filter((cell) => cell.input === '').map((cell) => [cell.row, cell.col])).toEqual([
      [0, 0],
      [2, 1],
    ]);
  });
});

describe('the character set CHAR and CODE compute with', () => {
  function macWorkbook(): Workbook {
    const workbook = threeSheets();
    workbook.apply(writeRangeOps('Report', { row: 1, col: 0 }, [['=CHAR(128)']]));
    workbook.apply([
      {
        type: 'replace-workbook',
        document: { ...workbook.document(), characterSet: 'mac-roman' },
      },
    ]);
    return workbook;
  }

  it('is written as character_set, and read back, in the export and the save file', () => {
    const workbook = macWorkbook();
    for (const dense of [false, true]) {
      const encoded = JSON.parse(JSON.stringify(encodeGridbook(workbook.document(), { dense })));
      expect(encoded.character_set).toBe('mac-roman');
      const copy = open();
      copy.apply([{ type: 'replace-workbook', document: withName(decodeWorkbookJson(encoded)) }]);
      expect(copy.document().characterSet).toBe('mac-roman');
      expect(copy.sheet('Report').value(1, 0)).toBe('Ä');
    }
  });

  it('is left out for Windows, the default, and a file without it reads as Windows', () => {
    const encoded = JSON.parse(exportJson(threeSheets(), AT));
    expect(encoded).not.toHaveProperty('character_set');
    expect(decodeWorkbookJson(encoded).characterSet).toBeUndefined();
    const named = decodeWorkbookJson({ ...encoded, character_set: 'windows-1252' });
    expect(named.characterSet).toBeUndefined();
  });
});

describe('typed error values in Gridbook JSON', () => {
  it('saves a typed error as its literal marked error (single cells and dense blocks) and reads it back as one, text staying text', () => {
    const workbook = open({ name: 'Errors', sheetNames: ['S'] });
    const row = ['#N/A', '#CALC!', "'#N/A", 1, 2, 3, 4, 5, 6];
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [row, row]));
    workbook.apply(writeRangeOps('S', { row: 5, col: 0 }, [['#REF!']]));
    for (const dense of [false, true]) {
      const encoded = JSON.parse(JSON.stringify(encodeGridbook(workbook.document(), { dense })));
      const text = JSON.stringify(encoded);
      expect(text).toContain(dense ? '{"error":"#N/A"}' : '"value":"#N/A","formula":null');
      expect(text).toMatch(/"value":"#REF!","formula":null,[^}]*"error":true/);
      const decoded = decodeGridbook(encoded);
      expect(decoded).toEqual(workbook.document());
      const inputs = decoded.sheets[0]!.cells.map((cell) => cell.input);
      expect(inputs).toContainEqual({ error: '#CALC!' });
      expect(inputs).toContainEqual({ error: '#REF!' });
      expect(inputs).toContain('#N/A');
    }
  });
});

describe('dynamic-array formulas in Gridbook JSON', () => {
  it('writes a typed array formula as typed, marked dynamic (single cells and dense blocks), and reads it back spilling', () => {
    const workbook = open({ name: 'Spills', sheetNames: ['S'] });
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [['=SEQUENCE(3)*2', '=A1+1']]));
    // A 3×3 rectangle of the same formula becomes a dense block in the save file.
    const block = Array.from({ length: 3 }, () => ['=SEQUENCE(1,1)*5', 1, 2]);
    workbook.apply(writeRangeOps('S', { row: 5, col: 0 }, block));
    for (const dense of [false, true]) {
      const encoded = JSON.parse(JSON.stringify(encodeGridbook(workbook.document(), { dense })));
      const text = JSON.stringify(encoded);
      expect(text).not.toContain('DYNAMIC.ARRAY');
      expect(text).toMatch(/"formula":"=SEQUENCE\(3\)\*2"[^}]*"dynamic":true/);
      expect(text).toMatch(/"formula":"=A1\+1"(?![^}]*dynamic)/);
      const copy = open();
      copy.apply([{ type: 'replace-workbook', document: withName(decodeWorkbookJson(encoded)) }]);
      expect(copy.document()).toEqual({ ...workbook.document(), name: copy.document().name });
      expect([0, 1, 2].map((row) => copy.sheet('S').value(row, 0))).toEqual([2, 4, 6]);
      expect(copy.sheet('S').value(5, 0)).toBe(5);
    }
  });

  it('reads a formula saved with its DYNAMIC.ARRAY wrapper (files before the mark) as the same formula', () => {
    const encoded = {
      workbook_name: 'Old',
      sheets: [
        {
          name: 'S',
          cells: {
            A1: { value: 2, formula: '=DYNAMIC.ARRAY(SEQUENCE(3)*2)', version: 1, locked: false },
          },
        },
      ],
    };
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: withName(decodeWorkbookJson(encoded)) }]);
    expect([0, 1, 2].map((row) => copy.sheet('S').value(row, 0))).toEqual([2, 4, 6]);
    const marked = { ...encoded.sheets[0]!.cells.A1, dynamic: true };
    const twice = decodeWorkbookJson({
      ...encoded,
      sheets: [{ name: 'S', cells: { A1: marked } }],
    });
    expect(twice.sheets[0]!.cells[0]!.input).toEqual({ formula: '=DYNAMIC.ARRAY(SEQUENCE(3)*2)' });
  });

  it('refuses a dynamic mark that is not true or false, or one beside a legacy array range, naming the field', () => {
    const cell = (extra: Record<string, unknown>) => ({
      workbook_name: 'Bad',
      sheets: [{ name: 'S', cells: { A1: { value: 1, formula: '=A2:A3', ...extra } } }],
    });
    expect(() => decodeWorkbookJson(cell({ dynamic: 'yes' }))).toThrow(/A1\.dynamic/);
    expect(() => decodeWorkbookJson(cell({ dynamic: true, array: 'A1:A2' }))).toThrow(
      /A1\.dynamic/,
    );
    expect(decodeWorkbookJson(cell({ dynamic: false })).sheets[0]!.cells[0]!.input).toEqual({
      formula: '=A2:A3',
    });
  });
});

describe('Gridbook JSON import validation', () => {
  const valid = () => JSON.parse(exportJson(threeSheets(), AT));

  it.each([
    [
      'a newer format version',
      (json: any) => ({ ...json, version: 3 }),
      /version: this file uses format version 3/,
    ],
    ['another format', (json: any) => ({ ...json, format: 'xlsx' }), /^format:/],
    [
      'a missing workbook name',
      (json: any) => ({ ...json, workbook_name: undefined }),
      /workbook_name/,
    ],
    ['no sheets', (json: any) => ({ ...json, sheets: [] }), /^sheets:/],
    [
      'an unknown cell address',
      (json: any) => ({
        ...json,
        sheets: [{ name: 'S', cells: { ZZZZ1: { value: 1 } } }],
        active_sheet: 'S',
        charts: [],
      }),
      /sheets\[0\]\.cells\.ZZZZ1/,
    ],
    [
      'a formula that is not text',
      (json: any) => ({
        ...json,
        sheets: [{ name: 'S', cells: { A1: { formula: ['=1'] } } }],
        active_sheet: 'S',
        charts: [],
      }),
      /A1\.formula/,
    ],
    [
      'an active sheet that does not exist',
      (json: any) => ({ ...json, active_sheet: 'Nope' }),
      /^active_sheet:/,
    ],
    [
      'a chart on a missing sheet',
      (json: any) => ({ ...json, charts: [{ ...json.charts[0], sheet: 'Nope' }] }),
      /charts\[0\]\.sheet/,
    ],
    [
      'a chart with a bad range',
      (json: any) => ({ ...json, charts: [{ ...json.charts[0], data_range: 'A1:' }] }),
      /charts\[0\]\.data_range/,
    ],
    [
      'duplicate chart ids on a sheet',
      (json: any) => ({ ...json, charts: [json.charts[0], json.charts[0]] }),
      /charts\[1\]\.id/,
    ],
    [
      'duplicate sheet names',
      (json: any) => ({ ...json, sheets: [json.sheets[0], json.sheets[0]] }),
      /sheets\[1\]\.name/,
    ],
    [
      'an unknown character set',
      (json: any) => ({ ...json, character_set: 'ebcdic' }),
      /^character_set: expected one of "windows-1252", "mac-roman"/,
    ],
  ])('rejects %s naming the field', (_label, change, message) => {
    expect(() => decodeWorkbookJson(change(valid()))).toThrow(message);
  });

  it('reads charts written inside their sheet as well', () => {
    const json = valid();
    json.sheets[0].charts = [{ id: 'inline', data_range: 'A1:B2' }];
    const document = decodeGridbook(json);
    expect(document.sheets[0]!.charts!.map((chart) => chart.id)).toEqual(['inline']);
  });

  it('reads a sheet given only by name as an empty sheet, and charts given as a map from sheet to list', () => {
    const document = decodeGridbook({
      workbook_name: 'Minimal',
      sheets: ['Sheet1', { name: 'Data', cells: { A1: { value: 1 } } }],
      charts: { Data: [{ id: 'c', data_range: 'A1:A1' }] },
    });
    expect(
      document.sheets.map((sheet) => [sheet.name, sheet.cells.length, sheet.charts!.length]),
    ).toEqual([
      ['Sheet1', 0, 0],
      ['Data', 1, 1],
    ]);
    expect(() =>
      decodeGridbook({
        workbook_name: 'x',
        sheets: ['S'],
        charts: { Nope: [{ id: 'c', data_range: 'A1' }] },
      }),
    ).toThrow(/charts\.Nope\[0\]\.sheet/);
    expect(() => decodeGridbook({ workbook_name: 'x', sheets: [7] })).toThrow(/sheets\[0\]/);
  });

  it('the errors are InvalidDocumentError (400 over HTTP)', () => {
    expect(() =>
      decodeWorkbookJson({
        format: 'gridbook',
        version: 1,
        workbook_name: 'x',
        sheets: [{ name: 'S', cells: { A0: {} } }],
      }),
    ).toThrow(InvalidDocumentError);
  });
});
