// The active sheet's layout as the server keeps it (issue 20): frozen panes, column widths, row
// heights, the filter and the rows it hides. Read from GET /grid/layout when the sheet changes
// and after every commit; every change is one server commit (one undo step). Column widths used
// to live in this browser's localStorage: the first time a sheet is opened they move to the
// server once and the local copy is removed (docs/ui-rules.md LAY-01).
import {
  LayoutApi,
  type FilterBody,
  type LayoutResponse,
  type SortBody,
} from '../api/layout-api.js';
import { columnToLetters, formatRect, lettersToColumn, type Rect } from '../grid/address.js';
import { currentRegion } from '../grid/current-region.js';
import { DEFAULT_COLUMN_WIDTH } from '../grid/grid-theme.js';
import { Observable } from './observable.js';
import type { Session } from './session.js';

export interface SheetLayoutState {
  readonly sheet: string;
  readonly frozenRows: number;
  readonly frozenColumns: number;
  /** Column (zero-based) → px. */
  readonly widths: ReadonlyMap<number, number>;
  /** Row (zero-based) → px; a row the filter hides is 0. */
  readonly heights: ReadonlyMap<number, number>;
  readonly filter: LayoutResponse['layout']['filter'];
  /** Zero-based rows hidden from view: by the filter, by hand, by an imported table's filter. */
  readonly hidden: ReadonlySet<number>;
  /** Whether a filter hides rows (the sheet's own, or a table's kept from an .xlsx). */
  readonly filtering: boolean;
}

const NO_ROWS: ReadonlySet<number> = new Set();

const legacyKey = (workbook: string, sheet: string): string =>
  `gridbook:widths:${workbook}:${sheet}`;

function stateOf(json: LayoutResponse): SheetLayoutState {
  const widths = new Map<number, number>();
  for (const [letters, width] of Object.entries(json.layout.column_widths))
    widths.set(lettersToColumn(letters), width);
  const heights = new Map<number, number>();
  for (const [row, height] of Object.entries(json.layout.row_heights))
    heights.set(Number(row) - 1, height);
  const hidden = new Set<number>();
  for (const span of json.hidden_rows)
    for (let row = span[0]!; row <= span[1]!; row += 1) {
      hidden.add(row - 1);
      heights.set(row - 1, 0);
    }
  return {
    sheet: json.sheet,
    frozenRows: json.layout.frozen_rows,
    frozenColumns: json.layout.frozen_columns,
    widths,
    heights,
    filter: json.layout.filter,
    hidden,
    filtering: json.layout.filter !== null || (json.layout.filtered_rows?.length ?? 0) > 0,
  };
}

/** A dialog the layout actions open: Data → Sort range, and a row's height. */
export type LayoutDialog =
  | { readonly kind: 'sort' }
  | { readonly kind: 'row-height'; readonly first: number; readonly last: number };

export class SheetLayouts {
  readonly api: LayoutApi;
  readonly current = new Observable<SheetLayoutState | null>(null);
  readonly dialog = new Observable<LayoutDialog | null>(null);
  private reads = 0;

  constructor(private readonly session: Session) {
    this.api = new LayoutApi(session.client);
    let sheet = '';
    session.workbook.subscribe(() => {
      const workbook = session.workbook.get();
      if (workbook === null || workbook.active === sheet) return;
      sheet = workbook.active;
      void this.refresh();
    });
    session.onCommit(() => void this.refresh());
    session.onOutsideChange((change) => {
      if (change.changed('layout', session.activeSheet)) void this.refresh();
    });
  }

  /**
   * The rows an action on a selection leaves alone, as Excel's filter mode does: while a filter
   * hides rows, every hidden row of the sheet; otherwise none.
   */
  rowsOutOfView(sheet: string): ReadonlySet<number> {
    const state = this.current.get();
    return state?.sheet === sheet && state.filtering ? state.hidden : NO_ROWS;
  }

  /** The rows of `sheet` hidden from view (by a filter or by hand), zero-based. */
  hiddenRows(sheet: string): ReadonlySet<number> {
    const state = this.current.get();
    return state?.sheet === sheet ? state.hidden : NO_ROWS;
  }

  /** Reads the active sheet's layout (the newest read wins). */
  async refresh(): Promise<void> {
    const sheet = this.session.activeSheet;
    if (sheet === '') return;
    const read = ++this.reads;
    try {
      const json = await this.api.read(sheet);
      if (read !== this.reads) return;
      this.current.set(stateOf(json));
      await this.migrateLocalWidths(json);
    } catch {
      // The sheet went away or the server is down: the last layout stays until the next read.
    }
  }

  /** Widths this browser kept before the server stored them: sent once, then forgotten. */
  private async migrateLocalWidths(json: LayoutResponse): Promise<void> {
    const workbook = this.session.workbook.get()?.name ?? '';
    const key = legacyKey(workbook, json.sheet);
    let saved: Record<string, unknown>;
    try {
      const storage = (
        globalThis as {
          localStorage?: { getItem(key: string): string | null; removeItem(key: string): void };
        }
      ).localStorage;
      const text = storage?.getItem(key) ?? null;
      if (text === null) return;
      storage?.removeItem(key);
      saved = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    // The server's widths win: another browser may have set them since.
    if (Object.keys(json.layout.column_widths).length > 0) return;
    const widths = Object.entries(saved).filter(
      ([col, width]) =>
        Number.isInteger(Number(col)) &&
        typeof width === 'number' &&
        width >= 2 &&
        width <= 2000 &&
        width !== DEFAULT_COLUMN_WIDTH,
    );
    for (const [col, width] of widths)
      await this.session.queueWrite(() =>
        this.api.columnWidth({
          sheet: json.sheet,
          columns: columnToLetters(Number(col)),
          width: Math.round(width as number),
        }),
      );
    if (widths.length > 0) await this.refresh();
  }

  /** One layout change: a server commit, one undo step, then the layout read again. */
  private async change<T>(action: string, work: () => Promise<T>): Promise<T | undefined> {
    const sheet = this.session.activeSheet;
    return this.session.track(async () => {
      try {
        const result = await this.session.queueWrite(work);
        this.session.noteCommit(sheet);
        return result;
      } catch (error) {
        this.session.reportError(action, error);
        return undefined;
      }
    });
  }

  setColumnWidth(col: number, width: number): Promise<unknown> {
    const sheet = this.session.activeSheet;
    return this.change('Could not resize the column', () =>
      this.api.columnWidth({ sheet, columns: columnToLetters(col), width: Math.round(width) }),
    );
  }

  setRowHeight(first: number, last: number, height: number | null): Promise<unknown> {
    const sheet = this.session.activeSheet;
    return this.change('Could not resize the row', () =>
      this.api.rowHeight({ sheet, rows: `${first + 1}:${last + 1}`, height }),
    );
  }

  freeze(rows: number, columns: number): Promise<unknown> {
    const sheet = this.session.activeSheet;
    return this.change('Could not freeze', () => this.api.freeze({ sheet, rows, columns }));
  }

  /**
   * The range a Data action takes: the selection, or when one cell is selected the current region
   * around it (the block of data bounded by empty rows and columns), as Excel does.
   */
  async dataRange(): Promise<Rect | undefined> {
    const { rect } = this.session.selection.get();
    if (rect.width !== 1 || rect.height !== 1) return rect;
    const sheet = this.session.activeSheet;
    const region = await currentRegion((range) => this.session.grid.read(sheet, range), rect);
    // A lone empty cell has no data around it: Excel asks for a cell in the data too.
    if (region === undefined)
      this.session.toasts.show('Select a cell inside your data, or the range to use.');
    return region;
  }

  /** Data → Create filter: on the selection, or the current region around the one cell selected. */
  async createFilter(): Promise<unknown> {
    const sheet = this.session.activeSheet;
    let range: Rect | undefined;
    try {
      range = await this.dataRange();
    } catch (error) {
      this.session.reportError('Could not filter', error);
      return undefined;
    }
    if (range === undefined || this.session.activeSheet !== sheet) return undefined;
    return this.setFilter({ range: formatRect(range), columns: [] });
  }

  /** Data → Sort range: the dialog over the selection, or the current region (then selected). */
  async openSort(): Promise<void> {
    const sheet = this.session.activeSheet;
    const { rect, cursor } = this.session.selection.get();
    try {
      const range = await this.dataRange();
      if (range === undefined || this.session.activeSheet !== sheet) return;
      if (range !== rect) this.session.goTo(range, cursor);
      this.dialog.set({ kind: 'sort' });
    } catch (error) {
      this.session.reportError('Could not sort', error);
    }
  }

  setFilter(body: Omit<FilterBody, 'sheet'>): Promise<unknown> {
    const sheet = this.session.activeSheet;
    return this.change('Could not filter', () => this.api.filter({ ...body, sheet }));
  }

  clearFilter(): Promise<unknown> {
    const sheet = this.session.activeSheet;
    return this.change('Could not remove the filter', () => this.api.clearFilter(sheet));
  }

  async sort(body: Omit<SortBody, 'sheet'>): Promise<boolean> {
    const sheet = this.session.activeSheet;
    const sorted = await this.change('Could not sort', () => this.api.sort({ ...body, sheet }));
    if (sorted === undefined) return false;
    this.session.toasts.show(`Sorted ${sorted.rows} rows of ${sorted.range}.`, 'success');
    return true;
  }
}
