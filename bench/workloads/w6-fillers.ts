// How W6's measuring processes fill a grid: one interface, and Gridbook's in-process filler
// (the workbook core's range write, as a server route would call it).

export interface Filler {
  write(row: number, values: number[][]): void;
  read(row: number, col: number): unknown;
}

/** `formattedRows` > 0: each column first gets one number format over that many rows. */
export async function inProcessFiller(formattedRows = 0): Promise<Filler> {
  const { Workbook, writeRangeOps } = await import('../../src/core/index.js');
  const { columnFormatOps } = await import('./data.js');
  const { W6_COLUMNS } = await import('./w6-data.js');
  const workbook = Workbook.create();
  if (formattedRows > 0) workbook.apply(columnFormatOps(W6_COLUMNS, formattedRows));
  return {
    write: (row, values) =>
      workbook.apply(writeRangeOps('Sheet1', { row, col: 0 }, values), { actor: 'User' }),
    read: (row, col) => workbook.sheet('Sheet1').value(row, col),
  };
}
