// Plain values written over plain values, without HyperFormula's per-cell write path. A sort
// rewrites every value of the columns it reorders (400,000 cells in W8); for each one
// setCellContents parses it, keeps its old content for an undo we never use, records it under a
// string key in a change map and then exports it, and marks it dirty even when nothing reads it,
// so the recalculation walks every written cell. Here a value cell's vertex takes its new value
// in place, and what reads it (its dependents, not the cell: a value has nothing to recompute)
// is marked dirty, so the recalculation's topological sort starts from the formulas and ranges
// alone; each written value is exported at once by HyperFormula's own exporter and handed back
// as a value per cell, which the caller turns into its change list without an object between.
// A value written into a cell that holds nothing and that nothing reads (no vertex at all: an
// empty cell a formula or range reads has one) gets its new value vertex the same way, added to
// the graph and the address mapping as HyperFormula's own setValueToCell adds it but not marked
// dirty: with no dependents it has nothing to pass on, and its change is exported here. The
// largest range write admitted (100,000 numbers into empty cells, issue 16) spent most of its
// engine time in setCellContents and in a topological sort of the 100,000 new vertices.
// Anything else (a formula, an empty cell something reads, a cell that is empty or a formula
// now, a workbook with arrays or whole-column ranges) is left to setCellContents, which the
// caller then uses.
import { HyperFormula, type RawCellContent } from 'hyperformula';
import type { EngineAddress as Address } from './engine-internals.js';

/** The parts of a HyperFormula instance this reaches into (checked by `internalsOf`). */
interface Internals {
  readonly _evaluationSuspended: boolean;
  /** The live configuration (getConfig() would build a full copy of it on every call). */
  readonly _config: { readonly useColumnIndex: boolean };
  readonly dependencyGraph: {
    getCell(address: Address): unknown;
    readonly graph: {
      readonly nodesSparseArray: readonly unknown[];
      readonly edgesSparseArray: readonly (readonly (number | undefined)[] | undefined)[];
      markNodeAsDirty(node: unknown): void;
      addNodeIfNotExists(node: unknown): number;
      getInfiniteRanges(): readonly unknown[];
    };
    readonly addressMapping: { setCell(address: Address, vertex: unknown): void };
    readonly arrayMapping: { readonly arrayMapping: ReadonlyMap<unknown, unknown> };
  };
  readonly _crudOperations: {
    readonly operations: {
      readonly changes: { isEmpty(): boolean };
      readonly cellContentParser: { parse(content: RawCellContent): { value?: unknown } };
      changeCellValueInColumnSearch(address: Address, value: unknown): void;
    };
  };
  readonly _exporter: { exportValue(value: unknown): unknown };
}

interface ValueVertex {
  readonly idInGraph?: number;
  readonly rawValue: unknown;
  setValues(values: { parsedValue: unknown; rawValue: RawCellContent }): void;
}

/** The classes behind a value cell and its parsed number, text and boolean, read off a probe. */
interface Classes {
  readonly valueVertex: new (parsedValue: unknown, rawValue: RawCellContent) => ValueVertex;
  readonly parsed: readonly (abstract new (...args: never[]) => unknown)[];
}

let classes: Classes | undefined;

function internalsOf(hf: HyperFormula): Internals {
  const internals = hf as unknown as Partial<Internals>;
  const operations = internals._crudOperations?.operations;
  if (
    typeof internals.dependencyGraph?.getCell !== 'function' ||
    !Array.isArray(internals.dependencyGraph.graph?.edgesSparseArray) ||
    !Array.isArray(internals.dependencyGraph.graph.nodesSparseArray) ||
    typeof internals.dependencyGraph.graph.markNodeAsDirty !== 'function' ||
    typeof internals.dependencyGraph.graph.getInfiniteRanges !== 'function' ||
    typeof internals.dependencyGraph.graph.addNodeIfNotExists !== 'function' ||
    typeof internals.dependencyGraph.addressMapping?.setCell !== 'function' ||
    !(internals.dependencyGraph.arrayMapping?.arrayMapping instanceof Map) ||
    typeof operations?.cellContentParser?.parse !== 'function' ||
    typeof operations.changeCellValueInColumnSearch !== 'function' ||
    typeof operations.changes?.isEmpty !== 'function' ||
    typeof internals._exporter?.exportValue !== 'function' ||
    typeof internals._evaluationSuspended !== 'boolean' ||
    typeof internals._config?.useColumnIndex !== 'boolean'
  )
    throw new Error(
      'HyperFormula no longer exposes its dependency graph or write path; value-writes.ts cannot write in place.',
    );
  return internals as Internals;
}

function classesOf(): Classes {
  if (classes !== undefined) return classes;
  const probe = HyperFormula.buildFromArray([[1]], { licenseKey: 'gpl-v3' });
  try {
    const internals = internalsOf(probe);
    const vertex = internals.dependencyGraph.getCell({ sheet: 0, row: 0, col: 0 }) as object;
    const parser = internals._crudOperations.operations.cellContentParser;
    const parsedClass = (content: RawCellContent) =>
      (parser.parse(content) as object).constructor as Classes['parsed'][number];
    classes = {
      valueVertex: vertex.constructor as Classes['valueVertex'],
      parsed: [parsedClass(1), parsedClass("'a"), parsedClass(true)],
    };
    return classes;
  } finally {
    probe.destroy();
  }
}

const quotedTextChecked = new WeakMap<HyperFormula, boolean>();

/**
 * Whether this engine's parser reads content behind a leading apostrophe as that text, however
 * much it looks like a number, a date or a time (checked once per engine, with its own date
 * formats). Gridbook writes every text so (`toEngineContent`), and asking the parser anyway cost
 * a sort of 100,000 rows of text a third of its engine time, mostly in trying date formats.
 */
function quotedTextStaysText(
  hf: HyperFormula,
  parser: Internals['_crudOperations']['operations']['cellContentParser'],
): boolean {
  let checked = quotedTextChecked.get(hf);
  if (checked === undefined) {
    const { parsed } = classesOf();
    const text = parsed[1]!;
    checked = ["'1", "'1/2/2026", "'2026/01/02", "'10:30", "'TRUE", "'#N/A", "'=1", "'1%"].every(
      (content) => {
        const result = parser.parse(content);
        return result instanceof text && result.value === content.slice(1);
      },
    );
    quotedTextChecked.set(hf, checked);
  }
  return checked;
}

/**
 * Marks what reads `vertex` dirty rather than the vertex itself. Recalculating a value vertex
 * only passes the dirt on to these, so the result is the same, but the topological sort then
 * walks neither the written cells nor their edges (half of its nodes in a sort). A vertex the
 * graph does not know (no id, or no edge list) is marked itself, as HyperFormula would.
 */
function markDependentsDirty(
  graph: Internals['dependencyGraph']['graph'],
  vertex: ValueVertex,
): void {
  const id = vertex.idInGraph;
  const edges = id === undefined ? undefined : graph.edgesSparseArray[id];
  if (edges === undefined) {
    graph.markNodeAsDirty(vertex);
    return;
  }
  for (const dependent of edges) {
    const node = dependent === undefined ? undefined : graph.nodesSparseArray[dependent];
    if (node !== undefined) graph.markNodeAsDirty(node);
  }
}

/**
 * A block's values parsed ahead of its write (`parseValueRows`), for this instance only: each cell's
 * value, its exported value and a value vertex made for it, used when the cell has no vertex at
 * the write. Held between turns of the event loop while a large write is prepared (issue 16), so
 * the write itself only places them.
 */
export interface ParsedValues {
  readonly hf: HyperFormula;
  readonly values: unknown[];
  readonly exported: unknown[];
  readonly vertices: unknown[];
}

/** Starts parsing a block's values ahead of its write: rows go in with `parseValueRows`. */
export function parsedValues(hf: HyperFormula): ParsedValues {
  return { hf, values: [], exported: [], vertices: [] };
}

/**
 * Parses `lines` (rows of engine contents, the block's next rows) into `into`; false when some
 * cell is not a plain value (a formula, an error, an empty cell): such a block takes the full
 * write path, so nothing parsed for it is of use.
 */
export function parseValueRows(
  into: ParsedValues,
  lines: readonly (readonly RawCellContent[])[],
): boolean {
  const internals = internalsOf(into.hf);
  const { valueVertex, parsed } = classesOf();
  const parser = internals._crudOperations.operations.cellContentParser;
  const quotedIsText = quotedTextStaysText(into.hf, parser);
  const { values, exported, vertices } = into;
  for (const line of lines) {
    for (const content of line) {
      let value: unknown;
      if (quotedIsText && typeof content === 'string' && content.startsWith("'"))
        value = content.slice(1);
      else {
        if (content === null) return false;
        const parsedContent = parser.parse(content);
        if (!parsed.some((kind) => parsedContent instanceof kind)) return false;
        value = parsedContent.value;
      }
      values.push(value);
      exported.push(internals._exporter.exportValue(value));
      vertices.push(new valueVertex(value, content));
    }
  }
  return true;
}

/**
 * Writes `contents` (rows of engine contents, top-left at `address`) in place when every cell is
 * a value over a value (or, in a block, over nothing) and evaluation is suspended (the recalculation then runs once, at resume,
 * from the cells marked dirty). Answers each written cell's value as HyperFormula exports it,
 * row by row, or undefined when it wrote nothing because some cell needs the full write path.
 * The cells are checked first and written after, keeping only a vertex (none for a block seen
 * empty at once), a content and a value per cell between the two: a sort writes 400,000 of them,
 * and every object kept alive that long is copied by each young-generation collection it lives
 * through.
 */
export function writeValuesInPlace<T = RawCellContent>(
  hf: HyperFormula,
  address: Address,
  rows: readonly (readonly T[])[],
  /** The same contents parsed ahead (`parseValueRows`), when they were. */
  ahead?: ParsedValues,
  /**
   * Each cell's engine content: the caller's rows are written as they are (a run's own inputs),
   * not copied into rows of contents first, an array per row of an import's million rows.
   */
  contentOf: (cell: T) => RawCellContent = (cell) => cell as RawCellContent,
): unknown[] | undefined {
  const internals = internalsOf(hf);
  const { valueVertex, parsed } = classesOf();
  const { dependencyGraph, _crudOperations: crud } = internals;
  const { graph, addressMapping } = dependencyGraph;
  // Changes HyperFormula still holds would be exported after these at resume; a cell written
  // twice in one batch must end with its last value, so such a batch takes the full path.
  if (!internals._evaluationSuspended || !crud.operations.changes.isEmpty()) return undefined;
  if (graph.getInfiniteRanges().length > 0) return undefined;
  const parser = crud.operations.cellContentParser;
  const quotedIsText = quotedTextStaysText(hf, parser);
  // Cells without a vertex are written here only when no array could spill over them (an array's
  // area is HyperFormula's to shrink or block, as setCellContents does), and only in blocks: a
  // single cell keeps the per-cell path W4's single-cell writes were measured and tuned on.
  const newCellsAllowed =
    dependencyGraph.arrayMapping.arrayMapping.size === 0 &&
    (rows.length > 1 || (rows[0]?.length ?? 0) > 1);
  const prepared = ahead?.hf === hf ? ahead : undefined;
  if (prepared !== undefined && !internals._config.useColumnIndex)
    return placeParsed(internals, address, rows, prepared, newCellsAllowed, valueVertex);
  // One address object walks the block (HyperFormula's mappings read it and keep none).
  const cell = { sheet: address.sheet, row: 0, col: 0 };
  // Per cell: its value vertex, or undefined for a cell that has none yet (it gets one); not
  // kept at all for a block seen empty at once.
  const vertices: (ValueVertex | undefined)[] | undefined =
    newCellsAllowed && holdsNoVertex(addressMapping, address, rows) ? undefined : [];
  const contents: RawCellContent[] = [];
  const values: unknown[] = prepared?.values ?? [];
  for (let r = 0; r < rows.length; r += 1) {
    const line = rows[r]!;
    cell.row = address.row + r;
    for (let c = 0; c < line.length; c += 1) {
      if (vertices !== undefined) {
        cell.col = address.col + c;
        const vertex = dependencyGraph.getCell(cell);
        if (vertex === undefined ? !newCellsAllowed : !(vertex instanceof valueVertex))
          return undefined;
        vertices.push(vertex as ValueVertex | undefined);
      }
      const content = contentOf(line[c]!);
      contents.push(content);
      if (prepared !== undefined) continue;
      if (quotedIsText && typeof content === 'string' && content.startsWith("'")) {
        values.push(content.slice(1));
        continue;
      }
      const parsedContent = parser.parse(content);
      if (!parsed.some((kind) => parsedContent instanceof kind)) return undefined;
      values.push(parsedContent.value);
    }
  }
  // Without useColumnIndex (Gridbook's configuration) HyperFormula searches columns by binary
  // search and keeps no index to tell of a new value; with it, the index learns each value.
  const indexed = internals._config.useColumnIndex;
  const exported = prepared?.exported ?? new Array<unknown>(values.length);
  let index = 0;
  for (let r = 0; r < rows.length; r += 1) {
    const width = rows[r]!.length;
    cell.row = address.row + r;
    for (let c = 0; c < width; c += 1, index += 1) {
      const vertex = vertices?.[index];
      const value = values[index];
      const content = contents[index]!;
      cell.col = address.col + c;
      if (indexed) crud.operations.changeCellValueInColumnSearch({ ...cell }, value);
      if (vertex === undefined) {
        const created =
          (prepared?.vertices[index] as ValueVertex | undefined) ?? new valueVertex(value, content);
        graph.addNodeIfNotExists(created);
        addressMapping.setCell(cell, created);
      } else if (vertex.rawValue !== content) {
        vertex.setValues({ parsedValue: value, rawValue: content });
        markDependentsDirty(graph, vertex);
      }
      if (prepared === undefined) exported[index] = internals._exporter.exportValue(value);
    }
  }
  return exported;
}

/**
 * The write of contents parsed ahead (`parseValueRows`): the same checks and writes as
 * writeValuesInPlace without the parsing, and with as little per cell as it can, since a
 * prepared write is large (100,000 cells at most per request, issue 16): one address object
 * walks the block (HyperFormula's mappings read it and keep none), and only cells that already
 * have a vertex are remembered between the check and the write.
 */
function placeParsed(
  internals: Internals,
  address: Address,
  contents: readonly (readonly unknown[])[],
  prepared: ParsedValues,
  newCellsAllowed: boolean,
  valueVertex: Classes['valueVertex'],
): unknown[] | undefined {
  const { dependencyGraph } = internals;
  const { graph, addressMapping } = dependencyGraph;
  const cell = { sheet: address.sheet, row: 0, col: 0 };
  const held = new Map<number, ValueVertex>();
  let index = 0;
  const vacant = newCellsAllowed && holdsNoVertex(addressMapping, address, contents);
  for (let r = 0; r < contents.length && !vacant; r += 1) {
    const width = contents[r]!.length;
    cell.row = address.row + r;
    for (let c = 0; c < width; c += 1, index += 1) {
      cell.col = address.col + c;
      const vertex = dependencyGraph.getCell(cell);
      if (vertex === undefined) {
        if (!newCellsAllowed) return undefined;
      } else if (vertex instanceof valueVertex) held.set(index, vertex);
      else return undefined;
    }
  }
  const { values, vertices } = prepared;
  index = 0;
  for (let r = 0; r < contents.length; r += 1) {
    const line = contents[r]!;
    cell.row = address.row + r;
    for (let c = 0; c < line.length; c += 1, index += 1) {
      const vertex = held.size === 0 ? undefined : held.get(index);
      if (vertex === undefined) {
        const created = vertices[index]!;
        graph.addNodeIfNotExists(created);
        cell.col = address.col + c;
        addressMapping.setCell(cell, created);
      } else if (vertex.rawValue !== line[c]) {
        vertex.setValues({ parsedValue: values[index], rawValue: line[c] as RawCellContent });
        markDependentsDirty(graph, vertex);
      }
    }
  }
  return prepared.exported;
}

/** What `holdsNoVertex` reads of HyperFormula's per-sheet address mappings. */
interface SheetMappings {
  readonly mapping?: ReadonlyMap<number, { readonly mapping?: unknown } | undefined>;
}

/**
 * Whether no cell of the block has a vertex, read off the sheet's mapping a row (dense layout)
 * or a column (sparse) at a time: a block written into empty rows is then checked per row, not
 * per cell. False when it cannot tell (a layout it does not know); the caller then asks each cell.
 */
function holdsNoVertex(
  addressMapping: unknown,
  address: Address,
  contents: readonly (readonly unknown[])[],
): boolean {
  const layout = (addressMapping as SheetMappings).mapping?.get(address.sheet)?.mapping;
  const height = contents.length;
  const width = contents[0]?.length ?? 0;
  if (contents.some((line) => line.length !== width)) return false;
  if (Array.isArray(layout)) {
    const rows = layout as readonly (readonly unknown[] | undefined)[];
    for (let row = address.row; row < address.row + height; row += 1) {
      const line = rows[row];
      if (line === undefined) continue;
      if (!Array.isArray(line)) return false;
      for (let col = address.col; col < address.col + width; col += 1)
        if (line[col] !== undefined) return false;
    }
    return true;
  }
  if (layout instanceof Map) {
    const columns = layout as ReadonlyMap<number, unknown>;
    for (let col = address.col; col < address.col + width; col += 1) {
      const column = columns.get(col);
      if (column === undefined) continue;
      if (!(column instanceof Map)) return false;
      for (let row = address.row; row < address.row + height; row += 1)
        if (column.get(row) !== undefined) return false;
    }
    return true;
  }
  return false;
}
