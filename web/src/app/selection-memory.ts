// Each sheet's last selection, so switching back shows the same cells selected.
import type { SelectionState } from './session-types.js';

export class SelectionMemory {
  private readonly bySheet = new Map<string, SelectionState>();

  save(state: SelectionState): void {
    this.bySheet.set(state.sheet, state);
  }

  get(sheet: string): SelectionState | undefined {
    return this.bySheet.get(sheet);
  }

  rename(from: string, to: string): void {
    const saved = this.bySheet.get(from);
    if (saved === undefined) return;
    this.bySheet.delete(from);
    this.bySheet.set(to, { ...saved, sheet: to });
  }

  forget(sheet: string): void {
    this.bySheet.delete(sheet);
  }
}
