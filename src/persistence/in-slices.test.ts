import { describe, expect, it } from 'vitest';
import type { SnapshotCell, WorkbookDocument } from '../core/index.js';
import { decodeGridbook, gridbookPieces, gridbookText } from './gridbook-json.js';
import { textInSlices } from './in-slices.js';

function column(rows: number, locked = false): WorkbookDocument {
  const cells: SnapshotCell[] = Array.from({ length: rows }, (_, row) => ({
    row,
    col: 0,
    input: row + 1,
    version: 1,
    locked,
  }));
  return { name: 'Big', activeSheet: 'S', sheets: [{ name: 'S', cells, charts: [] }] };
}

describe('textInSlices', () => {
  it('lets other work run between slices and joins the pieces in order', async () => {
    let turns = 0;
    let counting = true;
    const count = (): void => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    function* pieces(): Generator<string> {
      for (let index = 0; index < 50; index += 1) {
        const start = performance.now();
        while (performance.now() - start < 1);
        yield `${index},`;
      }
    }
    const text = await textInSlices(pieces(), 2);
    counting = false;
    expect(text).toBe(Array.from({ length: 50 }, (_, index) => `${index},`).join(''));
    // 50 ms of pieces in 2 ms slices: the event loop had many turns meanwhile.
    expect(turns).toBeGreaterThan(10);
  });
});

describe('gridbookPieces', () => {
  it.each([
    ['in dense blocks', false],
    ['as locked cells, one object each', true],
  ])('writes 20,000 cells %s in pieces of a few thousand cells', (_, locked) => {
    const document = column(20_000, locked);
    const pieces = [...gridbookPieces(document, { dense: true })];
    // No piece holds more than one piece's worth of cells (4,096), and their text is the file.
    const longest = Math.max(...pieces.map((piece) => piece.length));
    expect(longest).toBeLessThan(4_096 * (locked ? 80 : 12));
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(gridbookText(document, { dense: true }));
    const read = decodeGridbook(JSON.parse(pieces.join('')));
    expect(read.sheets[0]!.cells).toEqual(document.sheets[0]!.cells);
  });

  it('writes a block whose cells have different versions with a version per cell', () => {
    const document = column(10);
    const cells = document.sheets[0]!.cells as SnapshotCell[];
    cells[3] = { ...cells[3]!, version: 7 };
    const json = JSON.parse(gridbookText(document, { dense: true }));
    expect(json.sheets[0].blocks[0].versions).toEqual([
      [1],
      [1],
      [1],
      [7],
      [1],
      [1],
      [1],
      [1],
      [1],
      [1],
    ]);
    expect(decodeGridbook(json).sheets[0]!.cells[3]!.version).toBe(7);
  });
});
