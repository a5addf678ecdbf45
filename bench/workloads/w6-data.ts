// W6's grid: rows × 10 columns, value (i−1)·10 + j (1-based i, j). Rows here are zero-based.
export const W6_COLUMNS = 10;

export function w6Expected(row: number, col: number): number {
  return row * W6_COLUMNS + col + 1;
}

/** `count` rows starting at zero-based `firstRow`. */
export function w6Chunk(firstRow: number, count: number): number[][] {
  return Array.from({ length: count }, (_, offset) =>
    Array.from({ length: W6_COLUMNS }, (_, col) => w6Expected(firstRow + offset, col)),
  );
}
