// What op executors work on: the workbook's mutable state, and what each executor returns.
import { isOnSheet, type RangeAddress } from '../address/index.js';
import { InvalidOperationError, SheetNotFoundError } from '../errors.js';
import type { CharacterSet, CustomFunction, FormulaEngine } from '../formula/index.js';
import { sameSheetName } from '../naming.js';
import type { Sheet } from '../sheet.js';
import type { Op } from './op.js';
import type { NameTable } from '../defined-names.js';

export interface WorkbookState {
  name: string;
  readonly sheets: Sheet[];
  activeSheet: Sheet;
  /** The workbook-wide defined names (a sheet's own are on the sheet). */
  names: NameTable;
  /** The set CHAR and CODE compute with (Excel's platform character set). */
  characterSet: CharacterSet;
  readonly engine: FormulaEngine;
  /** Every extra function the engine should have now (GridOS's, the workbook's, plugins'). */
  readonly functions: () => readonly CustomFunction[];
}

export interface Executed {
  readonly inverse: readonly Op[];
  readonly revert: () => void;
}

/** The workbook's character set, in its state and its engine's settings (before the engine's rebuild). */
export function setCharacterSet(state: WorkbookState, characterSet: CharacterSet): void {
  state.characterSet = characterSet;
  state.engine.setCalculationSettings({ characterSet });
}

export function findSheet(state: WorkbookState, name: string, field = 'sheet'): Sheet {
  const sheet = state.sheets.find((candidate) => sameSheetName(candidate.name, name));
  if (sheet === undefined) throw new SheetNotFoundError(name, field);
  return sheet;
}

/** Refuses a range an op names that is not on the sheet, or not written top-left first. */
export function checkRangeOnSheet(range: RangeAddress, field: string): void {
  const { start, end } = range;
  if (
    !isOnSheet(start.row, start.col) ||
    !isOnSheet(end.row, end.col) ||
    end.row < start.row ||
    end.col < start.col
  )
    throw new InvalidOperationError(field, 'must be a range on the sheet, top-left first.');
}
