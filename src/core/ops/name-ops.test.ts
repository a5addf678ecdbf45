// Defined names as part of the workbook: set and deleted through the commit path (one undo step
// each), used by formulas in their scope, kept in documents, rebuilds and replays, and moved with
// sheet renames and inserted or deleted rows and columns.
import { describe, expect, it } from 'vitest';
import { inputAt, useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import { inputToText } from '../value-typing.js';
import { replayRecords, type CommitRecord } from './commit-record.js';
import type { Op } from './op.js';
import type { Workbook } from '../workbook.js';

const setName = (name: string, formula: string, sheet?: string): Op => ({
  type: 'set-name',
  name,
  formula,
  ...(sheet === undefined ? {} : { sheet }),
});

describe('defined names', () => {
  const { open } = useWorkbooks();

  function salesBook(): Workbook {
    const book = open({ sheetNames: ['Data', 'Report'] });
    for (const [row, value] of [10, 20, 30].entries())
      writeCell(book, `A${row + 2}`, value, 'Data');
    writeCell(book, 'A1', '=SUM(Sales)', 'Report');
    return book;
  }

  it('a workbook name is used by formulas on every sheet; its undo and redo are one step each', () => {
    const book = salesBook();
    expect(valueAt(book, 'A1', 'Report')).toBe('#NAME?');
    book.apply([setName('Sales', '=Data!$A$2:$A$4')]);
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
    expect(book.definedNames()).toEqual([{ name: 'Sales', formula: '=Data!$A$2:$A$4' }]);
    book.apply([setName('sales', '=Data!$A$2:$A$3')]);
    expect(valueAt(book, 'A1', 'Report')).toBe(30);
    expect(book.definedNames()).toEqual([{ name: 'sales', formula: '=Data!$A$2:$A$3' }]);
    book.undo();
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
    book.undo();
    expect(book.definedNames()).toEqual([]);
    expect(valueAt(book, 'A1', 'Report')).toBe('#NAME?');
    book.redo();
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
  });

  it('names the engine tells apart stay two names: "Maß" and "MASS", "ıx" and "Ix" (upper case folds each pair into one)', () => {
    const book = open({ sheetNames: ['Sheet1'] });
    book.apply([
      setName('Maß', '=1'),
      setName('MASS', '=2'),
      setName('ıx', '=3'),
      setName('Ix', '=4'),
    ]);
    for (const [cell, formula] of [
      ['A1', '=Maß'],
      ['A2', '=MASS'],
      ['A3', '=ıx'],
      ['A4', '=Ix'],
    ] as const)
      writeCell(book, cell, formula);
    expect(['A1', 'A2', 'A3', 'A4'].map((cell) => valueAt(book, cell))).toEqual([1, 2, 3, 4]);
    expect(book.definedNames().map((entry) => entry.name)).toHaveLength(4);
    const copy = open({ sheetNames: ['Other'] });
    copy.apply([{ type: 'replace-workbook', document: book.document() }]);
    expect(['A1', 'A2', 'A3', 'A4'].map((cell) => valueAt(copy, cell))).toEqual([1, 2, 3, 4]);
  });

  it('a sheet name wins over the workbook name on its sheet only, and goes and comes back with its sheet', () => {
    const book = salesBook();
    book.apply([setName('Rate', '=2'), setName('Rate', '=3', 'Data')]);
    writeCell(book, 'B1', '=Rate*10', 'Data');
    writeCell(book, 'B1', '=Rate*10', 'Report');
    expect(valueAt(book, 'B1', 'Data')).toBe(30);
    expect(valueAt(book, 'B1', 'Report')).toBe(20);
    expect(book.definedNames()).toEqual([
      { name: 'Rate', formula: '=2' },
      { name: 'Rate', formula: '=3', sheet: 'Data' },
    ]);
    book.apply([{ type: 'delete-sheet', name: 'Data' }]);
    expect(book.definedNames()).toEqual([{ name: 'Rate', formula: '=2' }]);
    book.undo();
    expect(book.definedNames()).toHaveLength(2);
    expect(valueAt(book, 'B1', 'Data')).toBe(30);
  });

  it('a definition the engine cannot take (a relative reference) is refused and nothing changes', () => {
    const book = salesBook();
    book.apply([setName('Sales', '=Data!$A$2:$A$4')]);
    expect(() => book.apply([setName('Sales', '=Data!A2:A3')])).toThrow(/Sales/);
    expect(() => book.apply([setName('A1', '=1')])).toThrow(/cell reference/);
    expect(() => book.apply([setName('answer2', '=1')])).toThrow(/letters then digits/);
    expect(() => book.apply([setName('TRUE', '=1')])).toThrow(/reserved/);
    expect(() => book.apply([{ type: 'delete-name', name: 'Nope' }])).toThrow(/Nope/);
    expect(book.definedNames()).toEqual([{ name: 'Sales', formula: '=Data!$A$2:$A$4' }]);
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
  });

  it('a workbook name over a deleted sheet answers #REF! and works again after the undo', () => {
    const book = salesBook();
    book.apply([setName('Sales', '=Data!$A$2:$A$4')]);
    book.apply([{ type: 'delete-sheet', name: 'Data' }]);
    expect(valueAt(book, 'A1', 'Report')).toBe('#REF!');
    book.undo();
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
    writeCell(book, 'A2', 100, 'Data');
    expect(valueAt(book, 'A1', 'Report')).toBe(150);
  });

  it('deleting a name is one undo step and formulas using it answer #NAME? until the undo', () => {
    const book = salesBook();
    book.apply([setName('Sales', '=Data!$A$2:$A$4')]);
    book.apply([{ type: 'delete-name', name: 'SALES' }]);
    expect(valueAt(book, 'A1', 'Report')).toBe('#NAME?');
    book.undo();
    expect(valueAt(book, 'A1', 'Report')).toBe(60);
  });

  it("a sheet rename rewrites the names' definitions, and its undo puts them back", () => {
    const book = salesBook();
    book.apply([setName('Sales', '=Data!$A$2:$A$4'), setName('Top', '=Data!$A$2', 'Data')]);
    book.apply([{ type: 'rename-sheet', from: 'Data', to: 'Sales data' }]);
    expect(book.definedNames()).toEqual([
      { name: 'Sales', formula: "='Sales data'!$A$2:$A$4" },
      { name: 'Top', formula: "='Sales data'!$A$2", sheet: 'Sales data' },
    ]);
    writeCell(book, 'A3', 100, 'Sales data');
    expect(valueAt(book, 'A1', 'Report')).toBe(140);
    book.undo();
    book.undo();
    expect(book.definedNames()[0]).toEqual({ name: 'Sales', formula: '=Data!$A$2:$A$4' });
  });

  it('the document carries the names; replacing the workbook installs them and its undo brings back the old ones', () => {
    const book = salesBook();
    book.apply([setName('Sales', '=Data!$A$2:$A$4'), setName('Top', '=Data!$A$2', 'Data')]);
    const document = book.document();
    expect(document.names).toEqual([{ name: 'Sales', formula: '=Data!$A$2:$A$4' }]);
    expect(document.sheets[0]!.names).toEqual([{ name: 'Top', formula: '=Data!$A$2' }]);

    const other = open();
    other.apply([setName('Old', '=1')]);
    other.apply([{ type: 'replace-workbook', document }]);
    expect(other.definedNames()).toEqual(book.definedNames());
    expect(valueAt(other, 'A1', 'Report')).toBe(60);
    other.undo();
    expect(other.definedNames()).toEqual([{ name: 'Old', formula: '=1' }]);
    other.redo();
    expect(valueAt(other, 'A1', 'Report')).toBe(60);
  });

  it('a document with a name given twice in one scope is refused whole', () => {
    const book = salesBook();
    const document = { ...book.document(), names: [setNameEntry('X'), setNameEntry('x')] };
    expect(() => book.apply([{ type: 'replace-workbook', document }])).toThrow(/twice/);
  });

  it('names survive an engine rebuild and a replay of the journal', () => {
    const book = salesBook();
    const records: CommitRecord[] = [];
    let seq = 0;
    const base = book.document();
    book.onCommit((commit) => {
      seq += 1;
      records.push({ seq, kind: 'change', at: '', ops: commit.ops as CommitRecord['ops'] });
    });
    book.apply([setName('Sales', '=Data!$A$2:$A$4'), setName('Top', '=Data!$A$2', 'Data')]);
    book.apply([{ type: 'refresh-functions', names: [], rebuild: true }]);
    writeCell(book, 'B1', '=Top+SUM(Sales)', 'Data');
    expect(valueAt(book, 'B1', 'Data')).toBe(70);

    const replayed = open();
    replayed.apply([{ type: 'replace-workbook', document: base }]);
    replayed.rebuildingEngineAfter(() => replayRecords(replayed, records, 0));
    expect(replayed.definedNames()).toEqual(book.definedNames());
    expect(valueAt(replayed, 'B1', 'Data')).toBe(70);
  });
});

function setNameEntry(name: string) {
  return { name, formula: '=1' };
}

describe('defined names under inserted and deleted rows and columns', () => {
  const { open } = useWorkbooks();

  function bookWith(definition: string, sheet?: string): Workbook {
    const book = open({ sheetNames: ['Data', 'Report'] });
    for (let row = 1; row <= 6; row += 1) writeCell(book, `A${row}`, row, 'Data');
    book.apply([setName('Band', definition, sheet)]);
    writeCell(book, 'A1', '=SUM(Band)', 'Report');
    return book;
  }
  const definition = (book: Workbook) => book.definedNames()[0]?.formula;
  const change = (kind: 'insert' | 'delete', axis: 'row' | 'col', at: number, count = 1): Op => ({
    type: 'change-structure',
    change: { kind, sheet: 'Data', axis, at, count },
  });

  it.each([
    [
      'rows inserted above the range move it',
      '=Data!$A$2:$A$4',
      change('insert', 'row', 0, 2),
      '=Data!$A$4:$A$6',
    ],
    [
      'a row inserted inside the range grows it',
      '=Data!$A$2:$A$4',
      change('insert', 'row', 2),
      '=Data!$A$2:$A$5',
    ],
    [
      'a row inserted below the range leaves it',
      '=Data!$A$2:$A$4',
      change('insert', 'row', 4),
      '=Data!$A$2:$A$4',
    ],
    [
      'a row deleted inside the range shrinks it',
      '=Data!$A$2:$A$4',
      change('delete', 'row', 2),
      '=Data!$A$2:$A$3',
    ],
    [
      'deleting every row of the range makes it #REF!',
      '=Data!$A$2:$A$4',
      change('delete', 'row', 1, 3),
      '=#REF!',
    ],
    [
      'a column inserted before a single cell moves it',
      '=Data!$A$3',
      change('insert', 'col', 0),
      '=Data!$B$3',
    ],
    [
      'deleting the column of a single cell makes it #REF!',
      '=Data!$A$3*2',
      change('delete', 'col', 0),
      '=#REF!*2',
    ],
    [
      'whole rows follow an insert above them',
      '=Data!$2:$3',
      change('insert', 'row', 0),
      '=Data!$3:$4',
    ],
    ['a constant is left alone', '=7', change('delete', 'row', 0, 3), '=7'],
  ])('%s (%s)', (_what, before, op, after) => {
    const book = bookWith(before);
    book.apply([op]);
    expect(definition(book)).toBe(after);
    book.undo();
    expect(definition(book)).toBe(before);
  });

  it('a change on another sheet leaves a name on this one alone', () => {
    const book = bookWith('=Data!$A$2:$A$4');
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', sheet: 'Report', axis: 'row', at: 0, count: 3 },
      },
    ]);
    expect(definition(book)).toBe('=Data!$A$2:$A$4');
  });

  it('a sheet name refers to its own sheet by name, and follows changes to it', () => {
    const book = bookWith('=Data!$A$2:$A$4', 'Data');
    writeCell(book, 'B1', '=SUM(Band)', 'Data');
    expect(valueAt(book, 'B1', 'Data')).toBe(9);
    book.apply([change('insert', 'row', 0)]);
    expect(definition(book)).toBe('=Data!$A$3:$A$5');
    expect(valueAt(book, 'B2', 'Data')).toBe(9);
    // The engine resolves a name's references once for every cell: they must name their sheet.
    expect(() => book.apply([setName('Loose', '=$A$2:$A$4', 'Data')])).toThrow(/Loose/);
  });

  it('formulas using the name compute over the moved range, and a row inserted inside it counts', () => {
    const book = bookWith('=Data!$A$2:$A$4');
    expect(valueAt(book, 'A1', 'Report')).toBe(9);
    book.apply([change('insert', 'row', 2)]);
    writeCell(book, 'A3', 100, 'Data');
    expect(valueAt(book, 'A1', 'Report')).toBe(109);
    expect(inputToText(inputAt(book, 'A1', 'Report')!)).toBe('=SUM(Band)');
    book.apply([change('delete', 'row', 1, 4)]);
    expect(valueAt(book, 'A1', 'Report')).toBe('#REF!');
    book.undo();
    expect(valueAt(book, 'A1', 'Report')).toBe(109);
  });
});
