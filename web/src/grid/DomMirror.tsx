// A DOM copy of the visible part of the canvas grid: one element per rendered cell at the
// cell's exact position, with its displayed text and data-* flags, plus the visible row and
// column headers. Screen readers read it (role=grid); browser tests drive it through stable
// data-testid hooks (docs/ui-testing.md). It is transparent and lets clicks through.
import { memo, useDeferredValue, useMemo } from 'react';
import { useObservable, type Observable } from '../app/observable.js';
import type { PreviewOverlay, Session } from '../app/session.js';
import { columnToLetters, formatCell } from './address.js';
import { alignmentOf, displayValue, explainSentinel } from './cell-format.js';
import {
  cellBox,
  firstScrolledColumn,
  frozenBandShown,
  type ColumnLayout,
  type Viewport,
} from './geometry.js';
import { displayIn, numberCharsFor } from './grid-cells.js';
import { HEADER_HEIGHT, ROW_MARKER_WIDTH } from './grid-theme.js';

interface Props {
  readonly session: Session;
  readonly layout: ColumnLayout;
  readonly viewport: Observable<Viewport>;
  readonly rows: number;
  readonly cols: number;
}

function MirrorCell(props: {
  session: Session;
  sheet: string;
  col: number;
  row: number;
  layout: ColumnLayout;
  viewport: Viewport;
  preview: PreviewOverlay | null;
}) {
  const { session, sheet, col, row, layout, viewport, preview } = props;
  const address = formatCell({ col, row });
  const box = cellBox(layout, viewport, col, row);
  const cached = session.store.cell(sheet, col, row);
  const proposed = preview?.sheet === sheet ? preview.cells.get(address) : undefined;
  // Numbers fitted to the column exactly as the canvas draws them.
  const chars = numberCharsFor(layout.width(col));
  const display = cached === undefined ? undefined : displayIn(cached, layout.width(col));
  const text = proposed !== undefined ? displayValue(proposed.value, chars) : (display?.text ?? '');
  // Aligned like the canvas text, so the mirror's text sits over what is drawn.
  const align = proposed !== undefined ? alignmentOf(proposed.value) : (display?.align ?? 'left');
  const locked = display?.locked === true;
  return (
    <div
      role="gridcell"
      aria-colindex={col + 1}
      data-testid={`cell-${address}`}
      data-cell={address}
      data-loading={cached === undefined ? 'true' : undefined}
      data-error={display?.error ?? undefined}
      data-locked={locked ? 'true' : undefined}
      data-formula={cached?.formula ?? undefined}
      data-input={cached?.input ?? undefined}
      data-spilled-from={cached?.spilled_from ?? undefined}
      data-preview={proposed !== undefined ? 'true' : undefined}
      data-overwrite={proposed?.overwrites === true ? 'true' : undefined}
      data-flash={session.isFlashing(sheet, col, row) ? 'true' : undefined}
      title={display?.error != null ? explainSentinel(display.error) : undefined}
      className="mirror-cell"
      style={{
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
        textAlign: align,
      }}
    >
      {text}
      {/* The canvas draws the padlock; this names it for screen readers and tests. It has no text, so the cell's text stays its value. */}
      {locked && <span role="img" aria-label="locked" data-testid="lock-icon" />}
    </div>
  );
}

function MirrorBody({ session, layout, viewport, rows, cols }: Props) {
  // Deferred: while scrolling, the canvas paints first and the mirror catches up in idle
  // time (an interruptible render), so it never costs a frame.
  const view = useDeferredValue(useObservable(viewport));
  const tick = useDeferredValue(useObservable(session.dataTick));
  const preview = useObservable(session.preview);
  const sheet = useObservable(session.workbook)?.active ?? '';
  return useMemo(
    () => renderMirror(session, layout, view, rows, cols, preview, sheet),
    // `tick` is not read: a new one means the cells changed, so the mirror is drawn again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session, layout, view, rows, cols, preview, sheet, tick],
  );
}

function renderMirror(
  session: Session,
  layout: ColumnLayout,
  view: Viewport,
  rows: number,
  cols: number,
  preview: PreviewOverlay | null,
  sheet: string,
) {
  const lastRow = Math.min(rows - 1, view.row + view.height);
  const firstCol = firstScrolledColumn(layout, view);
  const lastCol = Math.min(cols - 1, firstCol + view.width);
  // Frozen columns, then the scrolled ones; frozen rows (drawn over the top once scrolled),
  // then the scrolled rows not under them; rows the filter hides (0 px) are not there at all.
  const columns: number[] = [];
  for (let col = 0; col < Math.min(layout.frozenColumns, cols); col += 1) columns.push(col);
  for (let col = firstCol; col <= lastCol; col += 1) columns.push(col);
  const band = frozenBandShown(layout, view);
  const bandBottom = band ? layout.rows.offset(layout.frozenRows) : 0;
  const rowList: number[] = [];
  if (band) for (let row = 0; row < layout.frozenRows; row += 1) rowList.push(row);
  for (let row = view.row; row <= lastRow; row += 1) {
    if (band && row < layout.frozenRows) continue;
    if (layout.rows.height(row) === 0) continue;
    if (band && layout.rows.offset(row) - layout.rows.offset(view.row) < bandBottom) continue;
    rowList.push(row);
  }
  const rowElements = [];
  for (const row of rowList) {
    if (layout.rows.height(row) === 0) continue;
    const cells = [];
    for (const col of columns) {
      cells.push(
        <MirrorCell
          key={col}
          session={session}
          sheet={sheet}
          col={col}
          row={row}
          layout={layout}
          viewport={view}
          preview={preview}
        />,
      );
    }
    rowElements.push(
      <div role="row" aria-rowindex={row + 2} key={row}>
        <div
          role="rowheader"
          data-testid={`row-header-${row + 1}`}
          className="mirror-cell"
          style={{
            left: 0,
            top: cellBox(layout, view, 0, row).top,
            width: ROW_MARKER_WIDTH,
            height: layout.rows.height(row),
          }}
        >
          {row + 1}
        </div>
        {cells}
      </div>,
    );
  }
  const headers = [];
  for (const col of columns) {
    const box = cellBox(layout, view, col, view.row);
    headers.push(
      <div
        role="columnheader"
        key={col}
        aria-colindex={col + 1}
        data-testid={`col-header-${columnToLetters(col)}`}
        className="mirror-cell"
        style={{ left: box.left, top: 0, width: box.width, height: HEADER_HEIGHT }}
      >
        {columnToLetters(col)}
      </div>,
    );
  }
  return (
    <div
      data-testid="grid"
      data-sheet={sheet}
      data-first-row={view.row + 1}
      data-first-col={columnToLetters(view.col)}
      role="grid"
      aria-label={`Sheet ${sheet}`}
      aria-rowcount={rows + 1}
      aria-colcount={cols}
      aria-readonly="false"
      className="dom-mirror"
    >
      <div role="row" aria-rowindex={1}>
        {headers}
      </div>
      {rowElements}
    </div>
  );
}

export const DomMirror = memo(MirrorBody);
