// Sheet and workbook actions: open, add, rename, move, delete a sheet; rename the workbook. Each is
// one server call, then the session's state follows the answer.
import { errorMessage } from '../api/errors.js';
import type { Session } from './session.js';

export async function activateSheet(session: Session, name: string): Promise<void> {
  const current = session.workbook.get();
  if (current === null || current.active === name) return;
  session.editing.set(null);
  // Paint at once from the cache, then confirm with the server (docs/ui-rules.md SHEET-03). The cached
  // cells may have changed on the server while the sheet was away: they stay on screen and are
  // read again in parallel (the grid asks for the new sheet's window right after this render).
  session.store.invalidate(name);
  session.workbook.set({ ...current, active: name });
  session.restoreSelection(name);
  try {
    const json = await session.workbookApi.activateSheet(name);
    session.applyWorkbookJson(json);
  } catch (error) {
    session.workbook.set(current);
    session.restoreSelection(current.active);
    session.reportError(`Could not open sheet ${name}`, error);
  }
}

export async function addSheet(session: Session): Promise<void> {
  try {
    const json = await session.workbookApi.addSheet();
    session.applyWorkbookJson(json);
    session.noteCommit(json.sheet);
    await activateSheet(session, json.sheet);
  } catch (error) {
    session.reportError('Could not add a sheet', error);
  }
}

/** Returns the error text for an inline message, or undefined when renamed. */
export async function renameSheet(
  session: Session,
  from: string,
  to: string,
): Promise<string | undefined> {
  if (to.trim() === '' || to === from)
    return to.trim() === '' ? 'A sheet name cannot be empty.' : undefined;
  // Reads of the old name must not race the rename to the server (they would answer 404).
  session.store.hold(from);
  try {
    const json = await session.workbookApi.renameSheet(from, to.trim());
    session.store.rename(from, json.sheet);
    session.selections.rename(from, json.sheet);
    if (session.selection.get().sheet === from)
      session.selection.update((state) => ({ ...state, sheet: json.sheet }));
    session.applyWorkbookJson(json);
    session.noteCommit(json.sheet);
    return undefined;
  } catch (error) {
    session.store.release(from);
    return errorMessage(error);
  }
}

/** Puts the sheet at `index` among the tabs (0 is the first); the tabs show the server's order. */
export async function moveSheet(session: Session, name: string, index: number): Promise<void> {
  const current = session.workbook.get();
  if (current === null || current.sheets.indexOf(name) === index) return;
  try {
    const json = await session.workbookApi.moveSheet(name, index);
    session.applyWorkbookJson(json);
    session.noteCommit(json.sheet);
  } catch (error) {
    session.reportError(`Could not move ${name}`, error);
  }
}

export async function deleteSheet(session: Session, name: string): Promise<void> {
  session.store.hold(name);
  try {
    const json = await session.workbookApi.deleteSheet(name);
    session.store.forget(name);
    session.selections.forget(name);
    session.applyWorkbookJson(json);
    session.noteCommit(json.active_sheet);
  } catch (error) {
    session.store.release(name);
    session.reportError(`Could not delete ${name}`, error);
  }
}

/** Returns the error text for an inline message, or undefined when renamed. */
export async function renameWorkbook(session: Session, name: string): Promise<string | undefined> {
  if (name.trim() === '') return 'The workbook name cannot be empty.';
  try {
    const json = await session.workbookApi.rename(name.trim());
    session.workbook.update((state) =>
      state === null ? state : { ...state, name: json.workbook_name },
    );
    session.noteCommit(session.activeSheet);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
