// A CellReader over a live workbook, for the guardrails and the chain's observations.
import type { CellAddress } from '../address/index.js';
import { sameSheetName } from '../naming.js';
import type { WorkbookReader } from '../workbook-handle.js';
import type { CellReader } from './check-guardrails.js';

export function cellReaderOf(workbook: WorkbookReader): CellReader {
  return {
    sheetName: (name) => workbook.sheetNames.find((candidate) => sameSheetName(candidate, name)),
    input: (sheet: string, address: CellAddress) =>
      workbook.sheet(sheet).input(address.row, address.col),
    value: (sheet: string, address: CellAddress) =>
      workbook.sheet(sheet).value(address.row, address.col),
    parseProblem: (formula) => workbook.formulaParseProblem(formula),
  };
}
