// The column widths CELL("width") reads. Nothing in a formula's dependencies is a column width,
// so the workbook tells the engine each sheet's widths after every change (workbook.ts), as it
// tells it the hidden rows SUBTOTAL reads (subtotal.ts).

/** A sheet's column widths in px, as its layout has them (sheet-layout.ts). */
export interface ColumnWidths {
  /** [column, px] pairs sorted by column. */
  readonly widths: readonly (readonly [number, number])[];
  /** The width of a column not listed. */
  readonly defaultWidth: number;
}

/** Per engine (its dependency graph), each sheet's widths; none until the workbook says. */
const widthsByGraph = new WeakMap<object, Map<number, ColumnWidths>>();

/**
 * The engines (their dependency graphs) in which a formula has read a column width: only there
 * can a change of widths alter a value, so only there are formulas scanned for CELL (a scan of
 * every formula after each rebuild would cost a large workbook that never calls CELL).
 */
const widthsRead = new WeakSet<object>();

/** Whether a formula in this engine has read a column width since it was built. */
export function widthsWereRead(graph: object): boolean {
  return widthsRead.has(graph);
}

/** The functions that read column widths, to recompute when they change. */
export const WIDTH_READERS: ReadonlySet<string> = new Set(['CELL']);

/**
 * Records a sheet's column widths; false when they are what the engine held already (the
 * layout's arrays are immutable, so the same array is no change).
 */
export function setColumnWidths(graph: object, sheet: number, widths: ColumnWidths): boolean {
  let sheets = widthsByGraph.get(graph);
  const held = sheets?.get(sheet);
  if (held?.widths === widths.widths && held.defaultWidth === widths.defaultWidth) return false;
  if (sheets === undefined) widthsByGraph.set(graph, (sheets = new Map()));
  sheets.set(sheet, widths);
  return true;
}

/**
 * A column's width as CELL("width") answers it: Excel counts characters of the default font's
 * widest digit (7 px) after 5 px of padding, and drops the fraction (an 84 px column, 11.29
 * characters, answers 11). Undefined when the engine was never told the sheet's widths.
 */
export function cellWidthOf(graph: object, sheet: number, col: number): number | undefined {
  widthsRead.add(graph);
  const held = widthsByGraph.get(graph)?.get(sheet);
  if (held === undefined) return undefined;
  const px = held.widths.find(([column]) => column === col)?.[1] ?? held.defaultWidth;
  return Math.max(0, Math.trunc((px - 5) / 7));
}
