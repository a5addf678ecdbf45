// Frozen rows (View → Freeze, issue 20): Glide freezes columns but not rows, so once the sheet
// is scrolled down the frozen rows are drawn here, over the top of the scrolled rows, as Excel
// shows its top pane (docs/ui-rules.md FRZ-02). The band reads its own cells (the cell cache
// holds only the scrolled window) and clicking a cell in it selects that cell.
import { useEffect, useState, type CSSProperties } from 'react';
import { useObservable, type Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { GridCellJson } from '../api/types.js';
import { formatCell, formatRect, tryParseCell } from './address.js';
import type { CellDisplay } from './cell-format.js';
import {
  cellBox,
  firstScrolledColumn,
  frozenBandShown,
  type ColumnLayout,
  type Viewport,
} from './geometry.js';
import { displayIn } from './grid-cells.js';
import { HEADER_HEIGHT } from './grid-theme.js';

interface Props {
  readonly session: Session;
  readonly layout: ColumnLayout;
  readonly viewport: Observable<Viewport>;
}

/** A frozen cell's format as inline style (a header row is usually bold, often filled). */
function bandStyle(format: CellDisplay['format']): CSSProperties {
  if (format === undefined) return {};
  const lines = [
    format.underline === true ? 'underline' : '',
    format.strikethrough === true ? 'line-through' : '',
  ].join(' ');
  return {
    ...(format.bold === true ? { fontWeight: 700 } : {}),
    ...(format.italic === true ? { fontStyle: 'italic' } : {}),
    ...(lines.trim() === '' ? {} : { textDecoration: lines.trim() }),
    ...(format.color === undefined ? {} : { color: format.color }),
    ...(format.fill === undefined ? {} : { background: format.fill }),
  };
}

export function FrozenRowsBand({ session, layout, viewport }: Props) {
  const view = useObservable(viewport);
  const sheet = useObservable(session.workbook)?.active ?? '';
  const [commits, setCommits] = useState(0);
  const [cells, setCells] = useState<ReadonlyMap<string, GridCellJson>>(new Map());
  const shown = frozenBandShown(layout, view);
  const firstCol = firstScrolledColumn(layout, view);
  const lastCol = firstCol + view.width + 1;
  const rows = layout.frozenRows;

  useEffect(() => session.onActiveCellsChange(() => setCommits((count) => count + 1)), [session]);

  useEffect(() => {
    if (!shown || sheet === '') return;
    const controller = new AbortController();
    const range = formatRect({ col: 0, row: 0, width: lastCol + 1, height: rows });
    session.grid
      .read(sheet, range, controller.signal)
      .then((response) => setCells(new Map(response.cells.map((cell) => [cell.cell, cell]))))
      .catch(() => undefined);
    return () => controller.abort();
  }, [session, sheet, shown, rows, lastCol, commits]);

  if (!shown) return null;
  const columns: number[] = [];
  for (let col = 0; col < layout.frozenColumns; col += 1) columns.push(col);
  for (let col = firstCol; col <= lastCol; col += 1) columns.push(col);
  const height = layout.rows.offset(rows);
  const elements = [];
  for (let row = 0; row < rows; row += 1) {
    const top = cellBox(layout, view, 0, row).top;
    elements.push(
      <div
        key={`h${row}`}
        className="frozen-band-header"
        style={{ top: top - HEADER_HEIGHT, height: layout.rows.height(row) }}
      >
        {row + 1}
      </div>,
    );
    for (const col of columns) {
      const box = cellBox(layout, view, col, row);
      const address = formatCell({ col, row });
      const cell = cells.get(address);
      const display = displayIn(cell === undefined ? null : { ...cell }, layout.width(col));
      elements.push(
        <div
          key={address}
          className="frozen-band-cell"
          data-testid={`frozen-${address}`}
          style={{
            left: box.left,
            top: box.top - HEADER_HEIGHT,
            width: box.width,
            height: box.height,
            textAlign: display.align,
            ...bandStyle(display.format),
          }}
          onMouseDown={(event) => {
            event.preventDefault();
            const target = tryParseCell(address);
            if (target !== undefined) session.goTo({ ...target, width: 1, height: 1 });
          }}
        >
          {display.text}
        </div>,
      );
    }
  }
  return (
    <div
      className="frozen-band"
      data-testid="frozen-band"
      data-rows={rows}
      style={{ top: HEADER_HEIGHT, height, left: 0 }}
    >
      {elements}
    </div>
  );
}
