// The refresh-functions op: what depends on functions that live outside the workbook (plugins)
// is recomputed. A changed function set rebuilds the engine (HyperFormula takes its functions
// when it is built); arrived results only re-enter the formulas that call those functions, so
// the engine recomputes them and their dependents and reports exactly what changed.
import { keyToAddress } from '../address/index.js';
import { isFormula } from '../value-typing.js';
import type { Op } from './op.js';
import type { Executed, WorkbookState } from './state.js';

const NOTHING_TO_UNDO: Executed = { inverse: [], revert: () => undefined };

/** Tests formula text for a call of any of the names (letters, digits, `_` and `.`), outside strings. */
function callsOf(names: readonly string[]): (formula: string) => boolean {
  const alternatives = names.map((name) => name.replace(/\./g, '\\.')).join('|');
  const call = new RegExp(`(^|[^A-Za-z0-9_.])(${alternatives})\\s*\\(`, 'i');
  return (formula) => call.test(formula.replace(/"(?:[^"]|"")*"/g, '""'));
}

export function refreshFunctions(
  state: WorkbookState,
  op: Extract<Op, { type: 'refresh-functions' }>,
): Executed {
  if (op.rebuild) {
    state.engine.setFunctions(state.functions());
    return NOTHING_TO_UNDO;
  }
  if (op.names.length === 0) return NOTHING_TO_UNDO;
  const calls = callsOf(op.names);
  for (const sheet of state.sheets) {
    const runs = [];
    for (const [key, input] of sheet.inputs)
      if (isFormula(input) && calls(input.formula))
        runs.push({ ...keyToAddress(key), inputs: [input] });
    if (runs.length > 0) state.engine.setCells(sheet.engineSheet, runs);
  }
  return NOTHING_TO_UNDO;
}
