// A build of the engine (start-up, journal replay, import, load) ends with HyperFormula sorting
// its whole dependency graph so that formulas compute after what they read. Every number and
// text cell is a node of that graph, so a 1,000,000-number sheet spent most of a second
// (a fifth of a restart) sorting nodes that compute nothing. Only formulas and ranges are
// computed or cleared by that first run, and a value never depends on anything, so sorting from
// the formula and range nodes alone visits every node the run acts on, in an order that is
// still topological (Tarjan's algorithm gives one for any set of starting nodes), and still
// finds every cycle (a cycle holds only formulas and ranges).
import { internalPrototype } from './engine-internals.js';

interface Graph {
  getNodes(): unknown[];
  getTopSortedWithSccSubgraphFrom(
    nodes: unknown[],
    operate: (node: unknown) => boolean,
    onCycle: (node: unknown) => void,
  ): unknown;
  topSortWithScc(): unknown;
}

let narrowed = false;

/** Computes, or may compute: formulas (getFormula) and ranges (clearCache). */
function isComputed(node: unknown): boolean {
  const vertex = node as { getFormula?: unknown; clearCache?: unknown };
  return typeof vertex.getFormula === 'function' || typeof vertex.clearCache === 'function';
}

/**
 * Makes the first run of every engine sort only the nodes it computes. Patched once on the
 * graph's prototype (as result-limits.ts does for the interpreter); an upgrade that moves the
 * graph stops start-up instead of silently sorting everything.
 */
export function sortOnlyComputedNodes(): void {
  if (narrowed) return;
  const prototype = internalPrototype<Graph>(
    ['graph'],
    ['topSortWithScc', 'getNodes', 'getTopSortedWithSccSubgraphFrom'],
    'HyperFormula no longer exposes its dependency graph; initial-sort.ts cannot narrow the first sort.',
  );
  prototype.topSortWithScc = function (this: Graph): unknown {
    return this.getTopSortedWithSccSubgraphFrom(
      this.getNodes().filter(isComputed),
      () => true,
      () => {},
    );
  };
  narrowed = true;
}
