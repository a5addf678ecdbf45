// HyperFormula's error types and Gridbook's sentinels, both ways: what an engine error shows as,
// and which error type a sentinel travels as inside the engine.
import { ErrorType } from 'hyperformula';
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
]);
