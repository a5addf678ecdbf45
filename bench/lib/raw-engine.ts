// The baseline: a bare HyperFormula instance doing the same work, with the engine settings
// Gridbook's engine uses (src/core/formula/hyperformula-engine.ts): Excel's grid limits
// (1,048,576 rows × 16,384 columns, needed for W6's 100,000 rows) and no HyperFormula undo
// stack (undoLimit 0; it held a second copy of every overwritten cell, ~70 MiB of W6's RSS).
// Everything else is HyperFormula's default configuration, as in Gridbook.
import { HyperFormula, type RawCellContent } from 'hyperformula';

export const RAW_CONFIG = {
  licenseKey: 'gpl-v3',
  maxRows: 1_048_576,
  maxColumns: 16_384,
  undoLimit: 0,
} as const;

export interface RawWorkbook {
  readonly hf: HyperFormula;
  readonly sheet: number;
}

/**
 * Excel's bare TRUE/FALSE literals (W1's `VLOOKUP(…,FALSE)`) are #NAME? in HyperFormula until
 * named; Gridbook's engine names them the same way, so both compute the same answers.
 */
export function nameBooleanLiterals(hf: HyperFormula): void {
  hf.addNamedExpression('TRUE', '=TRUE()');
  hf.addNamedExpression('FALSE', '=FALSE()');
}

export function createRawWorkbook(sheetName = 'Sheet1'): RawWorkbook {
  const hf = HyperFormula.buildEmpty({ ...RAW_CONFIG });
  nameBooleanLiterals(hf);
  const name = hf.addSheet(sheetName);
  return { hf, sheet: hf.getSheetId(name)! };
}

/** Writes a rectangle at (row, col), zero-based, as one call, the way a client writes a range. */
export function rawWrite(
  raw: RawWorkbook,
  row: number,
  col: number,
  values: RawCellContent[][],
): void {
  raw.hf.setCellContents({ sheet: raw.sheet, row, col }, values);
}

export function rawValue(raw: RawWorkbook, row: number, col: number): unknown {
  return raw.hf.getCellValue({ sheet: raw.sheet, row, col });
}

export { HyperFormula };
