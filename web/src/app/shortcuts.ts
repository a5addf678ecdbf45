// Page-wide shortcuts: save, find (Ctrl+F) and replace (Ctrl+H) work wherever focus is; undo and
// redo too, except inside text fields (where Ctrl+Z edits the text).
import type { Session } from './session.js';

export interface ShortcutActions {
  readonly save: () => void;
  /** Ctrl+F opens find, Ctrl+H find and replace (instead of the browser's own find). */
  readonly find: (mode: 'find' | 'replace') => void;
}

function inTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export function installShortcuts(session: Session, actions: ShortcutActions): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 's') {
      event.preventDefault();
      actions.save();
      return;
    }
    if (key === 'f' || key === 'h') {
      event.preventDefault();
      actions.find(key === 'f' ? 'find' : 'replace');
      return;
    }
    if (inTextField(event.target)) return;
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      void session.history('undo');
    } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
      event.preventDefault();
      void session.history('redo');
    }
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
