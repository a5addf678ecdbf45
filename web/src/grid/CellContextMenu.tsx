// Right-click on cells: clipboard actions, clear, lock/unlock (docs/ui-rules.md LOCK-01), insert chart.
import type { Session } from '../app/session.js';
import { ContextMenu, type MenuItem } from '../ui/ContextMenu.js';
import type { ClipboardActions } from './use-clipboard.js';

export interface MenuRequest {
  readonly x: number;
  readonly y: number;
}

interface Props {
  readonly request: MenuRequest;
  readonly session: Session;
  readonly clipboard: ClipboardActions;
  readonly onInsertChart: () => void;
  readonly onClose: () => void;
}

export function CellContextMenu({ request, session, clipboard, onInsertChart, onClose }: Props) {
  const sheet = session.activeSheet;
  const rect = session.selection.get().rect;
  const cached = session.store.loadedCells(sheet, rect);
  const anyLocked = cached === undefined || cached.some(({ cell }) => cell.locked);
  const anyUnlocked =
    cached === undefined ||
    cached.length < rect.width * rect.height ||
    cached.some(({ cell }) => !cell.locked);
  const items: MenuItem[] = [
    { id: 'cut', label: 'Cut', run: () => void clipboard.copy(true) },
    { id: 'copy', label: 'Copy', run: () => void clipboard.copy(false) },
    { id: 'paste', label: 'Paste', run: () => void clipboard.paste() },
    { id: 'clear', label: 'Clear contents', run: () => void session.clearRange(sheet, rect) },
    {
      id: 'lock',
      label: 'Lock cells',
      run: () => void session.setLocked(sheet, rect, true),
      disabled: !anyUnlocked,
    },
    {
      id: 'unlock',
      label: 'Unlock cells',
      run: () => void session.setLocked(sheet, rect, false),
      disabled: !anyLocked,
    },
    { id: 'insert-chart', label: 'Insert chart…', run: onInsertChart },
  ];
  return (
    <ContextMenu x={request.x} y={request.y} items={items} onClose={onClose} label="Cell actions" />
  );
}
