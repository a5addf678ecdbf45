// HyperFormula's error types and Gridbook's sentinels, both ways: what an engine error shows as,
// and which error type a sentinel travels as inside the engine.
import { ErrorType } from 'hyperformula';
import { mapOutsideStrings } from '../formula-text/index.js';
import { SENTINELS, type Sentinel } from './sentinels.js';

export const SENTINEL_BY_ERROR_TYPE: Readonly<Record<ErrorType, Sentinel>> = {
  [ErrorType.DIV_BY_ZERO]: SENTINELS.divideByZero,
  [ErrorType.NAME]: SENTINELS.name,
  [ErrorType.VALUE]: SENTINELS.value,
  [ErrorType.NUM]: SENTINELS.number,
  [ErrorType.NA]: SENTINELS.notAvailable,
  [ErrorType.CYCLE]: SENTINELS.circular,
  [ErrorType.REF]: SENTINELS.reference,
  [ErrorType.SPILL]: SENTINELS.spill,
  // HyperFormula has no #NULL!: its unused licence error stands in for it (NULL_ERROR_LITERAL).
  [ErrorType.LIC]: SENTINELS.null,
  [ErrorType.ERROR]: SENTINELS.parse,
};

/**
 * Excel 365's errors HyperFormula has no type for. Each travels as an error type of its own,
 * named here and taught to the engine's language (teachErrorLiterals), so it passes through
 * formulas as itself: ISERR and ISERROR see an error, ISNA and IFNA do not (it is no #N/A),
 * ERROR.TYPE tells it apart. HyperFormula keeps an error's type as plain text and only ever
 * compares it with its own types, so a type it does not know is carried as it is. `spelling` is
 * the literal the engine reads: its lexer takes letters, digits and `/` only, so #GETTING_DATA
 * is spelled without its underscore (engineErrorSpelling).
 */
export const EXTRA_ERROR_TYPES: readonly {
  readonly type: ErrorType;
  readonly sentinel: Sentinel;
  readonly spelling: string;
}[] = [
  { sentinel: SENTINELS.gettingData, spelling: '#GETTINGDATA!' },
  { sentinel: SENTINELS.connect, spelling: SENTINELS.connect },
  { sentinel: SENTINELS.blocked, spelling: SENTINELS.blocked },
  { sentinel: SENTINELS.unknown, spelling: SENTINELS.unknown },
  { sentinel: SENTINELS.field, spelling: SENTINELS.field },
  { sentinel: SENTINELS.calc, spelling: SENTINELS.calc },
].map((entry) => ({
  ...entry,
  type: `EXCEL_${entry.sentinel.replace(/[#!]/g, '')}` as ErrorType,
}));

/** The sentinel an engine error type shows as, its own or one of EXTRA_ERROR_TYPES. */
export function sentinelOfErrorType(type: ErrorType): Sentinel | undefined {
  return (
    (SENTINEL_BY_ERROR_TYPE as Partial<Record<string, Sentinel>>)[type] ??
    EXTRA_ERROR_TYPES.find((entry) => entry.type === type)?.sentinel
  );
}

/** A typed error literal as the engine reads it (only #GETTING_DATA differs). */
export function engineErrorSpelling(literal: string): string {
  return literal === SENTINELS.gettingData ? EXTRA_ERROR_TYPES[0]!.spelling : literal;
}

const GETTING_DATA = /#GETTING_DATA/gi;

/** A formula with its #GETTING_DATA literals (outside text) spelled as the engine reads them. */
export function spellGettingData(formula: string): string {
  if (!/#GETTING_DATA/i.test(formula)) return formula;
  return mapOutsideStrings(formula, (code) =>
    code.replace(GETTING_DATA, EXTRA_ERROR_TYPES[0]!.spelling),
  );
}

export const ERROR_TYPE_BY_SENTINEL = new Map<Sentinel, ErrorType>([
  [SENTINELS.divideByZero, ErrorType.DIV_BY_ZERO],
  [SENTINELS.name, ErrorType.NAME],
  [SENTINELS.value, ErrorType.VALUE],
  [SENTINELS.number, ErrorType.NUM],
  [SENTINELS.notAvailable, ErrorType.NA],
  [SENTINELS.circular, ErrorType.CYCLE],
  [SENTINELS.reference, ErrorType.REF],
  [SENTINELS.invalidAddress, ErrorType.REF],
  [SENTINELS.spill, ErrorType.SPILL],
  [SENTINELS.null, ErrorType.LIC],
  [SENTINELS.parse, ErrorType.ERROR],
  ...EXTRA_ERROR_TYPES.map((entry) => [entry.sentinel, entry.type] as const),
]);
