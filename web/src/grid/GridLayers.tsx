// Small layers of the grid view: the cell editor (and its formula's live result) following the
// viewport, and the live region that announces the active cell (docs/ui-rules.md A11Y-01).
import { useObservable, type Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { formatCell, formatRect } from './address.js';
import { CellEditor } from './CellEditor.js';
import { CellFormulaResult } from './FormulaResult.js';
import type { EditController } from './editing.js';
import type { ColumnLayout, Viewport } from './geometry.js';

export function CellEditorLayer(props: {
  session: Session;
  editor: EditController;
  layout: ColumnLayout;
  viewport: Observable<Viewport>;
}) {
  const view = useObservable(props.viewport);
  return (
    <>
      <CellEditor
        session={props.session}
        editor={props.editor}
        layout={props.layout}
        viewport={view}
      />
      <CellFormulaResult session={props.session} layout={props.layout} viewport={view} />
    </>
  );
}

/** Announces the active cell and its value to screen readers (docs/ui-rules.md A11Y-01). */
export function LiveRegion({ session }: { session: Session }) {
  const selection = useObservable(session.selection);
  useObservable(session.dataTick);
  const cell = session.cell(selection.cursor.col, selection.cursor.row);
  const value = cell === undefined || cell === null ? '' : (cell.error ?? String(cell.value ?? ''));
  const label =
    selection.rect.width * selection.rect.height > 1
      ? formatRect(selection.rect)
      : formatCell(selection.cursor);
  return (
    <div aria-live="polite" className="visually-hidden" data-testid="live-region">
      {value === '' ? label : `${label}, ${value}`}
    </div>
  );
}
