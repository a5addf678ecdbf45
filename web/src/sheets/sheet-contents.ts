// A short description of what a sheet holds, for the delete confirmation ("holds 3 cells").
import type { Session } from '../app/session.js';

const COUNT_LIMIT = 50_000;

export async function describeSheetContents(session: Session, sheet: string): Promise<string> {
  try {
    const probe = await session.grid.read(sheet, 'A1');
    const bounds = probe.occupied_bounds;
    if (bounds === null) return 'is empty';
    const range = `${bounds.first}:${bounds.last}`;
    const size = rangeCells(bounds.first, bounds.last);
    if (size > COUNT_LIMIT) return `holds data in ${range}`;
    const cells = (await session.grid.read(sheet, range)).cells.filter(
      (cell) => cell.input !== null,
    ).length;
    return `holds ${cells} ${cells === 1 ? 'cell' : 'cells'} (${range})`;
  } catch {
    return 'may hold data';
  }
}

function rangeCells(first: string, last: string): number {
  const parse = (address: string) => {
    const match = /^([A-Z]+)(\d+)$/.exec(address)!;
    let col = 0;
    for (const char of match[1]!) col = col * 26 + (char.charCodeAt(0) - 64);
    return { col, row: Number(match[2]) };
  };
  const a = parse(first);
  const b = parse(last);
  return (Math.abs(b.col - a.col) + 1) * (Math.abs(b.row - a.row) + 1);
}
