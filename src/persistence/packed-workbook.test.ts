import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import { parseRange, ranToEnd, replaceWorkbookOps, setLocksOps } from '../core/index.js';
import type { DecodedWorkbook } from './gridos-import.js';
import {
  packedBuffers,
  packedDocumentSteps,
  packWorkbook,
  packWorkbookSteps,
  unpackWorkbook,
} from './packed-workbook.js';

const decoded: DecodedWorkbook = {
  name: 'Book',
  activeSheet: 'Data',
  characterSet: 'mac-roman',
  names: [{ name: 'Rate', formula: '=Data!$A$1' }] as unknown as DecodedWorkbook['names'],
  sheets: [
    {
      name: 'Data',
      cells: [
        { row: 0, col: 0, input: 0.05, version: 3, locked: true },
        { row: 0, col: 1, input: 'text', version: 0, locked: false },
        { row: 4, col: 2, input: '=A1*2', version: 1, locked: false },
      ],
      layout: { frozenRows: 1 } as never,
    },
    { name: 'Empty', cells: [] },
  ],
};

describe('a decoded workbook packed for the trip back from the import worker', () => {
  it('unpacks to the same workbook, workbook-wide fields included', async () => {
    const packed = packWorkbook(structuredClone(decoded));
    expect(unpackWorkbook(structuredClone(packed))).toEqual(decoded);
  });

  it('packs a large sheet in steps, pausing every few ten thousand cells, and unpacks it whole', () => {
    const cells = Array.from({ length: 100_000 }, (_, row) => ({
      row,
      col: 0,
      input: row,
      version: 0,
      locked: false,
    }));
    const packSteps = packWorkbookSteps({ ...decoded, sheets: [{ name: 'Big', cells }] });
    let packPauses = 0;
    let packing = packSteps.next();
    for (; packing.done !== true; packing = packSteps.next()) packPauses += 1;
    expect(packPauses).toBeGreaterThanOrEqual(3);
    expect(unpackWorkbook(packing.value).sheets[0]!.cells).toEqual(cells);
  });

  it('hands the cells over as transferable buffers', () => {
    const transfer = packedBuffers(packWorkbook(structuredClone(decoded)));
    expect(transfer.length).toBeGreaterThanOrEqual(4);
    expect(transfer.every((buffer) => buffer instanceof ArrayBuffer)).toBe(true);
  });
});

describe('a workbook packed straight from its state (a save or an export)', () => {
  const { open } = useWorkbooks();

  it('packs the cells document() copies, versions and locks included, with no object per cell', () => {
    const book = open({ name: 'Book', sheetNames: ['Data', 'Other'] });
    writeRows(book, 'A1', [
      [1, 'text', '=A1*2'],
      [true, null, 4.5],
    ]);
    writeRows(book, 'B40', [[7]], 'Other');
    book.apply(setLocksOps('Data', parseRange('C1:C5'), true));
    const packed = ranToEnd(packedDocumentSteps(book));
    expect(packed).toEqual(packWorkbook(book.document()));
    expect(packed.sheets[0]!.locked).toBeDefined();
    expect(packed.sheets[1]!.locked).toBeUndefined();
  });

  it('leaves out the versions and locks of a sheet that has none', () => {
    const book = open({ sheetNames: ['S'] });
    book.apply(
      replaceWorkbookOps({
        name: 'Plain',
        activeSheet: 'S',
        sheets: [{ name: 'S', cells: [{ row: 3, col: 1, input: 2, version: 0, locked: false }] }],
      }),
    );
    const [sheet] = ranToEnd(packedDocumentSteps(book)).sheets;
    expect(sheet!.versions).toBeUndefined();
    expect(sheet!.locked).toBeUndefined();
    expect([...sheet!.rows, ...sheet!.cols]).toEqual([3, 1]);
  });
});
