// A sheet's extent as HyperFormula reports it (getSheetHeight / getSheetWidth) is the box of the
// cells it holds now. HyperFormula's own is a high-water mark: a cell written at Z1000 and then
// cleared, rows inserted above nothing, or a row band deleted below the data leave the sheet as
// tall as it once was. Whole-column and whole-row ranges (A:A, 1:1) end at that extent, so their
// results depended on the sheet's history: =SUMPRODUCT(--ISBLANK(A:A)) answered 1000 after Z1000 was written
// and cleared, and 1 once the same workbook was rebuilt from its journal after a restart. Measured
// from the cells held, the extent (and every result over whole lines) is the same however the
// workbook got there. Only cells with content count: HyperFormula also holds empty cells that a
// formula reads or a range was once linked to, and the latter are not there after a rebuild.
// HyperFormula keeps its own counters for its inner loops; only what it reports changes.
import { AlwaysDense, AlwaysSparse, HyperFormula } from 'hyperformula';

interface Extent {
  height: number;
  width: number;
}

interface Address {
  readonly row: number;
  readonly col: number;
}

/** The parts of HyperFormula's DenseStrategy and SparseStrategy (one sheet's cells) used here. */
interface Strategy {
  readonly mapping: unknown;
  getHeight(): number;
  getWidth(): number;
  setCell(address: Address, vertex: unknown): void;
  removeCell(address: Address): void;
  addRows(...args: unknown[]): void;
  addColumns(...args: unknown[]): void;
  removeRows(...args: unknown[]): void;
  removeColumns(...args: unknown[]): void;
}

/** Each strategy's measured extent; absent until measured and after a change that may shrink it. */
const extents = new WeakMap<object, Extent>();

/** The class of HyperFormula's empty cells (set once the strategies are patched). */
let EmptyCell: abstract new (...args: never[]) => unknown = class {};

const holdsContent = (vertex: unknown): boolean =>
  vertex !== undefined && !(vertex instanceof EmptyCell);

/** A sparse sheet: column → (row → vertex). */
function sparseExtent(mapping: Map<number, Map<number, unknown>>): Extent {
  let height = 0;
  let width = 0;
  for (const [col, rows] of mapping) {
    for (const [row, vertex] of rows) {
      if (!holdsContent(vertex)) continue;
      if (row >= height) height = row + 1;
      if (col >= width) width = col + 1;
    }
  }
  return { height, width };
}

/** A dense sheet: rows of vertices, with holes where cells were removed. */
function denseExtent(mapping: readonly (readonly unknown[] | undefined)[]): Extent {
  let height = 0;
  let width = 0;
  mapping.forEach((row, index) => {
    if (row === undefined) return;
    for (let col = row.length - 1; col >= 0; col -= 1) {
      if (!holdsContent(row[col])) continue;
      height = index + 1;
      width = Math.max(width, col + 1);
      break;
    }
  });
  return { height, width };
}

function extentOf(strategy: Strategy): Extent {
  let extent = extents.get(strategy);
  if (extent === undefined) {
    extent =
      strategy.mapping instanceof Map
        ? sparseExtent(strategy.mapping as Map<number, Map<number, unknown>>)
        : denseExtent(strategy.mapping as (unknown[] | undefined)[]);
    extents.set(strategy, extent);
  }
  return extent;
}

function measureByContent(prototype: Strategy): void {
  const { setCell, removeCell } = prototype;
  prototype.getHeight = function (this: Strategy) {
    return extentOf(this).height;
  };
  prototype.getWidth = function (this: Strategy) {
    return extentOf(this).width;
  };
  // A cell with content can only grow the box; one emptied or removed on its edge may shrink it.
  const emptied = (strategy: Strategy, address: Address): void => {
    const extent = extents.get(strategy);
    if (
      extent !== undefined &&
      (address.row + 1 >= extent.height || address.col + 1 >= extent.width)
    )
      extents.delete(strategy);
  };
  prototype.setCell = function (this: Strategy, address: Address, vertex: unknown) {
    setCell.call(this, address, vertex);
    if (!holdsContent(vertex)) return emptied(this, address);
    const extent = extents.get(this);
    if (extent === undefined) return;
    extent.height = Math.max(extent.height, address.row + 1);
    extent.width = Math.max(extent.width, address.col + 1);
  };
  prototype.removeCell = function (this: Strategy, address: Address) {
    removeCell.call(this, address);
    emptied(this, address);
  };
  for (const name of ['addRows', 'addColumns', 'removeRows', 'removeColumns'] as const) {
    const original = prototype[name];
    prototype[name] = function (this: Strategy, ...args: unknown[]) {
      extents.delete(this);
      original.apply(this, args);
    };
  }
}

let installed = false;

/** Makes every sheet's reported extent the box of the cells it holds (once, on the prototypes). */
export function measureSheetsByContent(): void {
  if (installed) return;
  const strategies = [new AlwaysDense().call(), new AlwaysSparse().call()];
  const methods = ['getHeight', 'getWidth', 'setCell', 'removeCell', 'addRows', 'addColumns'];
  const prototypes = strategies.map((strategy) => strategy.prototype as unknown as Strategy);
  if (
    prototypes.some((prototype) =>
      methods.some(
        (name) => typeof (prototype as unknown as Record<string, unknown>)[name] !== 'function',
      ),
    )
  )
    throw new Error(
      "HyperFormula's address mapping strategies changed; sheet-extent.ts cannot measure sheets by their cells.",
    );
  const probe = HyperFormula.buildFromArray([[]], { licenseKey: 'gpl-v3' });
  const graph = (
    probe as unknown as {
      dependencyGraph?: { fetchCellOrCreateEmpty?(address: object): { vertex: object } };
    }
  ).dependencyGraph;
  const empty = graph?.fetchCellOrCreateEmpty?.({ sheet: 0, row: 0, col: 0 }).vertex;
  probe.destroy();
  if (empty === undefined)
    throw new Error(
      "HyperFormula's dependency graph changed; sheet-extent.ts cannot tell its empty cells.",
    );
  EmptyCell = empty.constructor as typeof EmptyCell;
  for (const prototype of prototypes) measureByContent(prototype);
  installed = true;
}
