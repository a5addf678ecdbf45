// A row or column inserted or deleted makes HyperFormula rewrite every array formula eagerly, and
// it finds them by walking every node of its dependency graph: 5,000,000 nodes for W8's
// 100,000 × 50 sheet, close to half of inserting one row there. Its array mapping already lists
// every array formula by its corner (each one is registered there when it is placed, and removed
// when it goes), so the walk is replaced by that list: the same formulas, each once, those still
// in the graph.
// HyperFormula 3.5 removes an array formula from that mapping when a value replaces it, but not
// when its cell is emptied (DependencyGraph.setCellEmpty): the formula, gone from the graph, stayed
// listed, and a later column or row removal moved it back into the cell as #SPILL! (a cleared cell
// reading #SPILL!, and the next write there failing on a node the graph no longer has). Emptying a
// cell now removes the array it anchored, as replacing it does.
import { HyperFormula } from 'hyperformula';

interface Vertex {
  readonly idInGraph?: number;
}

interface DependencyGraph {
  readonly graph: { readonly nodesSparseArray: readonly (Vertex | undefined)[] };
  readonly arrayMapping: { readonly arrayMapping: Map<string, Vertex> };
  arrayFormulaNodes(): Iterable<Vertex>;
  getCell(address: unknown): Vertex | undefined;
  setCellEmpty(address: unknown): unknown;
}

let listed = false;

/**
 * Makes HyperFormula find array formulas through its array mapping. Patched once on the
 * dependency graph's prototype (as initial-sort.ts does for the first sort); an upgrade that
 * moves what it relies on stops start-up instead of silently walking every node again.
 */
export function listArrayFormulasFromMapping(): void {
  if (listed) return;
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const dependencyGraph = (probe as unknown as { dependencyGraph?: Partial<DependencyGraph> })
    .dependencyGraph;
  const fits =
    dependencyGraph !== undefined &&
    Array.isArray(dependencyGraph.graph?.nodesSparseArray) &&
    dependencyGraph.arrayMapping?.arrayMapping instanceof Map &&
    typeof dependencyGraph.arrayFormulaNodes === 'function' &&
    typeof dependencyGraph.getCell === 'function' &&
    typeof dependencyGraph.setCellEmpty === 'function';
  const prototype = fits ? (Object.getPrototypeOf(dependencyGraph) as DependencyGraph) : undefined;
  probe.destroy();
  if (prototype === undefined)
    throw new Error(
      'HyperFormula no longer exposes its array mapping; array-nodes.ts cannot list array formulas.',
    );
  prototype.arrayFormulaNodes = function* (this: DependencyGraph): Generator<Vertex> {
    const nodes = this.graph.nodesSparseArray;
    for (const vertex of new Set(this.arrayMapping.arrayMapping.values()))
      if (vertex.idInGraph !== undefined && nodes[vertex.idInGraph] === vertex) yield vertex;
  };
  const setCellEmpty = prototype.setCellEmpty;
  prototype.setCellEmpty = function (this: DependencyGraph, address: unknown): unknown {
    const before = this.getCell(address);
    const changes = setCellEmpty.call(this, address);
    // Only an array formula's corner has an entry (ArrayFormulaVertex: setNoSpace marks it); the
    // walk over the mapping is paid only when such a cell is emptied.
    const anArray =
      typeof (before as { setNoSpace?: unknown } | undefined)?.setNoSpace === 'function';
    if (anArray && this.getCell(address) !== before)
      for (const [key, vertex] of this.arrayMapping.arrayMapping)
        if (vertex === before) this.arrayMapping.arrayMapping.delete(key);
    return changes;
  };
  listed = true;
}
