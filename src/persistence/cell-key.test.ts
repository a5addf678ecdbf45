import { describe, expect, it } from 'vitest';
import { parseCellKey, readCellMap } from './cell-json.js';

describe('cell keys of saved and imported documents', () => {
  it.each([
    ['A1', { row: 0, col: 0 }],
    ['cv1000', { row: 999, col: 99 }],
    ['XFD1048576', { row: 1_048_575, col: 16_383 }],
    ['A0001', { row: 0, col: 0 }],
  ])('%s is read as a cell', (key, address) => {
    expect(parseCellKey(key)).toEqual(address);
  });

  it.each([
    'A0',
    'ZZZZ1',
    'A1junk',
    'XFE1',
    'A1048577',
    'A12345678',
    '1A',
    '',
    'A',
    '$A$1',
    ' A1',
    'A-1',
  ])('%j is not a cell', (key) => {
    expect(parseCellKey(key)).toBeUndefined();
  });

  it('cells listed out of order come back row-major; an invalid key names itself', () => {
    const cells = readCellMap(
      { B2: { value: 4, version: 1 }, A1: { value: 1, version: 1 }, C1: { value: 3, version: 2 } },
      'cells',
    );
    expect(cells.map((cell) => [cell.row, cell.col, cell.input, cell.version])).toEqual([
      [0, 0, 1, 1],
      [0, 2, 3, 2],
      [1, 1, 4, 1],
    ]);
    expect(() =>
      readCellMap({ A1: { value: 1 }, A1junk: { value: 2 } }, 'sheets[0].cells'),
    ).toThrow(/sheets\[0\]\.cells\.A1junk/);
    expect(() => readCellMap({ a1: { value: 1 }, A1: { value: 2 } }, 'cells')).toThrow(
      /appears twice/,
    );
  });
});
