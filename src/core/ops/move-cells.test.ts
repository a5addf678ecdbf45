import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell, parseRange } from '../address/index.js';
import { CHART_DEFAULTS } from '../chart.js';
import { CellLockedError } from '../errors.js';
import type { Workbook } from '../workbook.js';
import { recordedOps, replayRecords, type CommitRecord } from './commit-record.js';
import type { Op } from './op.js';

const { open } = useWorkbooks();

const rangeOf = (a1: string) => {
  const { start, end } = parseRange(a1);
  return { start, end };
};

const move = (range: string, target: string, sheet = 'Data', targetSheet = sheet): Op => ({
  type: 'move-cells',
  sheet,
  range: rangeOf(range),
  targetSheet,
  target: parseCell(target),
});

/** Data!A1:A3 holds numbers and a formula reading inside and outside the block; others read it. */
function ledger(): Workbook {
  const workbook = open({ sheetNames: ['Data', 'Summary'] });
  writeRows(workbook, 'A1', [[1, 10], [2, 20], ['=A1+A2+B1']]);
  writeRows(workbook, 'E1', [['=SUM(A1:A3)', '=A2*2', '=SUM(A1:A5)', '=C1']]);
  writeRows(workbook, 'A1', [['=Data!A3+1', '=SUM(Data!A1:A2)']], 'Summary');
  writeCell(workbook, 'C1', 'overwritten', 'Data');
  return workbook;
}

const input = (workbook: Workbook, a1: string, sheet = 'Data') => {
  const { row, col } = parseCell(a1);
  return workbook.sheet(sheet).input(row, col);
};
const value = (workbook: Workbook, a1: string, sheet = 'Data') => {
  const { row, col } = parseCell(a1);
  return workbook.sheet(sheet).value(row, col);
};

/** Every input, version and lock of both sheets, and the names: the state an undo must restore. */
function state(workbook: Workbook): unknown {
  return workbook.document();
}

describe('move-cells', () => {
  it('formulas anywhere that read the moved cells follow them; a reference reaching past the block stays', () => {
    const workbook = ledger();
    workbook.apply([move('A1:A3', 'C1')]);
    expect(input(workbook, 'E1')).toEqual({ formula: '=SUM(C1:C3)' });
    expect(input(workbook, 'F1')).toEqual({ formula: '=C2*2' });
    expect(input(workbook, 'G1')).toEqual({ formula: '=SUM(A1:A5)' });
    expect(input(workbook, 'A1', 'Summary')).toEqual({ formula: '=Data!C3+1' });
    expect(input(workbook, 'B1', 'Summary')).toEqual({ formula: '=SUM(Data!C1:C2)' });
    expect(value(workbook, 'E1')).toBe(16);
    expect(value(workbook, 'A1', 'Summary')).toBe(14);
  });

  it('a moved formula keeps reading what it read: references into the block move, others stay', () => {
    const workbook = ledger();
    workbook.apply([move('A1:A3', 'C1')]);
    expect(input(workbook, 'C3')).toEqual({ formula: '=C1+C2+B1' });
    expect(value(workbook, 'C3')).toBe(13);
    expect(input(workbook, 'A1')).toBeNull();
    expect(input(workbook, 'A3')).toBeNull();
  });

  it('a reference to a cell the block landed on becomes #REF!, as in Excel', () => {
    const workbook = ledger();
    workbook.apply([move('A1:A3', 'C1')]);
    expect(input(workbook, 'H1')).toEqual({ formula: '=#REF!' });
  });

  it('to another sheet, followed references name it and a moved formula names the sheet it left', () => {
    const workbook = ledger();
    workbook.apply([move('A1:A3', 'B2', 'Data', 'Summary')]);
    expect(input(workbook, 'B4', 'Summary')).toEqual({ formula: '=B2+B3+Data!B1' });
    expect(input(workbook, 'E1')).toEqual({ formula: '=SUM(Summary!B2:B4)' });
    expect(input(workbook, 'A1', 'Summary')).toEqual({ formula: '=Summary!B4+1' });
    expect(value(workbook, 'B4', 'Summary')).toBe(13);
    expect(value(workbook, 'E1')).toBe(16);
  });

  it('moves over its own cells (overlap) without losing any', () => {
    const workbook = ledger();
    workbook.apply([move('A1:A3', 'A2')]);
    expect(input(workbook, 'A1')).toBeNull();
    expect(input(workbook, 'A2')).toBe(1);
    expect(input(workbook, 'A3')).toBe(2);
    expect(input(workbook, 'A4')).toEqual({ formula: '=A2+A3+B1' });
    expect(input(workbook, 'E1')).toEqual({ formula: '=SUM(A2:A4)' });
    expect(value(workbook, 'E1')).toBe(16);
  });

  it('moved cells take their formats and bump their versions', () => {
    const workbook = ledger();
    workbook.apply([
      { type: 'set-format', sheet: 'Data', range: rangeOf('A2'), format: { bold: true } },
    ]);
    const data = workbook.sheet('Data');
    const [source, target] = [data.version(0, 0), data.version(0, 2)];
    workbook.apply([move('A1:A3', 'C1')]);
    expect(data.format(1, 2)).toEqual({ bold: true });
    expect(data.format(1, 0)).toBeUndefined();
    expect(data.version(0, 2)).toBe(target + 1);
    expect(data.version(0, 0)).toBe(source + 1);
  });

  it('a locked cell in the source or where the block lands refuses the whole move', () => {
    const workbook = ledger();
    const lock = (a1: string) =>
      workbook.apply([{ type: 'set-locks', sheet: 'Data', cells: [parseCell(a1)], locked: true }]);
    const document = state(workbook);
    lock('A2');
    expect(() => workbook.apply([move('A1:A3', 'C1')])).toThrow(CellLockedError);
    workbook.apply([{ type: 'set-locks', sheet: 'Data', cells: [parseCell('A2')], locked: false }]);
    lock('C3');
    expect(() => workbook.apply([move('A1:A3', 'C1')])).toThrow(CellLockedError);
    workbook.apply([{ type: 'set-locks', sheet: 'Data', cells: [parseCell('C3')], locked: false }]);
    expect(state(workbook)).toEqual(document);
  });

  it('a chart reading the moved cells follows them; one reading where they landed keeps its range; undo puts both back', () => {
    const workbook = ledger();
    const chart = (id: string, range: string) => ({
      ...CHART_DEFAULTS,
      id,
      data_range: range,
      anchor_cell: 'F2',
    });
    workbook.apply([
      { type: 'put-chart', sheet: 'Summary', chart: chart('moved', 'Data!A1:A3') },
      { type: 'put-chart', sheet: 'Data', chart: chart('landed', 'C1:C2') },
    ]);
    const ranges = () =>
      ['Summary', 'Data'].map((sheet) =>
        workbook
          .sheet(sheet)
          .charts()
          .map((held) => held.data_range),
      );
    workbook.apply([move('A1:A3', 'C1')]);
    expect(ranges()).toEqual([['Data!C1:C3'], ['C1:C2']]);
    workbook.undo();
    expect(ranges()).toEqual([['Data!A1:A3'], ['C1:C2']]);
    workbook.redo();
    expect(ranges()).toEqual([['Data!C1:C3'], ['C1:C2']]);
  });

  it('a chart anchored on a moved cell moves with the block; one anchored where it lands stays; undo puts it back', () => {
    const workbook = ledger();
    const chart = (id: string, anchorCell: string) => ({
      ...CHART_DEFAULTS,
      id,
      data_range: 'B1:B2',
      anchor_cell: anchorCell,
    });
    workbook.apply([
      { type: 'put-chart', sheet: 'Data', chart: chart('over', 'A2') },
      { type: 'put-chart', sheet: 'Data', chart: chart('landed', 'C3') },
    ]);
    const anchors = () =>
      workbook
        .sheet('Data')
        .charts()
        .map((held) => held.anchor_cell);
    workbook.apply([move('A1:A3', 'C1')]);
    expect(anchors()).toEqual(['C2', 'C3']);
    workbook.undo();
    expect(anchors()).toEqual(['A2', 'C3']);
    workbook.redo();
    expect(anchors()).toEqual(['C2', 'C3']);
  });

  it('to another sheet, a chart anchored on a moved cell goes with the block, reading what it read, unless its id is taken there', () => {
    const workbook = ledger();
    const chart = (id: string, anchorCell: string, range: string) => ({
      ...CHART_DEFAULTS,
      id,
      data_range: range,
      anchor_cell: anchorCell,
    });
    workbook.apply([
      { type: 'put-chart', sheet: 'Data', chart: chart('block', 'A3', 'A1:A3') },
      { type: 'put-chart', sheet: 'Data', chart: chart('wider', 'A2', 'A1:B2') },
      { type: 'put-chart', sheet: 'Data', chart: chart('taken', 'A1', 'A1:A2') },
      { type: 'put-chart', sheet: 'Data', chart: chart('beside', 'E5', 'A1:A2') },
      { type: 'put-chart', sheet: 'Summary', chart: chart('taken', 'H1', 'A1:B1') },
    ]);
    const charts = () =>
      ['Data', 'Summary'].map((sheet) =>
        workbook
          .sheet(sheet)
          .charts()
          .map((held) => `${held.id} ${held.anchor_cell} ${held.data_range}`),
      );
    const before = charts();
    workbook.apply([move('A1:A3', 'B2', 'Data', 'Summary')]);
    const after = [
      ['taken A1 Summary!B2:B3', 'beside E5 Summary!B2:B3'],
      ['taken H1 A1:B1', 'block B4 Summary!B2:B4', 'wider B3 Data!A1:B2'],
    ];
    expect(charts()).toEqual(after);
    workbook.undo();
    expect(charts()).toEqual(before);
    workbook.redo();
    expect(charts()).toEqual(after);
  });

  it('undo puts back every cell, formula, format and version as it was; redo moves again', () => {
    const workbook = ledger();
    workbook.apply([
      { type: 'set-format', sheet: 'Data', range: rangeOf('A1:C3'), format: { italic: true } },
      { type: 'set-format', sheet: 'Data', range: rangeOf('A2'), format: { bold: true } },
    ]);
    const before = state(workbook);
    const beforeValues = [value(workbook, 'E1'), value(workbook, 'H1')];
    workbook.apply([move('A1:A3', 'A2')]);
    const after = state(workbook);
    workbook.undo();
    expect(state(workbook)).toEqual(before);
    expect([value(workbook, 'E1'), value(workbook, 'H1')]).toEqual(beforeValues);
    workbook.redo();
    expect(state(workbook)).toEqual(after);
  });

  it('replays from its journal records, undo included, to the same workbook', () => {
    const workbook = ledger();
    const base = workbook.document();
    const records: CommitRecord[] = [];
    const record = (kind: CommitRecord['kind'], ops: readonly Op[]) =>
      records.push({ seq: records.length + 1, kind, at: '', ops: recordedOps(ops) });
    record('change', workbook.apply([move('A1:A3', 'B2', 'Data', 'Summary')]).ops);
    record('undo', workbook.undo()!.ops);
    record('redo', workbook.redo()!.ops);
    const replayed = open();
    replayed.apply([{ type: 'replace-workbook', document: base }]);
    replayRecords(replayed, JSON.parse(JSON.stringify(records)) as CommitRecord[], 0);
    expect(replayed.document()).toEqual(workbook.document());
    expect(value(replayed, 'E1')).toBe(16);
  });
});
