import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import { columnType, inferSheetSchema } from './schema-inference.js';
import type { WireValue } from './value-typing.js';

const { open } = useWorkbooks();

/** The schema of a sheet holding `values` from `anchor`. */
function schemaOf(anchor: string, values: WireValue[][]) {
  const book = open();
  writeRows(book, anchor, values);
  return inferSheetSchema(book.sheet());
}

describe('column types', () => {
  it('[SCHEMA-1] two formulas among four data cells ("about half") make a formula column', () => {
    const schema = schemaOf('A1', [['h'], [1], ['=1+1'], [2], ['=A2*2']]);
    expect(schema.cols[0]!.type).toBe('formula');
  });

  it('[SCHEMA-1] one formula among three data cells is below half: the literal majority wins', () => {
    const schema = schemaOf('A1', [['h'], [1], [2], ['=A2+A3']]);
    expect(schema.cols[0]!.type).toBe('number');
  });

  it('[SCHEMA-1] formulas count whatever they compute: text-valued formulas still make a formula column', () => {
    const schema = schemaOf('A1', [['Name'], ['="a"&"b"'], ['=UPPER("x")'], ['plain']]);
    expect(schema.cols[0]!.type).toBe('formula');
  });

  it.each<[string, WireValue[], string]>([
    ['numbers', [1, 2.5, '3'], 'number'],
    ['text', ['a', 'b', 3], 'text'],
    ['booleans', [true, 'FALSE', 1], 'bool'],
    ['a tie between number and text (text holds anything)', [1, 'a'], 'text'],
  ])('[SCHEMA-1] a column of mostly %s is typed %s', (_label, data, type) => {
    const schema = schemaOf('A1', [['header'], ...data.map((value) => [value])]);
    expect(schema.cols[0]!.type).toBe(type);
  });

  it('[SCHEMA-2] a column whose only cell is the header is empty', () => {
    const schema = schemaOf('A1', [
      ['Lonely header', 'Amount'],
      [null, 5],
    ]);
    expect(schema.cols.map((col) => col.type)).toEqual(['empty', 'number']);
  });

  it('[SCHEMA-1] columnType of no cells is empty and the threshold is exactly half', () => {
    expect(columnType([])).toBe('empty');
    expect(columnType([{ formula: '=1' }, 1])).toBe('formula');
    expect(columnType([{ formula: '=1' }, 1, 2])).toBe('number');
  });
});

describe('headers and columns', () => {
  it('[SCHEMA-3] the header is the first occupied row even when it holds data (numbers, booleans, formulas)', () => {
    const schema = schemaOf('B3', [
      [2024, true, '=2+3', 'Label'],
      [1, false, 4, 'x'],
    ]);
    expect(schema.cols.map((col) => col.header)).toEqual(['2024', 'TRUE', '5', 'Label']);
  });

  it('[SCHEMA-3] a column whose header-row cell is empty has header null, even with data below', () => {
    const schema = schemaOf('A1', [
      ['Month', null],
      ['Jan', 100],
      ['Feb', 200],
    ]);
    expect(schema.cols[1]).toEqual({ col: 'B', header: null, type: 'number' });
  });

  it('[SCHEMA-4] an empty column between occupied ones is listed with header null and type empty', () => {
    const schema = schemaOf('A1', [
      ['Month', null, 'Revenue'],
      ['Jan', null, 100],
    ]);
    expect(schema.cols).toEqual([
      { col: 'A', header: 'Month', type: 'text' },
      { col: 'B', header: null, type: 'empty' },
      { col: 'C', header: 'Revenue', type: 'number' },
    ]);
  });

  it('[SCHEMA-4] only columns of the occupied range are listed (nothing left of the first one)', () => {
    const schema = schemaOf('C5', [
      ['x', 'y'],
      [1, 2],
    ]);
    expect(schema.cols.map((col) => col.col)).toEqual(['C', 'D']);
  });

  it('[SCHEMA-5] rows span first to last occupied row; bounds are the occupied corners', () => {
    const schema = schemaOf('B2', [
      ['Month', 'Revenue', 'Growth'],
      ['Jan', 100, '=C3'],
      [],
      ['Mar', 300, '=C3*2'],
    ]);
    expect(schema.rows).toBe(4);
    expect(schema.occupied_bounds).toEqual({ first: 'B2', last: 'D5' });
    expect(schema.cols).toEqual([
      { col: 'B', header: 'Month', type: 'text' },
      { col: 'C', header: 'Revenue', type: 'number' },
      { col: 'D', header: 'Growth', type: 'formula' },
    ]);
  });

  it('[SCHEMA-5] an empty sheet has 0 rows, no columns and null bounds', () => {
    const book = open();
    expect(inferSheetSchema(book.sheet())).toEqual({ rows: 0, cols: [], occupied_bounds: null });
  });

  it('[SCHEMA-5] a sheet with cells far apart is described without scanning the space between', () => {
    const book = open();
    writeRows(book, 'A1', [['first']]);
    writeRows(book, 'XFD1048576', [[1]]);
    const started = performance.now();
    const schema = inferSheetSchema(book.sheet());
    expect(schema.rows).toBe(1_048_576);
    expect(schema.cols).toHaveLength(16_384);
    expect(schema.cols.at(-1)).toEqual({ col: 'XFD', header: null, type: 'number' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
