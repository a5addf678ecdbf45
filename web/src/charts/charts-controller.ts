// The active sheet's charts: list, create, change (move, resize, edit) and delete through
// /system/charts; each change is a workbook commit (undoable on the server).
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { ChartApi, type ChartFields } from '../api/chart-api.js';
import { errorMessage } from '../api/errors.js';
import type { ChartJson } from '../api/types.js';
import { formatCell, formatRect, MAX_COLUMNS, type Rect } from '../grid/address.js';
import { loadChartJs } from './chart-render.js';
import { prefetchChartValues } from './chart-values.js';
// The server's defaults for what a new chart leaves out: one definition, in the core.
import { CHART_DEFAULTS } from '../../../src/core/chart.js';

export interface ChartEditRequest {
  readonly mode: 'create' | 'edit';
  readonly chart?: ChartJson;
  readonly fields: Required<Omit<ChartJson, 'id'>>;
}

export const MIN_CHART_WIDTH = 160;

/**
 * Where a new chart goes: level with the top of its data, one empty column to the right of
 * everything on the sheet, so it never covers cells (the API's own default, F2, often did).
 */
export function anchorBesideData(
  data: Rect,
  bounds: { readonly lastCol: number } | null | undefined,
): string {
  const rightmost = Math.max(data.col + data.width - 1, bounds?.lastCol ?? -1);
  return formatCell({ col: Math.min(rightmost + 2, MAX_COLUMNS - 1), row: data.row });
}
export const MIN_CHART_HEIGHT = 120;

export class ChartsController {
  readonly api: ChartApi;
  readonly charts = new Observable<readonly ChartJson[]>([]);
  readonly editing = new Observable<ChartEditRequest | null>(null);
  /** The chart with focus (selected); Delete removes it. */
  readonly selected = new Observable<string | null>(null);
  /** Bumps after every commit so charts re-read their data (docs/ui-rules.md CHART-02). */
  readonly dataVersion = new Observable<number>(0);
  private loadedFor = '';

  constructor(private readonly session: Session) {
    this.api = new ChartApi(session.client);
  }

  start(): void {
    void this.refresh();
    this.session.workbook.subscribe(() => {
      const sheet = this.session.activeSheet;
      if (sheet !== '' && sheet !== this.loadedFor) void this.refresh();
    });
    this.session.onCommit(() => this.reread());
    // Another client's change to this sheet's cells (the charts' data) or to its charts.
    this.session.onOutsideChange((change) => {
      const sheet = this.session.activeSheet;
      if (change.changed('cells', sheet) || change.changed('charts', sheet)) this.reread();
    });
  }

  private reread(): void {
    this.dataVersion.update((version) => version + 1);
    this.prefetchValues(this.charts.get(), this.session.activeSheet);
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const sheet = this.session.activeSheet;
    // Before the workbook is known there is no sheet to list; a commit announced mid-rename
    // would list the old name, which the server may already have dropped.
    if (sheet === '' || this.session.store.isHeld(sheet)) return;
    this.loadedFor = sheet;
    try {
      const { charts } = await this.api.list(sheet);
      if (this.session.activeSheet !== sheet) return;
      // Fetch the drawing code and the data now, together, rather than once the cards render.
      if (charts.length > 0) void loadChartJs();
      this.prefetchValues(charts, sheet);
      this.charts.set(charts);
    } catch {
      // No chart endpoint (or a transient failure): show no charts rather than an error on every edit.
      if (this.session.activeSheet === sheet) this.charts.set([]);
    }
  }

  private prefetchValues(charts: readonly ChartJson[], sheet: string): void {
    const version = this.dataVersion.get();
    for (const chart of charts) prefetchChartValues(this.session, sheet, chart.data_range, version);
  }

  openCreate(): void {
    const { rect, label } = this.session.selection.get();
    // The name box's label: whole columns stay `A:B` (the server plots their used rows), where
    // the grid's rectangle would be a hundred thousand rows of mostly nothing.
    const range = rect.width * rect.height > 1 ? (label ?? formatRect(rect)) : '';
    const anchor = anchorBesideData(rect, this.session.store.bounds(this.session.activeSheet));
    this.editing.set({
      mode: 'create',
      fields: { ...CHART_DEFAULTS, anchor_cell: anchor, data_range: range },
    });
  }

  openEdit(chart: ChartJson): void {
    const { id: _id, ...fields } = chart;
    this.editing.set({ mode: 'edit', chart, fields: { ...CHART_DEFAULTS, ...fields } });
  }

  /** Create or save from the dialog; returns the server's message when it refused. */
  async submit(
    request: ChartEditRequest,
    fields: ChartFields & { data_range: string },
  ): Promise<string | undefined> {
    const sheet = this.session.activeSheet;
    try {
      if (request.mode === 'create') await this.api.create(sheet, fields);
      else await this.api.update(sheet, request.chart!.id, fields);
      this.editing.set(null);
      this.session.noteCommit(sheet);
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }

  async update(id: string, fields: ChartFields): Promise<void> {
    const sheet = this.session.activeSheet;
    this.charts.update((charts) =>
      charts.map((chart) => (chart.id === id ? { ...chart, ...fields } : chart)),
    );
    try {
      await this.api.update(sheet, id, fields);
      this.session.noteCommit(sheet);
    } catch (error) {
      this.session.reportError('The chart was not changed', error);
      void this.refresh();
    }
  }

  async remove(id: string): Promise<void> {
    const sheet = this.session.activeSheet;
    this.charts.update((charts) => charts.filter((chart) => chart.id !== id));
    try {
      await this.api.remove(sheet, id);
      this.session.noteCommit(sheet);
    } catch (error) {
      this.session.reportError('The chart was not deleted', error);
      void this.refresh();
    }
  }
}
