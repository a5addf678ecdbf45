// Version 2's dense blocks: a save of a bulk grid is small, reads back exactly (inputs, text
// that looks numeric, formulas, cleared cells, per-cell versions, locks) and bad blocks are
// refused naming the field.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { parseRange, setLocksOps, writeRangeOps, type WorkbookDocument } from '../core/index.js';
import { decodeWorkbookJson } from './document-import.js';
import { encodeGridbook } from './gridbook-json.js';

const { open } = useWorkbooks();

function grid(rows: number, cols: number): (number | string)[][] {
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => row * cols + col + 1),
  );
}

function roundTrip(document: WorkbookDocument): {
  json: ReturnType<typeof encodeGridbook>;
  back: WorkbookDocument;
} {
  const json = JSON.parse(JSON.stringify(encodeGridbook(document, { dense: true })));
  const decoded = decodeWorkbookJson(json);
  return {
    json,
    back: { name: decoded.name ?? '', activeSheet: decoded.activeSheet, sheets: decoded.sheets },
  };
}

describe('Gridbook JSON version 2 (dense blocks)', () => {
  it('a 1000 × 100 grid is one block with one version, a tenth of the size of cell objects', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, grid(1000, 100)));
    const document = workbook.document();
    const { json, back } = roundTrip(document);
    expect(json.version).toBe(2);
    expect(json.sheets[0]!.blocks).toHaveLength(1);
    expect(json.sheets[0]!.blocks![0]).toMatchObject({ at: 'A1', versions: 1 });
    expect(Object.keys(json.sheets[0]!.cells)).toHaveLength(0);
    expect(JSON.stringify(json).length * 8).toBeLessThan(
      JSON.stringify(encodeGridbook(document)).length,
    );
    expect(back).toEqual(document);
  });

  it('a column is one block of one-cell rows, and a locked cell inside it splits the block', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 1 }, grid(20, 1)));
    const { json, back } = roundTrip(workbook.document());
    expect(json.sheets[0]!.blocks).toEqual([{ at: 'B1', inputs: grid(20, 1), versions: 1 }]);
    expect(back).toEqual(workbook.document());
    workbook.apply(setLocksOps('Sheet1', parseRange('B10'), true));
    const split = roundTrip(workbook.document());
    expect(split.json.sheets[0]!.blocks!.map((block) => block.at)).toEqual(['B1', 'B11']);
    expect(Object.keys(split.json.sheets[0]!.cells)).toEqual(['B10']);
    expect(split.back).toEqual(workbook.document());
  });

  it('mixed cells come back exactly: text that looks numeric, formulas, cleared cells, own versions and locks', () => {
    const workbook = open({ sheetNames: ['Data', 'Other'] });
    workbook.apply(
      writeRangeOps('Data', { row: 0, col: 0 }, [
        ["'007", 'TRUE', '=A2*2', 'x'],
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    );
    workbook.apply(writeRangeOps('Data', { row: 1, col: 1 }, [[20]]));
    workbook.apply(writeRangeOps('Data', { row: 2, col: 3 }, [['']]));
    workbook.apply(setLocksOps('Data', parseRange('A3'), true));
    workbook.apply(writeRangeOps('Other', { row: 5, col: 2 }, [['=Data!A2+1']]));
    const document = workbook.document();
    const { json, back } = roundTrip(document);
    expect(json.sheets[0]!.cells['A3']).toEqual({
      value: 5,
      formula: null,
      version: 1,
      locked: true,
    });
    expect(back).toEqual(document);
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: back }]);
    expect([
      copy.sheet('Data').value(0, 2),
      copy.sheet('Data').input(0, 0),
      copy.sheet('Other').value(5, 2),
    ]).toEqual([2, '007', 2]);
  });

  it.each([
    [
      'a block without a valid top-left cell',
      { at: 'A0', inputs: [[1]], versions: 1 },
      /blocks\[0\]\.at/,
    ],
    [
      'a block row of versions of the wrong length',
      { at: 'A1', inputs: [[1, 2]], versions: [[1]] },
      /blocks\[0\]\.versions\[0\]/,
    ],
    [
      'an object that is not a formula',
      { at: 'A1', inputs: [[{ value: 1 }]], versions: 1 },
      /blocks\[0\]\.inputs\[0\]\[0\]/,
    ],
    ['a negative version', { at: 'A1', inputs: [[1]], versions: -1 }, /blocks\[0\]\.versions/],
  ])('refuses %s naming the field', (_label, block, message) => {
    const json = {
      format: 'gridbook',
      version: 2,
      workbook_name: 'x',
      active_sheet: 'S',
      sheets: [{ name: 'S', blocks: [block], cells: {} }],
      charts: [],
    };
    expect(() => decodeWorkbookJson(json)).toThrow(message);
  });

  it('refuses a cell given both in a block and in cells', () => {
    const json = {
      format: 'gridbook',
      version: 2,
      workbook_name: 'x',
      active_sheet: 'S',
      sheets: [
        {
          name: 'S',
          blocks: [{ at: 'A1', inputs: [[1, 2]], versions: 1 }],
          cells: { B1: { value: 3, version: 1 } },
        },
      ],
      charts: [],
    };
    expect(() => decodeWorkbookJson(json)).toThrow(/cell B1 is given twice/);
  });
});
