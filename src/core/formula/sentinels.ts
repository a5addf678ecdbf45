// Error sentinels: the values a failing formula produces (docs/design.md §5). Formula failures are
// values, never exceptions.

export const SENTINELS = {
  divideByZero: '#DIV/0!',
  parse: '#PARSE_ERROR!',
  reference: '#REF!',
  invalidAddress: '#REF! (Invalid A1 notation)',
  name: '#NAME?',
  value: '#VALUE!',
  notAvailable: '#N/A',
  number: '#NUM!',
  circular: '#CIRCULAR!',
  spill: '#SPILL!',
  /** Excel's intersection of ranges that do not meet; here it arrives typed in cells and formulas. */
  null: '#NULL!',
  /** Excel 365's errors, which arrive typed in cells (rich values in xlsx) and formulas. */
  gettingData: '#GETTING_DATA',
  connect: '#CONNECT!',
  blocked: '#BLOCKED!',
  unknown: '#UNKNOWN!',
  field: '#FIELD!',
  calc: '#CALC!',
  /** A plugin function's result is on its way (Excel shows the same for its asynchronous functions). */
  busy: '#BUSY!',
  /** A plugin function ran out of time (its call, or the request's plugin-time budget). */
  timeout: '#TIMEOUT!',
} as const;

export type Sentinel = (typeof SENTINELS)[keyof typeof SENTINELS];

/** A formula's error result: the sentinel plus the engine's explanation. */
export class FormulaError {
  constructor(
    readonly sentinel: Sentinel,
    readonly message: string = '',
  ) {}
}

export function isFormulaError(value: unknown): value is FormulaError {
  return value instanceof FormulaError;
}

/** A computed cell value. */
export type CellValue = number | string | boolean | null | FormulaError;

/** The JSON form of a computed value: errors become their sentinel string. */
export function valueToJson(value: CellValue): number | string | boolean | null {
  return isFormulaError(value) ? value.sentinel : value;
}
