// HyperFormula recalculates from the dirty nodes (its seeds) with Tarjan's algorithm (TopSort),
// which keeps each node's visit state in plain arrays indexed by node id, new and empty for every
// run, and walks the seeds last one first. Dirty nodes are usually marked in id order (a column
// written row by row), so the walk began at the highest id: a first write far past an empty
// array's end makes V8 hold the array as a dictionary, and the run's reads and writes of 100,000
// nodes (W8's sort) became hash-table lookups. Handing the seeds over highest id first makes the
// walk start from the lowest, so the arrays grow from the front as fast arrays. The order does
// not change the outcome: Tarjan's algorithm gives a topological order and the same cycles from
// any order of starting nodes (initial-sort.ts relies on the same).
import { internalPrototype } from './engine-internals.js';

interface Graph {
  getTopSortedWithSccSubgraphFrom(
    nodes: readonly unknown[],
    operate: (node: unknown) => boolean,
    onCycle: (node: unknown) => void,
  ): unknown;
}

let patched = false;

function idOf(node: unknown): number {
  // A node without an id is dropped by HyperFormula before the walk; its place does not matter.
  return (node as { idInGraph?: number }).idInGraph ?? -1;
}

/** The seeds highest id first, so that HyperFormula, walking them last first, starts at the lowest. */
export function highestIdFirst(nodes: readonly unknown[]): unknown[] {
  return [...nodes].sort((a, b) => idOf(b) - idOf(a));
}

/**
 * Makes every recalculation hand its seeds to the walk highest id first. Patched once on the
 * graph's prototype, checked as the other patches are.
 */
export function walkSeedsFromLowestId(): void {
  if (patched) return;
  const prototype = internalPrototype<Graph>(
    ['graph'],
    ['getTopSortedWithSccSubgraphFrom'],
    'HyperFormula no longer exposes its dependency graph; seed-order.ts cannot order the seeds.',
  );
  const original = prototype.getTopSortedWithSccSubgraphFrom;
  prototype.getTopSortedWithSccSubgraphFrom = function (this: Graph, nodes, operate, onCycle) {
    return original.call(this, highestIdFirst(nodes), operate, onCycle);
  };
  patched = true;
}
