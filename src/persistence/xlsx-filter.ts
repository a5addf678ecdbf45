// A sheet filter's criteria in xlsx: each filtered column as the autoFilter's `<filterColumn>`,
// a value list as `<filters>` (blank="1" for the blank entry), conditions as `<customFilters>`
// (text conditions spelled with Excel's wildcards: contains "x" is `*x*`). exceljs 4.4 writes
// and reads only the autoFilter's range, so its autoFilter part is taught the criteria here,
// once, on its prototype (as readTablesWithoutFilters reaches into its table reading).
// Criteria Gridbook cannot hold (dates grouped by year, top 10, colours, icons, wildcards in the
// middle of a text) leave that column unfiltered on import; Excel's own rows stay as shown.
import { createRequire } from 'node:module';
import {
  checkFilter,
  MAX_FILTER_CONDITIONS,
  type ColumnFilter,
  type ConditionOp,
  type FilterCondition,
  type RangeAddress,
  type SheetFilter,
} from '../core/index.js';

/** What the autoFilter part renders and reads: the range, and the criteria when there are any. */
export interface XlsxAutoFilter {
  readonly ref: string;
  readonly columns?: readonly XlsxFilterColumn[];
}

/** One `<filterColumn>` as the file spells it. */
export interface XlsxFilterColumn {
  /** Offset from the filter range's first column. */
  readonly colId: number;
  readonly values?: readonly string[];
  readonly blank?: boolean;
  readonly custom?: readonly { readonly operator: string; readonly val: string }[];
  readonly and?: boolean;
  /** It held something else (dates, top 10, colours): not filtered on import. */
  readonly unsupported?: boolean;
}

interface XmlStream {
  openNode(name: string, attributes?: Record<string, string>): void;
  leafNode(name: string, attributes?: Record<string, string>): void;
  closeNode(): void;
}

interface SaxNode {
  readonly name: string;
  readonly attributes: Record<string, string | undefined>;
}

/** A `<filterColumn>` being read. */
interface ReadColumn {
  colId: number;
  values?: string[];
  blank?: boolean;
  custom?: { operator: string; val: string }[];
  and?: boolean;
  unsupported?: boolean;
}

/** What the part keeps while it reads one autoFilter. */
interface Reading {
  gridbookReading?: { ref: string; columns: ReadColumn[] } | undefined;
  gridbookColumn?: ReadColumn | undefined;
}

interface AutoFilterPart {
  model: unknown;
  render(stream: XmlStream, model: unknown): void;
  parseOpen(node: SaxNode): boolean | void;
  parseClose(name: string): boolean;
}

const OPERATORS: Partial<Record<ConditionOp, string>> = {
  eq: 'equal',
  ne: 'notEqual',
  gt: 'greaterThan',
  gte: 'greaterThanOrEqual',
  lt: 'lessThan',
  lte: 'lessThanOrEqual',
};
const OPS_BY_OPERATOR = new Map(Object.entries(OPERATORS).map(([op, name]) => [name, op]));

let taught = false;

/** Excel's wildcard escape: `*`, `?` and `~` stand for themselves after a `~`. */
function escapeWildcards(text: string): string {
  return text.replace(/[*?~]/g, (character) => `~${character}`);
}

function valueText(value: FilterCondition['value']): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value === undefined ? '' : String(value);
}

function customFilterOf(condition: FilterCondition): { operator: string; val: string } {
  const text = escapeWildcards(valueText(condition.value));
  switch (condition.op) {
    case 'blank':
      return { operator: 'equal', val: '' };
    case 'not_blank':
      return { operator: 'notEqual', val: ' ' };
    case 'contains':
      return { operator: 'equal', val: `*${text}*` };
    case 'not_contains':
      return { operator: 'notEqual', val: `*${text}*` };
    case 'begins_with':
      return { operator: 'equal', val: `${text}*` };
    case 'ends_with':
      return { operator: 'equal', val: `*${text}` };
    default:
      // Only equal and notEqual read wildcards; the other comparisons take the text as it is.
      return {
        operator: OPERATORS[condition.op]!,
        val:
          (condition.op === 'eq' || condition.op === 'ne') && typeof condition.value === 'string'
            ? text
            : valueText(condition.value),
      };
  }
}

/** The autoFilter to render for a sheet's filter (`ref` is its range as A1 text). */
export function xlsxAutoFilterOf(filter: SheetFilter, ref: string): XlsxAutoFilter {
  const columns = filter.columns.map((column): XlsxFilterColumn => {
    const colId = column.col - filter.range.start.col;
    // Excel holds a value list or conditions per column, not both: the list is kept.
    if (column.values !== undefined)
      return {
        colId,
        values: column.values.filter((value) => value !== ''),
        blank: column.values.includes(''),
      };
    return {
      colId,
      custom: (column.conditions ?? []).map(customFilterOf),
      and: column.join !== 'or',
    };
  });
  return columns.length === 0 ? { ref } : { ref, columns };
}

/** A wildcard pattern as a condition, or undefined when it has wildcards Gridbook cannot hold. */
function wildcardCondition(operator: string, val: string): FilterCondition | undefined | null {
  // Split on unescaped `*`; `?` anywhere, or `*` inside the text, cannot be said in Gridbook.
  const parts: string[] = [''];
  let wild = false;
  for (let index = 0; index < val.length; index += 1) {
    const character = val[index]!;
    if (character === '~' && index + 1 < val.length) {
      parts[parts.length - 1] += val[(index += 1)]!;
    } else if (character === '*') {
      wild = true;
      parts.push('');
    } else if (character === '?') return undefined;
    else parts[parts.length - 1] += character;
  }
  if (!wild) return null; // no wildcard: a plain comparison
  const [before, middle, after] = [parts[0]!, parts.slice(1, -1), parts[parts.length - 1]!];
  const equal = operator === 'equal';
  if (parts.length === 3 && before === '' && after === '' && middle[0] !== '')
    return { op: equal ? 'contains' : 'not_contains', value: middle[0]! };
  if (!equal || parts.length !== 2) return undefined;
  if (before === '' && after !== '') return { op: 'ends_with', value: after };
  if (before !== '' && after === '') return { op: 'begins_with', value: before };
  return undefined;
}

function unescapeWildcards(text: string): string {
  return text.replace(/~([*?~])/g, '$1');
}

function conditionOf(operator: string, val: string): FilterCondition | undefined {
  if (operator === 'equal' && val === '') return { op: 'blank' };
  if (operator === 'notEqual' && val === ' ') return { op: 'not_blank' };
  if (operator === 'equal' || operator === 'notEqual') {
    const wildcard = wildcardCondition(operator, val);
    if (wildcard !== null) return wildcard;
  }
  const op = OPS_BY_OPERATOR.get(operator) as ConditionOp | undefined;
  if (op === undefined) return undefined;
  const text = op === 'eq' || op === 'ne' ? unescapeWildcards(val) : val;
  const number = text.trim() === '' ? NaN : Number(text);
  return { op, value: Number.isFinite(number) ? number : text };
}

function columnFilterOf(column: XlsxFilterColumn, range: RangeAddress): ColumnFilter | undefined {
  if (column.unsupported === true) return undefined;
  const col = range.start.col + column.colId;
  if (column.values !== undefined)
    return { col, values: [...column.values, ...(column.blank === true ? [''] : [])] };
  if (column.custom === undefined || column.custom.length === 0) return undefined;
  if (column.custom.length > MAX_FILTER_CONDITIONS) return undefined;
  const conditions = column.custom.map(({ operator, val }) => conditionOf(operator, val));
  if (conditions.some((condition) => condition === undefined)) return undefined;
  return {
    col,
    conditions: conditions as FilterCondition[],
    ...(column.and === true || conditions.length < 2 ? {} : { join: 'or' as const }),
  };
}

/** The filter an imported autoFilter stands for; criteria it cannot hold are left out. */
export function sheetFilterOf(autoFilter: XlsxAutoFilter, range: RangeAddress): SheetFilter {
  const columns = (autoFilter.columns ?? [])
    .map((column) => columnFilterOf(column, range))
    .filter((column): column is ColumnFilter => column !== undefined);
  try {
    return checkFilter({ range, columns });
  } catch {
    return { range, columns: [] };
  }
}

function renderCriteria(stream: XmlStream, autoFilter: XlsxAutoFilter): void {
  stream.openNode('autoFilter', { ref: autoFilter.ref });
  for (const column of autoFilter.columns ?? []) {
    stream.openNode('filterColumn', { colId: String(column.colId) });
    if (column.values !== undefined) {
      stream.openNode('filters', column.blank === true ? { blank: '1' } : {});
      for (const val of column.values) stream.leafNode('filter', { val });
      stream.closeNode();
    } else {
      stream.openNode('customFilters', column.and === true ? { and: '1' } : {});
      for (const { operator, val } of column.custom ?? [])
        stream.leafNode('customFilter', operator === 'equal' ? { val } : { operator, val });
      stream.closeNode();
    }
    stream.closeNode();
  }
  stream.closeNode();
}

/**
 * Teaches exceljs's autoFilter part the criteria: it renders an `XlsxAutoFilter` with columns in
 * full, and reads one back (a plain range text stays a text, as exceljs reads it). If exceljs no
 * longer has that part where it was, filters keep their range only, as before.
 */
export function teachAutoFilterCriteria(): void {
  if (taught) return;
  taught = true;
  let part: { prototype: AutoFilterPart } | undefined;
  try {
    part = createRequire(import.meta.url)('exceljs/lib/xlsx/xform/sheet/auto-filter-xform.js') as {
      prototype: AutoFilterPart;
    };
  } catch {
    return;
  }
  const prototype = part.prototype;
  if (typeof prototype?.render !== 'function') return;
  const render = prototype.render;
  prototype.render = function (stream, model) {
    const autoFilter = model as Partial<XlsxAutoFilter> | null | undefined;
    if (typeof autoFilter?.ref === 'string' && (autoFilter.columns?.length ?? 0) > 0)
      renderCriteria(stream, autoFilter as XlsxAutoFilter);
    else render.call(this, stream, typeof autoFilter?.ref === 'string' ? autoFilter.ref : model);
  };
  prototype.parseOpen = function (this: AutoFilterPart & Reading, node) {
    const attributes = node.attributes;
    const column = this.gridbookColumn;
    switch (node.name) {
      case 'autoFilter':
        this.gridbookReading = { ref: attributes.ref ?? '', columns: [] };
        this.gridbookColumn = undefined;
        this.model = this.gridbookReading.ref;
        return true;
      case 'filterColumn':
        this.gridbookColumn = { colId: Number(attributes.colId ?? 0) };
        return true;
      case 'filters':
        if (column !== undefined) {
          column.values = [];
          column.blank = attributes.blank === '1' || attributes.blank === 'true';
        }
        return true;
      case 'filter':
        column?.values?.push(attributes.val ?? '');
        return true;
      case 'customFilters':
        if (column !== undefined) {
          column.custom = [];
          column.and = attributes.and === '1' || attributes.and === 'true';
        }
        return true;
      case 'customFilter':
        column?.custom?.push({
          operator: attributes.operator ?? 'equal',
          val: attributes.val ?? '',
        });
        return true;
      default:
        if (column !== undefined) column.unsupported = true;
        return true;
    }
  };
  prototype.parseClose = function (this: AutoFilterPart & Reading, name) {
    const reading = this.gridbookReading;
    const column = this.gridbookColumn;
    if (name === 'filterColumn' && column !== undefined && reading !== undefined) {
      if (Number.isInteger(column.colId) && column.colId >= 0) reading.columns.push(column);
      this.gridbookColumn = undefined;
    }
    if (name !== 'autoFilter') return true;
    if (reading !== undefined && reading.columns.length > 0)
      this.model = { ref: reading.ref, columns: reading.columns } satisfies XlsxAutoFilter;
    this.gridbookReading = undefined;
    return false;
  };
}
