import { describe, expect, it } from 'vitest';
import type { DecodedWorkbook } from './gridos-import.js';
import { finishInSlices } from './in-slices.js';
import {
  packedBuffers,
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
    expect(await finishInSlices(unpackWorkbook(structuredClone(packed)))).toEqual(decoded);
  });

  it('packs and unpacks a large sheet in steps, pausing every few ten thousand cells', () => {
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
    const steps = unpackWorkbook(packing.value);
    let pauses = 0;
    let next = steps.next();
    for (; next.done !== true; next = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(3);
    expect(next.value.sheets[0]!.cells).toEqual(cells);
  });

  it('hands the cells over as transferable buffers', () => {
    const transfer = packedBuffers(packWorkbook(structuredClone(decoded)));
    expect(transfer.length).toBeGreaterThanOrEqual(4);
    expect(transfer.every((buffer) => buffer instanceof ArrayBuffer)).toBe(true);
  });
});
