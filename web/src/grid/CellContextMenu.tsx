// Right-click on cells: clipboard actions, clear, lock/unlock (docs/ui-rules.md LOCK-01), insert
// chart, and inserting or deleting the selection's rows and columns.
import type { Session } from '../app/session.js';
import { ContextMenu, type MenuItem } from '../ui/ContextMenu.js';
import type { ClipboardActions } from './use-clipboard.js';
import { columnToLetters, type Rect } from './address.js';

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
    { id: 'paste-values', label: 'Paste values only', run: () => void clipboard.pasteValues() },
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
    ...rowHeightItem(session, rect),
    ...structureItems(session, sheet, rect, session.selection.get().label),
  ];
  return (
    <ContextMenu x={request.x} y={request.y} items={items} onClose={onClose} label="Cell actions" />
  );
}

/** Row height…, except for whole columns (a column letter's menu acts on columns only). */
function rowHeightItem(session: Session, rect: Rect): MenuItem[] {
  const label = session.selection.get().label;
  if (label !== undefined && /^[A-Z]+:[A-Z]+$/.test(label)) return [];
  return [
    {
      id: 'row-height',
      label: rect.height === 1 ? `Row ${rect.row + 1} height…` : 'Row height…',
      run: () =>
        session.layouts.dialog.set({
          kind: 'row-height',
          first: rect.row,
          last: Math.min(rect.row + rect.height - 1, rect.row + 99_999),
        }),
    },
  ];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Insert above/below (left/right) as many rows (columns) as are selected, or delete them. A whole
 * column selected (`C:C`) offers only column actions, a whole row only row actions.
 */
function structureItems(
  session: Session,
  sheet: string,
  rect: Rect,
  label: string | undefined,
): MenuItem[] {
  const wholeColumns = label !== undefined && /^[A-Z]+:[A-Z]+$/.test(label);
  const wholeRows = label !== undefined && /^\d+:\d+$/.test(label);
  const change =
    (axis: 'row' | 'col', kind: 'insert' | 'delete', at: number, count: number) => () =>
      void session.changeStructure(sheet, axis, kind, at, count);
  const rows = `${rect.row + 1}${rect.height > 1 ? `–${rect.row + rect.height}` : ''}`;
  const first = columnToLetters(rect.col);
  const columns = rect.width > 1 ? `${first}–${columnToLetters(rect.col + rect.width - 1)}` : first;
  const rowItems: MenuItem[] = [
    {
      id: 'insert-rows-above',
      label: `Insert ${plural(rect.height, 'row')} above`,
      run: change('row', 'insert', rect.row, rect.height),
    },
    {
      id: 'insert-rows-below',
      label: `Insert ${plural(rect.height, 'row')} below`,
      run: change('row', 'insert', rect.row + rect.height, rect.height),
    },
    {
      id: 'delete-rows',
      label: `Delete ${rect.height === 1 ? 'row' : 'rows'} ${rows}`,
      run: change('row', 'delete', rect.row, rect.height),
    },
  ];
  const columnItems: MenuItem[] = [
    {
      id: 'insert-columns-left',
      label: `Insert ${plural(rect.width, 'column')} left`,
      run: change('col', 'insert', rect.col, rect.width),
    },
    {
      id: 'insert-columns-right',
      label: `Insert ${plural(rect.width, 'column')} right`,
      run: change('col', 'insert', rect.col + rect.width, rect.width),
    },
    {
      id: 'delete-columns',
      label: `Delete ${rect.width === 1 ? 'column' : 'columns'} ${columns}`,
      run: change('col', 'delete', rect.col, rect.width),
    },
  ];
  return [...(wholeColumns ? [] : rowItems), ...(wholeRows ? [] : columnItems)];
}
