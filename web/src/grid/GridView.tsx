// The spreadsheet grid: Glide Data Grid draws the visible cells on a canvas from the block
// cache; DOM layers on top of it hold the cell editor, the DOM mirror (tests, screen
// readers), chart overlays, tooltips and the context menu. Only the visible window is read
// from the server (docs/ui-rules.md PERF-06, PERF-08).
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from 'react';
import {
  DataEditor,
  type CellClickedEventArgs,
  type DataEditorRef,
  type DrawCellCallback,
  type FillPatternEventArgs,
  type GridCell,
  type GridSelection,
  type Highlight,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import { Observable, useObservable, useObservableSlice } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { formatCell, MAX_ROWS, rectContains, type CellRef, type Rect } from './address.js';
import { canvasCell, displayIn, drawPadlock, LOADING_CELL, previewCell } from './grid-cells.js';
import {
  drawDecorations,
  drawTextRun,
  isBlank,
  overflows,
  runningText,
  textRunningInto,
} from './cell-drawing.js';
import { editableInput } from './cell-format.js';
import { cellBox, ColumnLayout, RowLayout, type Viewport } from './geometry.js';
import { DomMirror } from './DomMirror.js';
import type { EditController } from './editing.js';
import { fromGlide, toGlide, wholeLines } from './glide-selection.js';
import { CellEditorLayer, LiveRegion } from './GridLayers.js';
import { useFollowSelection } from './use-follow-selection.js';
import { useInsertedText } from './use-inserted-text.js';
import { handleGridKey } from './grid-keys.js';
import { glideColumns, widthsFrom } from './columns.js';
import { FrozenRowsBand } from './FrozenRowsBand.js';
import { FilterButtons } from './FilterButtons.js';
import { FILTER_BUTTON_INSET, isFilterHeader } from './filter-header.js';
import {
  FLASH_TINT,
  GRID_COLUMNS,
  gridTheme,
  HEADER_HEIGHT,
  MIN_COLUMN_WIDTH,
  MIN_GRID_ROWS,
  ROW_HEIGHT,
  ROW_MARKER_WIDTH,
} from './grid-theme.js';
import { useClipboard } from './use-clipboard.js';
import { fillDrag, fillToAdjacentData } from './fill-drag.js';
import { formulaReferences, referenceHighlights } from './reference-colors.js';
import { CellContextMenu, type MenuRequest } from './CellContextMenu.js';
import { ErrorTooltip, type TooltipState } from './ErrorTooltip.js';
import { PeerSelectionsLayer } from './PeerSelectionsLayer.js';

export interface GridGeometry {
  readonly layout: ColumnLayout;
  readonly viewport: Observable<Viewport>;
  readonly sheet: string;
}

interface Props {
  readonly session: Session;
  readonly editor: EditController;
  readonly onInsertChart: () => void;
  /** Layers drawn above the cells (charts), given the grid's geometry. */
  readonly overlays?: (geometry: GridGeometry) => ReactNode;
}

/** How near the selection's bottom-right corner (px) a double-click is one on the fill handle. */
const FILL_HANDLE_REACH = 5;

/** Two left clicks on one cell within this time open its editor, as Glide's own window. */
const DOUBLE_CLICK_MS = 500;

const KEYBINDINGS = {
  copy: false,
  cut: false,
  paste: false,
  downFill: false,
  rightFill: false,
  clear: false,
  delete: false,
  activateCell: false,
  search: false,
} as const;

/** What Glide gives a right-click on a cell or a header: the item's bounds and the offset in it. */
interface GridContextMenuEvent {
  preventDefault: () => void;
  bounds: Rectangle;
  localEventX: number;
  localEventY: number;
}

/** Where the context menu opens: the clicked point, in the page's coordinates. */
function menuPointOf(event: GridContextMenuEvent): MenuRequest {
  return { x: event.bounds.x + event.localEventX, y: event.bounds.y + event.localEventY };
}

/**
 * Confines what is drawn next in a filter header cell to the room left of its ▾ button: clipped
 * there, and right-aligned (centred) content moved left by the button's room (half of it), so a
 * numeric header such as 2024 stays readable beside the button.
 */
function keepClearOfFilterButton(
  ctx: CanvasRenderingContext2D,
  rect: Rectangle,
  cell: GridCell,
): void {
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width - FILTER_BUTTON_INSET, rect.height);
  ctx.clip();
  const align = 'contentAlign' in cell ? cell.contentAlign : undefined;
  if (align === 'right') ctx.translate(-FILTER_BUTTON_INSET, 0);
  else if (align === 'center') ctx.translate(-FILTER_BUTTON_INSET / 2, 0);
}

/**
 * How far a page key moves: the rows PageDown moves (Glide's own: the rows on screen less 4 for
 * the partly shown ones and some overlap), and the columns on screen less the partly shown one.
 */
function screenOf(view: Viewport): { rows: number; cols: number } {
  return { rows: Math.max(1, view.height - 4), cols: Math.max(1, view.width - 1) };
}

function rowCount(bounds: { lastRow: number } | null | undefined): number {
  const needed = bounds === null || bounds === undefined ? 0 : bounds.lastRow + 1000;
  return Math.min(MAX_ROWS, Math.max(MIN_GRID_ROWS, needed));
}

/** Frames a page just opened tries to give the grid the focus (about a second). */
const OPEN_FOCUS_FRAMES = 60;

export function GridView({ session, editor, onInsertChart, overlays }: Props) {
  // Slices, not whole observables: every re-render of this component redraws Glide's grid.
  const sheet = useObservableSlice(session.workbook, (workbook) => workbook?.active ?? '');
  const workbookName = useObservableSlice(session.workbook, (workbook) => workbook?.name ?? '');
  const gridRef = useRef<DataEditorRef>(null);
  const container = useRef<HTMLDivElement>(null);
  const viewport = useMemo(
    () => new Observable<Viewport>({ col: 0, row: 0, width: 12, height: 30 }),
    [],
  );
  const savedViewports = useRef(new Map<string, Viewport>());
  const [rows, setRows] = useState(MIN_GRID_ROWS);
  const sheetLayout = useObservable(session.layouts.current);
  const stored = sheetLayout?.sheet === sheet ? sheetLayout : undefined;
  const [widths, setWidths] = useState(() => widthsFrom(stored?.widths));
  // A border drag under way (Glide's resize start to end) and whether the mouse moved; the last
  // one ended, and when.
  const columnDrag = useRef<{ moved: boolean; at: number } | null>(null);
  const endedDrag = useRef<{ moved: boolean; at: number } | null>(null);
  const rowLayout = useMemo(() => new RowLayout(stored?.heights), [stored]);
  const frozenRows = stored?.frozenRows ?? 0;
  const frozenColumns = stored?.frozenColumns ?? 0;
  const filter = stored?.filter;
  const layout = useMemo(
    () => new ColumnLayout(widths, rowLayout, frozenRows, frozenColumns),
    [widths, rowLayout, frozenRows, frozenColumns],
  );
  const hiddenRowsRef = useRef<ReadonlySet<number>>(new Set());
  hiddenRowsRef.current = stored?.hidden ?? new Set();
  const rowHeight = useMemo(
    () => (rowLayout.isUniform ? ROW_HEIGHT : (row: number) => rowLayout.height(row)),
    [rowLayout],
  );
  const columns = useMemo(() => glideColumns(widths), [widths]);
  const preview = useObservable(session.preview);
  // Only the references of the formula being typed matter here, not every keystroke.
  const editedReferences = useObservableSlice(session.editing, (state) =>
    state === null || state.sheet !== sheet ? '' : formulaReferences(state.text).join(' '),
  );
  const [gridSelection, setGridSelection] = useState<GridSelection>(() =>
    toGlide(session.selection.get().rect, session.selection.get().cursor),
  );
  const currentCell = useRef(gridSelection.current?.cell);
  currentCell.current = gridSelection.current?.cell;
  // The cell Glide last reported itself: Glide does not scroll to an outside selection of it.
  const glideReported = useRef(gridSelection.current?.cell);
  const [menu, setMenu] = useState<MenuRequest | undefined>();
  const [tooltip, setTooltip] = useState<TooltipState | undefined>();
  const limits = useRef({ rows, cols: GRID_COLUMNS });
  limits.current = { rows, cols: GRID_COLUMNS };

  useEffect(() => {
    setWidths(widthsFrom(stored?.widths));
  }, [workbookName, sheet, stored]);

  // Repaint exactly the cells that changed in the cache, and grow the grid with the data.
  useEffect(() => {
    const onCells = (changedSheet: string, rect: Rect) => {
      if (changedSheet !== sheet) return;
      setRows(rowCount(session.store.bounds(sheet)));
      const view = viewport.get();
      const damaged: { cell: Item }[] = [];
      const lastRow = Math.min(rect.row + rect.height, view.row + view.height + 1);
      // Text may run on over the empty cells to its right: a change repaints the rest of its rows.
      const lastCol = view.col + view.width + 1;
      for (let row = Math.max(rect.row, view.row); row < lastRow; row += 1) {
        for (let col = Math.max(rect.col, view.col); col < lastCol; col += 1)
          damaged.push({ cell: [col, row] });
      }
      if (damaged.length > 0) gridRef.current?.updateCells(damaged);
    };
    session.cellListeners.add(onCells);
    return () => {
      session.cellListeners.delete(onCells);
    };
  }, [session, sheet, viewport]);

  // A page just opened takes typing at its selected cell, as Excel does, while nothing else has
  // the focus (the assistant's box, say, after a prompt from the landing page). Glide's canvas
  // appears only once the grid has been measured, some frames after it mounts: try each frame
  // for up to a second.
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (focusedOnOpen.current || sheet === '') return;
    focusedOnOpen.current = true;
    let frame = 0;
    let tries = 0;
    const tryFocus = () => {
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      gridRef.current?.focus();
      tries += 1;
      if (tries < OPEN_FOCUS_FRAMES) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [sheet]);

  // A sheet switch: read its cells for the current window and restore its scroll position.
  const previousSheet = useRef(sheet);
  useEffect(() => {
    const before = previousSheet.current;
    previousSheet.current = sheet;
    if (before !== sheet && before !== '') savedViewports.current.set(before, viewport.get());
    setRows(rowCount(session.store.bounds(sheet)));
    const saved = savedViewports.current.get(sheet) ?? { ...viewport.get(), col: 0, row: 0 };
    if (before !== sheet) {
      // Absolute pixels, not Glide's relative scrollTo: Glide may have scrolled to the restored
      // selection in this same frame, and a relative scroll computed before that would overshoot.
      const scroller = container.current?.querySelector<HTMLElement>('.dvn-scroller');
      scroller?.scrollTo(layout.offset(saved.col), layout.rows.offset(saved.row));
    }
    const view = viewport.get();
    session.store.want(
      sheet,
      { col: view.col, row: view.row, width: view.width + 1, height: view.height + 1 },
      view.height,
    );
  }, [session, sheet, viewport]); // eslint-disable-line react-hooks/exhaustive-deps

  useFollowSelection(session, gridRef, setGridSelection, currentCell, glideReported);

  const moveTo = useCallback(
    (cell: CellRef) => {
      session.goTo({ ...cell, width: 1, height: 1 });
      gridRef.current?.focus();
    },
    [session],
  );

  const moveToRef = useRef(moveTo);
  moveToRef.current = moveTo;

  const clipboard = useClipboard(session, container);
  useInsertedText(container, session, editor);

  const getCellContent = useCallback(
    ([col, row]: Item): GridCell => {
      if (preview !== null && preview.sheet === sheet) {
        const proposed = preview.cells.get(formatCell({ col, row }));
        if (proposed !== undefined)
          return previewCell(proposed.value, proposed.overwrites, layout.width(col));
      }
      const cached = session.store.cell(sheet, col, row);
      if (cached === undefined) return LOADING_CELL;
      // A filter header's number is fitted to the room left of its ▾ button.
      const room = isFilterHeader(filter, col, row) ? FILTER_BUTTON_INSET : 0;
      return canvasCell(
        cached,
        layout.width(col) - room,
        cached === null ? session.store.formatAt(sheet, col, row) : undefined,
      );
    },
    [session, sheet, preview, layout, filter],
  );

  const drawCell: DrawCellCallback = useCallback(
    (args, drawContent) => {
      const { ctx, rect, col, row, theme } = args;
      const cached = session.store.cell(sheet, col, row);
      const proposed =
        preview !== null && preview.sheet === sheet && preview.cells.has(formatCell({ col, row }));
      // Glide tracks the font it set per column: every font change here is undone.
      ctx.save();
      if (isFilterHeader(filter, col, row)) keepClearOfFilterButton(ctx, rect, args.cell);
      const own = proposed ? undefined : runningText(cached);
      if (own !== undefined && cached && overflows(ctx, own, cached.format, rect.width)) {
        drawTextRun(ctx, { text: own, format: cached.format, x: rect.x }, rect, theme.textDark);
      } else {
        drawContent();
        if (!proposed && cached?.format !== undefined) {
          const display = displayIn(cached, rect.width);
          drawDecorations(ctx, display.text, cached.format, display.align, rect, theme.textDark);
        }
      }
      if (!proposed && isBlank(cached)) {
        const lookup = {
          cell: (atCol: number, atRow: number) => session.store.cell(sheet, atCol, atRow),
          width: (atCol: number) => layout.width(atCol),
        };
        const run = textRunningInto(ctx, lookup, col, row, rect.x);
        if (run !== undefined) drawTextRun(ctx, run, rect, theme.textDark);
      }
      ctx.restore();
      if (cached?.locked === true) drawPadlock(ctx, rect);
      // Another client just changed it (RT-01): a brief tint over the cell.
      if (session.isFlashing(sheet, col, row)) {
        ctx.fillStyle = FLASH_TINT;
        ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      }
    },
    [session, sheet, layout, preview, filter],
  );

  const onVisibleRegionChanged = useCallback(
    (range: Rectangle) => {
      const next = { col: range.x, row: range.y, width: range.width, height: range.height };
      viewport.set(next);
      session.store.want(
        sheet,
        { col: next.col, row: next.row, width: next.width + 1, height: next.height + 1 },
        next.height,
      );
      setMenu(undefined);
      setTooltip(undefined);
    },
    [session, sheet, viewport],
  );

  const onGridSelectionChange = useCallback(
    (next: GridSelection) => {
      glideReported.current = next.current?.cell;
      if (editor.pointing && next.current !== undefined) {
        setGridSelection(next);
        const range = next.current.range;
        editor.point({ col: range.x, row: range.y, width: range.width, height: range.height });
        return;
      }
      const view = viewport.get();
      const page = fromGlide(next, limits.current.rows, GRID_COLUMNS, view.row, view.col);
      // A row the filter hides (0 px) is stepped over, as Excel's arrow keys do.
      const hidden = hiddenRowsRef.current;
      if (
        page !== undefined &&
        hidden.size > 0 &&
        hidden.has(page.cursor.row) &&
        page.rect.width === 1 &&
        page.rect.height === 1
      ) {
        const from = session.selection.get().cursor.row;
        const step = page.cursor.row < from ? -1 : 1;
        let row = page.cursor.row;
        while (hidden.has(row) && row + step >= 0) row += step;
        if (hidden.has(row)) row = from;
        moveToRef.current({ col: page.cursor.col, row });
        return;
      }
      setGridSelection(next);
      if (page !== undefined) session.select(page);
    },
    [editor, session, viewport],
  );

  const onFillPattern = useCallback(
    (event: FillPatternEventArgs) => {
      event.preventDefault();
      void fillDrag(session, event.patternSource, event.fillDestination);
    },
    [session],
  );

  /** Select whole rows or columns as a click on their header does (the menu then offers their actions). */
  const selectLines = useCallback(
    (next: GridSelection) => {
      setGridSelection(next);
      const view = viewport.get();
      const page = fromGlide(next, limits.current.rows, GRID_COLUMNS, view.row, view.col);
      if (page !== undefined) session.select(page);
    },
    [session, viewport],
  );

  const onCellContextMenu = useCallback(
    ([col, row]: Item, event: GridContextMenuEvent) => {
      event.preventDefault();
      const current = session.selection.get();
      const wholeRows = current.rect.col === 0 && current.rect.width >= GRID_COLUMNS;
      // Column -1 is the row number: right-clicking it acts on that row, as in Excel and Sheets
      // (it selected column -1, and the menu offered to delete "column " and insert columns).
      const at = menuPointOf(event);
      if (col < 0) {
        // Glide selects the row's first cell right after this callback returns: select the row
        // once it has (a microtask), and open the menu for it then.
        queueMicrotask(() => {
          if (!wholeRows || !rectContains(current.rect, { col: 0, row }))
            selectLines(wholeLines('row', row, row));
          setMenu(at);
        });
        return;
      }
      if (!rectContains(current.rect, { col, row })) moveTo({ col, row });
      setMenu(at);
    },
    [session, moveTo, selectLines],
  );

  // A right-click on a column header opens the menu for that column (it opened nothing).
  const onHeaderContextMenu = useCallback(
    (col: number, event: GridContextMenuEvent) => {
      event.preventDefault();
      if (col < 0) return;
      const current = session.selection.get();
      const wholeColumns = current.rect.row === 0 && current.rect.height >= limits.current.rows;
      if (!wholeColumns || !rectContains(current.rect, { col, row: 0 }))
        selectLines(wholeLines('col', col, col));
      setMenu(menuPointOf(event));
    },
    [session, selectLines],
  );

  const highlights = useMemo<Highlight[]>(() => {
    const regions: Highlight[] = [];
    if (clipboard.marquee !== undefined && clipboard.marquee.sheet === sheet) {
      const rect = clipboard.marquee.rect;
      regions.push({
        color: 'rgba(26, 115, 232, 0.06)',
        range: { x: rect.col, y: rect.row, width: rect.width, height: rect.height },
        style: 'dashed',
      });
    }
    if (editedReferences !== '')
      regions.push(...referenceHighlights(`=${editedReferences.split(' ').join('+')}`));
    return regions;
  }, [clipboard.marquee, editedReferences, sheet]);

  // A double-click on the fill handle (the selection's bottom-right corner) fills down as far as
  // the data beside it, as Excel does; it opened the corner cell's editor instead.
  const onDoubleClickCapture = (event: ReactMouseEvent) => {
    const rect = session.selection.get().rect;
    const corner = { col: rect.col + rect.width - 1, row: rect.row + rect.height - 1 };
    const box = cellBox(layout, viewport.get(), corner.col, corner.row);
    const origin = container.current?.getBoundingClientRect();
    if (origin === undefined || session.editing.get() !== null) return;
    const x = event.clientX - origin.left - (box.left + box.width);
    const y = event.clientY - origin.top - (box.top + box.height);
    if (Math.abs(x) > FILL_HANDLE_REACH || Math.abs(y) > FILL_HANDLE_REACH) return;
    event.stopPropagation();
    event.preventDefault();
    leftClicks.current = [];
    void fillToAdjacentData(session, rect, limits.current);
  };

  const onMouseDownCapture = () => {
    // A click while a formula waits for an operand inserts a reference (point mode).
    const state = session.editing.get();
    if (state !== null && state.origin === 'cell' && editor.canPoint()) editor.pointing = true;
  };

  // Glide counts any mouse-up in the last 500 ms as the first half of a double-click (a
  // right-click, or a click in the AI input, then one click on the selected cell opened the
  // editor). The editor opens only for two left clicks on this cell within that time.
  const leftClicks = useRef<{ col: number; row: number; at: number }[]>([]);
  // A click anywhere else in between (a button, the find bar) ends the pair: clicking a cell,
  // then a toolbar button, then the cell again within 500 ms is no double-click.
  useEffect(() => {
    const forgetOnClickElsewhere = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !container.current?.contains(event.target))
        leftClicks.current = [];
    };
    window.addEventListener('mousedown', forgetOnClickElsewhere, true);
    return () => window.removeEventListener('mousedown', forgetOnClickElsewhere, true);
  }, []);
  const isDoubleLeftClick = (col: number, row: number): boolean => {
    const [first, second] = leftClicks.current.slice(-2);
    return (
      first !== undefined &&
      second !== undefined &&
      [first, second].every((click) => click.col === col && click.row === row) &&
      second.at - first.at <= DOUBLE_CLICK_MS
    );
  };

  // Glide leaves a range (or Ctrl+A's whole sheet) selected when its active cell is clicked:
  // the click selects that cell alone, as in Excel, or Delete then cleared the whole range the
  // user had clicked away from.
  const clicksActiveCellOfRange = (cell: Item, event: CellClickedEventArgs): boolean => {
    if (event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey) return false;
    if (session.editing.get() !== null) return false;
    const { rect, cursor } = session.selection.get();
    return rect.width * rect.height > 1 && cursor.col === cell[0] && cursor.row === cell[1];
  };

  // Glide focuses the canvas only when a click changes the selection: a drag that starts on
  // the selected cell (A1 → B2 on a fresh page) selected the range but left the keys going
  // nowhere (Ctrl+C, Delete and typing did nothing). Any left mouse-up on the grid takes it.
  const onMouseUpCapture = (event: ReactMouseEvent) => {
    if (event.button !== 0 || session.editing.get() !== null) return;
    if (!container.current?.contains(document.activeElement)) gridRef.current?.focus();
  };

  const onCellClicked = (cell: Item, event: CellClickedEventArgs) => {
    if (event.button === 0) {
      leftClicks.current = [
        ...leftClicks.current.slice(-1),
        { col: cell[0], row: cell[1], at: performance.now() },
      ];
    }
    if (clicksActiveCellOfRange(cell, event)) moveTo({ col: cell[0], row: cell[1] });
    // Glide focuses the canvas only when a click changes the selection, so clicking the cell
    // that is already selected (A1 on a fresh page) would leave typing going nowhere.
    if (
      event.button === 0 &&
      session.editing.get() === null &&
      !container.current?.contains(document.activeElement)
    )
      gridRef.current?.focus();
  };

  const geometry: GridGeometry = useMemo(
    () => ({ layout, viewport, sheet }),
    [layout, viewport, sheet],
  );

  return (
    <div
      className="grid-area"
      ref={container}
      onMouseDownCapture={onMouseDownCapture}
      onDoubleClickCapture={onDoubleClickCapture}
      onMouseUpCapture={onMouseUpCapture}
      data-testid="grid-area"
    >
      <DataEditor
        ref={gridRef}
        width="100%"
        height="100%"
        columns={columns}
        rows={rows}
        getCellContent={getCellContent}
        drawCell={drawCell}
        theme={gridTheme}
        rowHeight={rowHeight}
        freezeColumns={frozenColumns}
        headerHeight={HEADER_HEIGHT}
        rowMarkers="clickable-number"
        rowMarkerWidth={ROW_MARKER_WIDTH}
        rowSelectionMode="auto"
        gridSelection={gridSelection}
        onGridSelectionChange={onGridSelectionChange}
        onVisibleRegionChanged={onVisibleRegionChanged}
        rangeSelect="rect"
        columnSelect="multi"
        rowSelect="multi"
        editOnType={false}
        keybindings={KEYBINDINGS}
        onKeyDown={(event) =>
          handleGridKey(event, {
            session,
            editor,
            grid: () => limits.current,
            moveTo,
            scrollTo: (cell) => gridRef.current?.scrollTo(cell.col, cell.row),
            page: () => screenOf(viewport.get()),
            clearMarquee: clipboard.clearMarquee,
          })
        }
        onCellActivated={([col, row]) => {
          if (!isDoubleLeftClick(col, row)) return;
          editor.start({ col, row }, editableInput(session.cell(col, row)), { mode: 'edit' });
        }}
        cellActivationBehavior="double-click"
        onCellClicked={onCellClicked}
        onCellContextMenu={onCellContextMenu}
        onHeaderContextMenu={onHeaderContextMenu}
        onItemHovered={(args) =>
          setTooltip(
            args.kind === 'cell'
              ? ErrorTooltip.stateFor(session, args.location, args.bounds)
              : undefined,
          )
        }
        fillHandle={true}
        // Glide only reports fills when it can read cells for a selection; the fill itself is ours.
        getCellsForSelection={true}
        allowedFillDirections="orthogonal"
        onFillPattern={onFillPattern}
        highlightRegions={highlights}
        minColumnWidth={MIN_COLUMN_WIDTH}
        maxColumnWidth={800}
        onColumnResizeStart={() => (columnDrag.current = { moved: false, at: 0 })}
        onColumnResize={(_column, size, col) => {
          if (columnDrag.current !== null) columnDrag.current.moved = true;
          else {
            // Outside a drag Glide fits the column to its contents: wanted after a double-click
            // on the border (two clicks that did not move), not when it mistakes the release of
            // a drag for one.
            const ended = endedDrag.current;
            if (ended === null || ended.moved || performance.now() - ended.at > 1000) return;
            void session.layouts.setColumnWidth(col, Math.round(size));
          }
          setWidths((current) =>
            current.map((width, index) => (index === col ? Math.round(size) : width)),
          );
        }}
        onColumnResizeEnd={(_column, size, col) => {
          // Glide ends a drag once per selected column, one after another.
          const drag = columnDrag.current ?? endedDrag.current;
          columnDrag.current = null;
          if (drag === null) return;
          endedDrag.current = { moved: drag.moved, at: performance.now() };
          // A click on the border that never moved: Glide reports its minimum width then.
          if (drag.moved) void session.layouts.setColumnWidth(col, Math.round(size));
        }}
        smoothScrollX={false}
        smoothScrollY={false}
        experimental={{ disableAccessibilityTree: true }}
      />
      <FrozenRowsBand session={session} layout={layout} viewport={viewport} />
      <DomMirror
        session={session}
        layout={layout}
        viewport={viewport}
        rows={rows}
        cols={GRID_COLUMNS}
      />
      {/* Clipped below the column headers and right of the row numbers; children use grid coordinates. */}
      <div className="grid-overlays">
        <div className="grid-overlays-origin">
          <PeerSelectionsLayer
            peers={session.peers}
            sheet={sheet}
            layout={layout}
            viewport={viewport}
          />
          {overlays?.(geometry)}
          <FilterButtons session={session} layout={layout} viewport={viewport} />
          <CellEditorLayer session={session} editor={editor} layout={layout} viewport={viewport} />
        </div>
      </div>
      {tooltip !== undefined && <ErrorTooltip state={tooltip} />}
      {menu !== undefined && (
        <CellContextMenu
          request={menu}
          session={session}
          clipboard={clipboard}
          onInsertChart={onInsertChart}
          onClose={() => {
            setMenu(undefined);
            gridRef.current?.focus();
          }}
        />
      )}
      <LiveRegion session={session} />
    </div>
  );
}
