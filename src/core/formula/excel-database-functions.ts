// The database functions (DAVERAGE, DCOUNT, DCOUNTA, DGET, DMAX, DMIN, DPRODUCT, DSTDEV, DSTDEVP,
// DSUM, DVAR, DVARP) with Excel's criteria (excel-criteria.ts), in place of HyperFormula's. The
// rules follow Microsoft's DSUM/DGET pages and the values Excel cached in the conformance corpus
// (ironcalc/DATABASE--*.xlsx):
// - the database's first row names the fields; with no record under it the answer is #VALUE!;
// - field is a name (any case; a header TRUE is named "TRUE", a header 1 "1") or a 1-based
//   column number (TRUE is 1); one the database does not have is #VALUE!;
// - each criteria row below the criteria's header is one alternative (OR); in a row every
//   non-empty cell must hold (AND) for the field its header names; a criterion under an empty
//   header, or one naming no field, matches nothing; a row of empty cells matches every record;
// - text without an operator matches the values that begin with it ("Berlin" finds "Berlino").
import {
  CellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { criterionTest, type CellTest } from './excel-criteria.js';
import { plain, textNumbers } from './excel-criteria-functions.js';
import type { CellValue } from './sentinels.js';
import { translateFunctionNames } from './engine-internals.js';

type Grid = readonly (readonly unknown[])[];

interface Call {
  readonly args: readonly unknown[];
}

/** A header or field name as text: TRUE for a boolean, the number's digits for a number. */
function nameOf(value: unknown): string | undefined {
  const cell = plain(value);
  if (cell === null || cell instanceof Object) return undefined;
  return String(cell).toUpperCase();
}

function columnNamed(headers: readonly unknown[], name: unknown): number | undefined {
  const wanted = nameOf(name);
  if (wanted === undefined || wanted === '') return undefined;
  const index = headers.findIndex((header) => nameOf(header) === wanted);
  return index === -1 ? undefined : index;
}

const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);

/** The field's column: a number counts from 1, text names a header. */
function fieldColumn(headers: readonly unknown[], field: unknown): number | CellError {
  if (field instanceof CellError) return field;
  const value = plain(field);
  // TRUE as field is column 1 (ironcalc DCOUNT_DCOUNTA B66), unlike the text "true".
  if (typeof value === 'number' || typeof value === 'boolean') {
    const index = Math.trunc(Number(value)) - 1;
    return index >= 0 && index < headers.length ? index : valueError('no such field number');
  }
  return columnNamed(headers, value) ?? valueError('no field of that name in the database');
}

type Row = readonly { readonly column: number | undefined; readonly test: CellTest }[];

/** The criteria as alternatives of conditions on database columns. */
function criteriaRows(headers: readonly unknown[], criteria: Grid, plugin: FunctionPlugin): Row[] {
  const names = criteria[0] ?? [];
  const numberOf = textNumbers(plugin);
  return criteria.slice(1).map((row) => {
    const conditions: { column: number | undefined; test: CellTest }[] = [];
    row.forEach((cell, index) => {
      const criterion = plain(cell);
      if (criterion === null || criterion === '') return;
      conditions.push({
        column: columnNamed(headers, names[index]),
        test: criterionTest(criterion, { numberOf, prefix: true }),
      });
    });
    return conditions;
  });
}

function matches(record: readonly unknown[], rows: readonly Row[]): boolean {
  return rows.some((row) =>
    row.every(({ column, test }) => column !== undefined && test(plain(record[column]))),
  );
}

type Reduce = (values: readonly CellValue[]) => unknown;

const numbers = (values: readonly CellValue[]): number[] =>
  values.filter((value): value is number => typeof value === 'number');

function variance(values: readonly CellValue[], sample: boolean): number | CellError {
  const xs = numbers(values);
  const n = xs.length;
  if (n < (sample ? 2 : 1))
    return new CellError(ErrorType.DIV_BY_ZERO, 'too few numbers for a variance');
  const mean = xs.reduce((sum, x) => sum + x, 0) / n;
  return xs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (sample ? n - 1 : n);
}

const root = (value: number | CellError): number | CellError =>
  typeof value === 'number' ? Math.sqrt(value) : value;

const FUNCTIONS: Readonly<Record<string, Reduce>> = {
  DSUM: (values) => numbers(values).reduce((sum, x) => sum + x, 0),
  DAVERAGE: (values) => {
    const xs = numbers(values);
    return xs.length === 0
      ? new CellError(ErrorType.DIV_BY_ZERO, 'DAVERAGE: no number among the matching records')
      : xs.reduce((sum, x) => sum + x, 0) / xs.length;
  },
  DMIN: (values) => {
    const xs = numbers(values);
    return xs.length === 0 ? 0 : Math.min(...xs);
  },
  DMAX: (values) => {
    const xs = numbers(values);
    return xs.length === 0 ? 0 : Math.max(...xs);
  },
  DPRODUCT: (values) => {
    const xs = numbers(values);
    return xs.length === 0 ? 0 : xs.reduce((product, x) => product * x, 1);
  },
  DCOUNT: (values) => numbers(values).length,
  DCOUNTA: (values) => values.filter((value) => value !== null && value !== '').length,
  DVAR: (values) => variance(values, true),
  DVARP: (values) => variance(values, false),
  DSTDEV: (values) => root(variance(values, true)),
  DSTDEVP: (values) => root(variance(values, false)),
  DGET: (values) => {
    if (values.length === 0) return valueError('DGET: no record matches the criteria');
    if (values.length > 1)
      return new CellError(ErrorType.NUM, 'DGET: more than one record matches the criteria');
    return values[0] ?? EmptyValue;
  },
};

const gridOf = (value: unknown): Grid | CellError =>
  value instanceof CellError ? value : value instanceof SimpleRangeValue ? value.data : [[value]];

class DatabaseFunctions extends FunctionPlugin {
  runDatabase(ast: Call, state: unknown, name: string): unknown {
    const self = this as unknown as {
      runFunction: (a: unknown, s: unknown, m: unknown, f: (...v: unknown[]) => unknown) => unknown;
      metadata: (name: string) => unknown;
    };
    const reduce = FUNCTIONS[name]!;
    const counts = name === 'DCOUNT' || name === 'DCOUNTA';
    return self.runFunction(ast.args, state, self.metadata(name), (db, field, criteria) => {
      const table = gridOf(db);
      if (table instanceof CellError) return table;
      const conditions = gridOf(criteria);
      if (conditions instanceof CellError) return conditions;
      const headers = table[0] ?? [];
      const records = table.slice(1);
      if (records.length === 0) return valueError(`${name}: the database has no record`);
      const whole = counts && (field === undefined || field === EmptyValue);
      const column = whole ? undefined : fieldColumn(headers, field);
      if (column instanceof CellError) return column;
      const rows = criteriaRows(headers, conditions, this);
      const values: CellValue[] = [];
      for (const record of records) {
        if (!matches(record, rows)) continue;
        if (column === undefined) {
          values.push(name === 'DCOUNTA' ? true : 0);
          continue;
        }
        const value = record[column];
        // DCOUNT and DCOUNTA count past an error (ironcalc DCOUNT_DCOUNTA B63); the others answer it.
        if (value instanceof CellError && !counts) return value;
        values.push(value instanceof CellError ? true : plain(value));
      }
      return reduce(values);
    });
  }
}

const PARAMETERS = [
  { argumentType: FunctionArgumentType.RANGE },
  { argumentType: FunctionArgumentType.SCALAR },
  { argumentType: FunctionArgumentType.RANGE },
];

const IMPLEMENTED: ImplementedFunctions = {};
for (const name of Object.keys(FUNCTIONS)) {
  const method = name.toLowerCase();
  IMPLEMENTED[name] = { method, parameters: PARAMETERS };
  (DatabaseFunctions.prototype as unknown as Record<string, unknown>)[method] = function (
    this: DatabaseFunctions,
    ast: Call,
    state: unknown,
  ) {
    return this.runDatabase(ast, state, name);
  };
}

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function databasePlugin(): FunctionPluginDefinition {
  translateFunctionNames(Object.keys(IMPLEMENTED));
  (
    DatabaseFunctions as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = IMPLEMENTED;
  return DatabaseFunctions as unknown as FunctionPluginDefinition;
}
