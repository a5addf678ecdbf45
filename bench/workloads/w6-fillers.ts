// How W6's measuring processes fill a grid: one interface, and Gridbook's in-process filler
// (the workbook core's range write, as a server route would call it).

export interface Filler {
  write(row: number, values: number[][]): void;
  read(row: number, col: number): unknown;
}

export async function inProcessFiller(): Promise<Filler> {
  const { Workbook, writeRangeOps } = await import('../../src/core/index.js');
  const workbook = Workbook.create();
  return {
    write: (row, values) =>
      workbook.apply(writeRangeOps('Sheet1', { row, col: 0 }, values), { actor: 'User' }),
    read: (row, col) => workbook.sheet('Sheet1').value(row, col),
  };
}
