// A row or column inserted or deleted makes HyperFormula rewrite every array formula eagerly, and
// it finds them by walking every node of its dependency graph: 5,000,000 nodes for W8's
// 100,000 × 50 sheet, close to half of inserting one row there. Its array mapping already lists
// every array formula by its corner (each one is registered there when it is placed, and removed
// when it goes), so the walk is replaced by that list: the same formulas, each once, those still
// in the graph.
import { HyperFormula } from 'hyperformula';

interface Vertex {
  readonly idInGraph?: number;
}

interface DependencyGraph {
  readonly graph: { readonly nodesSparseArray: readonly (Vertex | undefined)[] };
  readonly arrayMapping: { readonly arrayMapping: Map<string, Vertex> };
  arrayFormulaNodes(): Iterable<Vertex>;
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
    typeof dependencyGraph.arrayFormulaNodes === 'function';
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
  listed = true;
}
