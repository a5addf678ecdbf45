// The undo copy of a replaced workbook: its own Sheet objects, taken out whole, with no copy.
// A load or an import used to snapshot every cell of the workbook it replaced into a document
// (one object per cell) for its undo step: ~30 ms of a 100,000-cell load, and twice the memory
// of the sheets themselves (bench/README.md, W5). The sheets it replaces are dropped anyway, so
// the step keeps them instead. Undo rebuilds the engine from their inputs
// and rebinds them to the new engine sheets, so values, formulas, versions, locks, charts,
// sheet order, the active sheet and the workbook name come back exactly, as the same objects.
import type { Sheet } from '../sheet.js';
import type { InputRun, Op, RetiredWorkbook } from './op.js';
import { setCharacterSet, type Executed, type WorkbookState } from './state.js';

/** Takes the workbook's sheets, name and active sheet as they are, before a replace. */
export function retire(state: WorkbookState): RetiredWorkbook {
  return {
    name: state.name,
    sheets: [...state.sheets],
    activeSheet: state.activeSheet,
    names: state.names,
    characterSet: state.characterSet,
  };
}

/** A sheet's inputs as row-major runs, the way the engine takes them. */
function inputRunsOfSheet(sheet: Sheet): InputRun[] {
  const runs: { row: number; col: number; inputs: InputRun['inputs'][number][] }[] = [];
  let last: (typeof runs)[number] | undefined;
  sheet.inputs.forEachRowMajor((input, row, col) => {
    if (last !== undefined && last.row === row && last.col + last.inputs.length === col)
      last.inputs.push(input);
    else runs.push((last = { row, col, inputs: [input] }));
  });
  return runs;
}

/** Makes retired sheets the workbook's again: one engine rebuild, then each sheet rebound. */
export function reinstate(state: WorkbookState, retired: RetiredWorkbook): void {
  setCharacterSet(state, retired.characterSet);
  const handles = state.engine.replaceAll(
    retired.sheets.map((sheet) => ({
      name: sheet.name,
      runs: inputRunsOfSheet(sheet),
      names: [...sheet.names.values()],
    })),
    [...retired.names.values()],
  );
  retired.sheets.forEach((sheet, index) => {
    sheet.engineSheet = handles[index]!;
  });
  state.sheets.length = 0;
  state.sheets.push(...retired.sheets);
  state.name = retired.name;
  state.names = retired.names;
  state.activeSheet = retired.activeSheet;
}

/**
 * Replaces the whole workbook: the current sheets are retired (they are the undo copy, no
 * snapshot), `install` puts the new state in place, and a failed install reinstates them.
 */
export function swapWorkbook(state: WorkbookState, install: () => void): Executed {
  const previous = retire(state);
  try {
    install();
  } catch (error) {
    reinstate(state, previous);
    throw error;
  }
  return {
    inverse: [{ type: 'restore-workbook', workbook: previous }],
    revert: () => reinstate(state, previous),
  };
}

export function restoreWorkbook(
  state: WorkbookState,
  op: Extract<Op, { type: 'restore-workbook' }>,
): Executed {
  return swapWorkbook(state, () => reinstate(state, op.workbook));
}
