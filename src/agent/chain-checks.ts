// What the chain checks after each write (docs/agent.md "Checking its own work"): every cell the
// chain wrote and every cell whose computed value one of its commits changed is remembered, so
// the chain can tell which error values it caused — in its own cells or in the user's formulas
// that read them — ask the model to fix those first, and report what is left at the end.
import {
  cellKey,
  isFormula,
  isFormulaError,
  keyToAddress,
  type ChangeSet,
  type WorkbookReader,
  visibleFormula,
} from '../core/index.js';
import type { OwnedCells } from './apply.js';
import type { Observation } from './observations.js';
import { cellLabel } from './write-plan.js';

/** The most error cells quoted to the model or listed in a verification. */
export const MAX_ERROR_CELLS = 50;

export interface Verification {
  readonly cells_checked: number;
  readonly errors_left: number;
  readonly error_cells: readonly string[];
}

/** A cell showing an error value, and whether the chain itself wrote it. */
export interface ErrorCell {
  readonly observation: Observation;
  readonly ownCell: boolean;
}

interface SheetCells {
  /** Cell key → the version the chain's last write of it left. */
  readonly written: Map<number, number>;
  readonly changed: Set<number>;
}

export class ChainFootprint {
  /** Per lowercased sheet name. */
  readonly #sheets = new Map<string, SheetCells>();

  #cellsOf(sheet: string): SheetCells {
    const key = sheet.toLowerCase();
    let cells = this.#sheets.get(key);
    if (cells === undefined)
      this.#sheets.set(key, (cells = { written: new Map(), changed: new Set() }));
    return cells;
  }

  /** Cells the chain wrote (per lowercased sheet name). */
  addWritten(written: OwnedCells): void {
    for (const [sheet, versions] of written)
      for (const [key, version] of versions) this.#cellsOf(sheet).written.set(key, version);
  }

  /** Cells whose computed values a chain commit changed (dependents included). */
  addChanged(changes: ChangeSet | undefined): void {
    for (const entry of changes?.cells ?? [])
      for (const cell of entry.cells)
        this.#cellsOf(entry.sheet).changed.add(cellKey(cell.row, cell.col));
  }

  /** Every remembered cell that shows an error value now, own cells first. */
  errorCells(workbook: WorkbookReader, mainSheet: string): ErrorCell[] {
    const found: ErrorCell[] = [];
    for (const [sheetKey, cells] of this.#sheets) {
      const name = workbook.sheetNames.find((candidate) => candidate.toLowerCase() === sheetKey);
      if (name === undefined) continue;
      const sheet = workbook.sheet(name);
      for (const key of new Set([...cells.written.keys(), ...cells.changed])) {
        const address = keyToAddress(key);
        const value = sheet.value(address.row, address.col);
        if (!isFormulaError(value)) continue;
        const input = sheet.input(address.row, address.col);
        found.push({
          ownCell: cells.written.has(key),
          observation: {
            cell: cellLabel(name, address, mainSheet),
            value: value.sentinel,
            formula: input !== null && isFormula(input) ? visibleFormula(input.formula) : null,
            warning: null,
            error: value.sentinel,
          },
        });
      }
    }
    return found.sort((a, b) => Number(b.ownCell) - Number(a.ownCell));
  }

  /**
   * The cells the chain wrote, with the versions it left them at: while errors are left, the next
   * write may rewrite those still so in place (a fix), instead of being moved beside them.
   */
  ownCells(): OwnedCells {
    return new Map([...this.#sheets].map(([sheet, cells]) => [sheet, new Map(cells.written)]));
  }

  verify(workbook: WorkbookReader, mainSheet: string): Verification {
    let checked = 0;
    for (const cells of this.#sheets.values())
      checked += new Set([...cells.written.keys(), ...cells.changed]).size;
    const errors = this.errorCells(workbook, mainSheet);
    return {
      cells_checked: checked,
      errors_left: errors.length,
      error_cells: errors.slice(0, MAX_ERROR_CELLS).map((error) => error.observation.cell),
    };
  }
}
