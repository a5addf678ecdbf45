// The live result of a formula typed in a cell (docs/ui-rules.md EDIT-12), just under the cell
// editor; an edit in the formula bar shows it under the bar (FormulaBar.tsx). Nothing is written.
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { LINE_HEIGHT } from './CellEditor.js';
import { cellBox, type ColumnLayout, type Viewport } from './geometry.js';
import type { PreviewShown } from './formula-preview.js';
import { useFormulaPreview } from './use-formula-preview.js';

interface Props {
  readonly session: Session;
  readonly layout: ColumnLayout;
  readonly viewport: Viewport;
}

export function CellFormulaResult({ session, layout, viewport }: Props) {
  const state = useObservable(session.editing);
  const visible = state !== null && state.origin === 'cell' && state.sheet === session.activeSheet;
  const result = useFormulaPreview(session, visible);
  if (!visible || result === undefined) return null;
  const box = cellBox(layout, viewport, state.cell.col, state.cell.row);
  // Below the editor, which grows a line with each line break (CellEditor.tsx).
  const editorHeight = box.height + 1 + (state.text.split('\n').length - 1) * LINE_HEIGHT;
  return (
    <FormulaResult shown={result} style={{ left: box.left - 1, top: box.top + editorHeight + 1 }} />
  );
}

export function FormulaResult({
  shown,
  className = '',
  style,
}: {
  shown: PreviewShown;
  className?: string;
  style?: { left: number; top: number };
}) {
  return (
    <output
      data-testid="formula-result"
      data-stale={shown.stale}
      className={`formula-result ${className}`.trim()}
      aria-label="Result of this formula"
      aria-busy={shown.stale}
      style={style}
    >
      {shown.text}
    </output>
  );
}
