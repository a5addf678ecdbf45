// The summary tables GROUPBY and PIVOTBY answer (grouping-functions.ts evaluates their
// arguments and calls the aggregating function): data rows grouped by the keys of their row
// (and column) fields, groups ordered, subtotal and total lines placed, and the result laid out
// with its header rows. Semantics: Microsoft's GROUPBY and PIVOTBY pages; where they are silent,
// Excel's cached results in the conformance corpus (formulas/test.xlsx LOOKUP rows 25–43 and
// 92–111, EXTRA rows 95–104): a grand total is labelled "Total", or "Grand Total" when subtotals
// are shown; a subtotal line shows its group's keys and blanks below its level; sorting by a value
// column orders the innermost level only (outer groups keep their key order); a cell with no data
// rows is blank.
import { CellError, EmptyValue, ErrorType } from 'hyperformula';
import { compareKeys, uniqueKey } from './excel-dynamic-array-functions.js';

export type Cell = unknown;

/** A group of data rows sharing the first `level` keys (level 0: every row). */
export interface GroupNode {
  readonly level: number;
  readonly key: Cell;
  /** Its keys, outermost first (length `level`). */
  readonly path: readonly Cell[];
  readonly rows: number[];
  readonly parent: GroupNode | undefined;
  readonly children: Map<string, GroupNode>;
}

/** One line of an axis: a group (a leaf, a subtotal) or the grand total. */
export interface AxisLine {
  readonly node: GroupNode;
  readonly label: string | undefined;
}

/** How one axis is grouped: its key columns, total depth and sort specification. */
export interface AxisSpec {
  /** Per data row, its keys (one per field). */
  readonly keys: readonly (readonly Cell[])[];
  readonly fields: number;
  /** 0 none, ±1 grand total, ±n subtotals down to level n-1; negative: totals first. */
  readonly depth: number;
  /** Signed 1-based columns: fields first, then value columns (which order the innermost level). */
  readonly sort: readonly number[];
  /** Table relationship: fields sorted independently, no subtotals. */
  readonly table: boolean;
  /** A group's value for value column `column`, for sorting by it. */
  readonly valueOf: (rows: readonly number[], column: number) => Cell;
}

const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);

function newNode(level: number, key: Cell, parent: GroupNode | undefined): GroupNode {
  const path = parent === undefined ? [] : [...parent.path, key];
  return { level, key, path, rows: [], parent, children: new Map() };
}

/** The tree of groups of `rows` by their keys, level by level. */
function groupTree(
  keys: readonly (readonly Cell[])[],
  rows: readonly number[],
  fields: number,
): GroupNode {
  const root = newNode(0, undefined, undefined);
  for (const row of rows) {
    let node = root;
    node.rows.push(row);
    for (let level = 1; level <= fields; level += 1) {
      const key = keys[row]![level - 1];
      const id = uniqueKey(key);
      let child = node.children.get(id);
      if (child === undefined) {
        child = newNode(level, key, node);
        node.children.set(id, child);
      }
      child.rows.push(row);
      node = child;
    }
  }
  return root;
}

/** The order of two groups of one level under the axis's sort specification. */
function compareGroups(a: GroupNode, b: GroupNode, spec: AxisSpec): number {
  for (const signed of spec.sort) {
    const column = Math.abs(signed);
    const order = Math.sign(signed);
    let compared = 0;
    if (column === a.level) compared = compareKeys(a.key, b.key, order);
    else if (column > spec.fields && a.level === spec.fields) {
      const valueColumn = column - spec.fields - 1;
      compared = compareKeys(
        spec.valueOf(a.rows, valueColumn),
        spec.valueOf(b.rows, valueColumn),
        order,
      );
    }
    if (compared !== 0) return compared;
  }
  return compareKeys(a.key, b.key, 1);
}

/** The leaves of a table relationship, each field compared on its own in the sort's order. */
function compareLeaves(a: GroupNode, b: GroupNode, spec: AxisSpec): number {
  for (const signed of spec.sort) {
    const column = Math.abs(signed);
    const order = Math.sign(signed);
    const compared =
      column <= spec.fields
        ? compareKeys(a.path[column - 1], b.path[column - 1], order)
        : compareKeys(
            spec.valueOf(a.rows, column - spec.fields - 1),
            spec.valueOf(b.rows, column - spec.fields - 1),
            order,
          );
    if (compared !== 0) return compared;
  }
  for (let field = 0; field < spec.fields; field += 1) {
    const compared = compareKeys(a.path[field], b.path[field], 1);
    if (compared !== 0) return compared;
  }
  return 0;
}

function leavesOf(node: GroupNode): GroupNode[] {
  return node.children.size === 0 ? [node] : [...node.children.values()].flatMap(leavesOf);
}

/** Checks an axis's depth and sort columns against its fields and value columns. */
function checkSpec(spec: AxisSpec, valueColumns: number): CellError | undefined {
  const depth = Math.abs(spec.depth);
  if (depth > 1 && (depth > spec.fields || spec.table))
    return valueError('subtotals need as many fields as the total depth, in a hierarchy');
  for (const signed of spec.sort)
    if (signed === 0 || Math.abs(signed) > spec.fields + valueColumns)
      return valueError(`sort_order must name one of columns 1 to ${spec.fields + valueColumns}`);
  return undefined;
}

/** The lines of one axis, in order, totals included; a bad depth or sort column is #VALUE!. */
export function axisLines(
  spec: AxisSpec,
  rows: readonly number[],
  valueColumns: number,
): AxisLine[] | CellError {
  const problem = checkSpec(spec, valueColumns);
  if (problem !== undefined) return problem;
  const root = groupTree(spec.keys, rows, spec.fields);
  const depth = Math.abs(spec.depth);
  const first = spec.depth < 0;
  const lines: AxisLine[] = [];
  const walk = (node: GroupNode): void => {
    const children = [...node.children.values()].sort((a, b) => compareGroups(a, b, spec));
    for (const child of children) {
      if (child.level === spec.fields) {
        lines.push({ node: child, label: undefined });
        continue;
      }
      const subtotal = child.level < depth;
      if (subtotal && first) lines.push({ node: child, label: undefined });
      walk(child);
      if (subtotal && !first) lines.push({ node: child, label: undefined });
    }
  };
  if (spec.table)
    lines.push(
      ...leavesOf(root)
        .sort((a, b) => compareLeaves(a, b, spec))
        .map((node) => ({ node, label: undefined })),
    );
  else walk(root);
  if (depth >= 1) {
    const total = { node: root, label: depth >= 2 ? 'Grand Total' : 'Total' };
    if (first) lines.unshift(total);
    else lines.push(total);
  }
  return lines;
}

/** The key cells a line shows for its fields: its keys, blanks below a subtotal, a total's label. */
export function lineKeys(line: AxisLine, fields: number): Cell[] {
  if (line.label !== undefined)
    return [line.label, ...Array.from({ length: fields - 1 }, () => EmptyValue)];
  return Array.from({ length: fields }, (_, at) =>
    at < line.node.path.length ? line.node.path[at] : EmptyValue,
  );
}

/** The rows of `rows` that are also in `node` (a mask of the node's rows is cached). */
export class RowSets {
  private readonly masks = new Map<GroupNode, Uint8Array>();
  constructor(private readonly count: number) {}

  private maskOf(node: GroupNode): Uint8Array {
    let mask = this.masks.get(node);
    if (mask === undefined) {
      mask = new Uint8Array(this.count);
      for (const row of node.rows) mask[row] = 1;
      this.masks.set(node, mask);
    }
    return mask;
  }

  both(rows: readonly number[], node: GroupNode): number[] {
    if (node.level === 0) return [...rows];
    const mask = this.maskOf(node);
    return rows.filter((row) => mask[row] === 1);
  }
}

/** The parent group a PERCENTOF relative to a parent total divides by (the root's is itself). */
export const parentOf = (node: GroupNode): GroupNode => node.parent ?? node;
