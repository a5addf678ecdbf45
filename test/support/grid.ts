// Reads the grid back over HTTP as a map A1 → cell, so tests can say "nothing was written"
// by comparing whole snapshots (inputs, values, versions and locks).
import type { GridCell, GridResponse } from '../../src/contract/index.js';
import type { Api } from './api.js';

export type { GridCell };

export async function readGrid(
  http: Api,
  options: { sheet?: string; range?: string } = {},
): Promise<Record<string, GridCell>> {
  const response = await http.get<GridResponse>('/grid', options);
  if (response.status !== 200)
    throw new Error(`GET /grid answered ${response.status}: ${response.text}`);
  return Object.fromEntries(response.body.cells.map((cell) => [cell.cell, cell]));
}

/** Just the computed values, A1 → value, for compact assertions. */
export async function readValues(
  http: Api,
  options: { sheet?: string; range?: string } = {},
): Promise<Record<string, GridCell['value']>> {
  const grid = await readGrid(http, options);
  return Object.fromEntries(Object.entries(grid).map(([address, cell]) => [address, cell.value]));
}
