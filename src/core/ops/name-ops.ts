// The executors of set-name and delete-name, and the rewrite of every name's definition when
// formulas are rewritten (sheet renames, structure changes). A name lives in a scope table (the
// workbook's, or its sheet's); the engine is told each change and may refuse a definition (a
// relative reference), which refuses the op before anything changed.
import { InvalidNameError, InvalidOperationError } from '../errors.js';
import {
  MAX_DEFINED_NAMES,
  nameKey,
  validateDefinedName,
  validateNameFormula,
  type DefinedName,
  type NameTable,
  type ScopedName,
} from '../defined-names.js';
import type { EngineSheet } from '../formula/index.js';
import type { Op } from './op.js';
import { findSheet, type Executed, type WorkbookState } from './state.js';

interface Scope {
  readonly table: NameTable;
  readonly engineSheet: EngineSheet | undefined;
  /** The sheet's name as it is now, or undefined for the workbook. */
  readonly sheet: string | undefined;
}

function scopeOf(state: WorkbookState, sheet: string | undefined): Scope {
  if (sheet === undefined) return { table: state.names, engineSheet: undefined, sheet: undefined };
  const found = findSheet(state, sheet);
  return { table: found.names, engineSheet: found.engineSheet, sheet: found.name };
}

function restoreOp(scope: Scope, before: DefinedName | undefined, name: string): Op {
  const where = scope.sheet === undefined ? {} : { sheet: scope.sheet };
  return before === undefined
    ? { type: 'delete-name', name, ...where }
    : { type: 'set-name', name: before.name, formula: before.formula, ...where };
}

/** Puts `entry` (or nothing) under `key` in the scope and the engine. */
function put(state: WorkbookState, scope: Scope, key: string, entry: DefinedName | undefined) {
  if (entry === undefined) {
    // The engine first: when it fails, the table still holds the name, and the workbook
    // rebuilds the engine from the tables.
    const held = scope.table.get(key);
    if (held !== undefined) state.engine.removeName(scope.engineSheet, held.name);
    scope.table.delete(key);
    return undefined;
  }
  const held = scope.table.get(key);
  // A name spelled in another case replaces the old one: the engine holds it case-insensitively.
  if (held !== undefined && held.name !== entry.name)
    state.engine.removeName(scope.engineSheet, held.name);
  const problem = state.engine.setName(scope.engineSheet, entry);
  if (problem !== undefined) return problem;
  scope.table.set(key, entry);
  return undefined;
}

export function setName(state: WorkbookState, op: Extract<Op, { type: 'set-name' }>): Executed {
  const scope = scopeOf(state, op.sheet);
  const name = validateDefinedName(op.name);
  const formula = validateNameFormula(op.formula, 'formula');
  const key = nameKey(name);
  const before = scope.table.get(key);
  if (before === undefined && scope.table.size >= MAX_DEFINED_NAMES)
    throw new InvalidOperationError('name', `a scope holds at most ${MAX_DEFINED_NAMES} names.`);
  const problem = put(state, scope, key, { name, formula });
  if (problem !== undefined) {
    put(state, scope, key, before);
    throw new InvalidNameError('formula', `the engine refused "${name}": ${problem}`);
  }
  return {
    inverse: [restoreOp(scope, before, name)],
    revert: () => void put(state, scope, key, before),
  };
}

export function deleteName(
  state: WorkbookState,
  op: Extract<Op, { type: 'delete-name' }>,
): Executed {
  const scope = scopeOf(state, op.sheet);
  const key = nameKey(typeof op.name === 'string' ? op.name.trim() : '');
  const before = scope.table.get(key);
  if (before === undefined)
    throw new InvalidOperationError(
      'name',
      `no name "${op.name}" is defined for ${scope.sheet === undefined ? 'the workbook' : `sheet "${scope.sheet}"`}.`,
    );
  put(state, scope, key, undefined);
  return {
    inverse: [restoreOp(scope, before, before.name)],
    revert: () => void put(state, scope, key, before),
  };
}

/** Every scope of the workbook: the workbook's own, then each sheet's. */
function scopes(state: WorkbookState): Scope[] {
  return [
    { table: state.names, engineSheet: undefined, sheet: undefined },
    ...state.sheets.map((sheet) => ({
      table: sheet.names,
      engineSheet: sheet.engineSheet,
      sheet: sheet.name,
    })),
  ];
}

/** The names (of every scope) whose definition passes `test`, as they are. */
export function namesWhere(state: WorkbookState, test: (formula: string) => boolean): ScopedName[] {
  const found: ScopedName[] = [];
  for (const scope of scopes(state))
    for (const entry of scope.table.values())
      if (test(entry.formula))
        found.push(scope.sheet === undefined ? entry : { ...entry, sheet: scope.sheet });
  return found;
}

/**
 * Rewrites every name's definition with `rewrite` (given the text and the sheet the name belongs
 * to, undefined for the workbook), then puts `exact` back as given (an undo's names as they
 * were). The engine is not told: callers call `syncNames` once the engine's own cells are where
 * the text says. Returns the names that changed, as they were.
 */
export function rewriteNames(
  state: WorkbookState,
  rewrite: (formula: string, sheet: string | undefined) => string,
  exact: readonly ScopedName[] = [],
): ScopedName[] {
  const before: ScopedName[] = [];
  const keep = (scope: Scope, entry: DefinedName): void => {
    before.push(scope.sheet === undefined ? entry : { ...entry, sheet: scope.sheet });
  };
  const touched = new Set<string>();
  for (const scope of scopes(state)) {
    for (const [key, entry] of scope.table) {
      const formula = rewrite(entry.formula, scope.sheet);
      if (formula === entry.formula) continue;
      keep(scope, entry);
      touched.add(`${scope.sheet ?? ''}\u0000${key}`);
      scope.table.set(key, { name: entry.name, formula });
    }
  }
  for (const entry of exact) {
    const scope = scopeOf(state, entry.sheet);
    const key = nameKey(entry.name);
    const held = scope.table.get(key);
    if (held === undefined || held.formula === entry.formula) continue;
    if (!touched.has(`${scope.sheet ?? ''}\u0000${key}`)) keep(scope, held);
    scope.table.set(key, { name: held.name, formula: entry.formula });
  }
  return before;
}

/**
 * Gives the engine every name's text again; it takes only those its own copy differs from (it
 * moved them by its own rules meanwhile: rows inserted, a sheet renamed).
 */
export function syncNames(state: WorkbookState): void {
  for (const scope of scopes(state))
    for (const entry of scope.table.values()) state.engine.setName(scope.engineSheet, entry);
}
