// What a chain step saw after its write (docs/contract.md §2 Observation): each written cell's
// computed value, formula and error value, and GridOS's column-alignment warning for formulas
// that read labels.
import {
  cellReaderOf,
  columnAlignmentWarning,
  isFormula,
  isFormulaError,
  valueToJson,
  type WorkbookReader,
  visibleFormula,
} from '../core/index.js';
import { cellLabel, cellsOf, type PlacedBlock } from './write-plan.js';

export interface Observation {
  readonly cell: string;
  readonly value: number | string | boolean | null;
  readonly formula: string | null;
  readonly warning: string | null;
  /** The error value the cell shows, or null. */
  readonly error: string | null;
}

export function observeWrites(
  workbook: WorkbookReader,
  blocks: readonly PlacedBlock[],
  mainSheet: string,
): Observation[] {
  const reader = cellReaderOf(workbook);
  return blocks.flatMap((block) => {
    const sheet = workbook.sheet(block.sheet);
    return cellsOf(block).map(({ address }) => {
      const input = sheet.input(address.row, address.col);
      const formula = isFormula(input) ? visibleFormula(input.formula) : null;
      const value = sheet.value(address.row, address.col);
      return {
        cell: cellLabel(sheet.name, address, mainSheet),
        value: valueToJson(value),
        formula,
        warning:
          formula === null ? null : columnAlignmentWarning(sheet.name, address, formula, reader),
        error: isFormulaError(value) ? value.sentinel : null,
      };
    });
  });
}
