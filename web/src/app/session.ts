// The page's model of the workbook: the cell cache, the active sheet, selection, the cell
// being edited, and every action that changes the workbook. Components read its observables
// and call its methods; only this class (and the feature modules it hands the client to)
// talks to the server about cells and sheets.
import { setFormatLocale } from '../../../src/core/format/number-format.js';
import { ApiClient } from '../api/client.js';
import { ApiError, ConnectionLostError, errorMessage } from '../api/errors.js';
import { GridApi } from '../api/grid-api.js';
import { WorkbookApi } from '../api/workbook-api.js';
import { SheetLayouts } from './sheet-layouts.js';
import type { WorkbookJson } from '../api/types.js';
import type { PeerSelection } from '../realtime/peer-selections.js';
import { blockRange, CellStore, type CachedCell } from '../grid/cell-store.js';
import { formatCell, type CellRef, type Rect } from '../grid/address.js';
import { CellFlashes } from './cell-flashes.js';
import { Observable } from './observable.js';
import { Toasts } from './toasts.js';
import { SelectionMemory } from './selection-memory.js';
import * as sheetActions from './sheet-actions.js';
import * as cellWrites from './cell-writes.js';
import { mergeSteps, refreshVersions, StepMemory, type UndoStep } from './undo-steps.js';
import type {
  ConflictState,
  EditState,
  PreviewOverlay,
  SelectionState,
  WorkbookState,
} from './session-types.js';
import { TabRun } from '../grid/tab-run.js';
import { keptActiveSheet, type OutsideChange } from './outside-change.js';

export type {
  ConflictState,
  EditState,
  PreviewOverlay,
  SelectionState,
  WorkbookState,
} from './session-types.js';

export type CommitListener = (sheet: string) => void;

/** How many cells' own-write versions a page remembers (see `noteOwnVersion`). */
const MAX_OWN_VERSIONS = 10_000;

export class Session {
  readonly client: ApiClient;
  readonly grid: GridApi;
  readonly workbookApi: WorkbookApi;
  readonly toasts = new Toasts();
  private actionsInFlight = 0;
  private readonly idleWaiters: (() => void)[] = [];
  /** Tab, Tab, Enter returns to the column the Tabs began in (grid keys and the cell editor share it). */
  readonly tabRun = new TabRun();
  readonly store: CellStore;
  readonly workbook = new Observable<WorkbookState | null>(null);
  readonly selection = new Observable<SelectionState>({
    sheet: '',
    cursor: { col: 0, row: 0 },
    rect: { col: 0, row: 0, width: 1, height: 1 },
  });
  readonly editing = new Observable<EditState | null>(null);
  readonly online = new Observable<boolean>(true);
  readonly conflict = new Observable<ConflictState | null>(null);
  readonly preview = new Observable<PreviewOverlay | null>(null);
  private selectionSeq = 0;
  /** Bumps whenever cached cells change, so DOM views of cells re-render. */
  readonly dataTick = new Observable<number>(0);
  /** Cells changed in the cache: the canvas repaints exactly these. */
  readonly cellListeners = new Set<(sheet: string, rect: Rect) => void>();
  /** Cells changed in the cache by a local edit, before the server confirms it (charts redraw from them). */
  readonly localEditListeners = new Set<(sheet: string, rect: Rect) => void>();
  private readonly commitListeners = new Set<CommitListener>();
  private readonly outsideListeners = new Set<(change: OutsideChange) => void>();
  /** Cells other clients just changed, tinted a moment once read (RT-01). */
  private readonly flashes: CellFlashes;
  /** The last commit the page's first reads are sure to include: the commit stream starts after it. */
  openedAtSeq: number | undefined;
  /** The other followers' selections heard on the commit stream (RT-02), drawn over the grid. */
  readonly peers = new Observable<readonly PeerSelection[]>([]);
  /** Whether the commit stream is followed now (then the heartbeat need not re-read cells). */
  commitsFollowed: () => boolean = () => false;
  private readonly undoGroups: UndoStep[] = [];
  private readonly redoGroups: UndoStep[] = [];
  /** The steps kept across a reload of this tab, so one Ctrl+Z still undoes one whole action. */
  private readonly stepMemory = StepMemory.forPage();
  private writeChain: Promise<unknown> = Promise.resolve();
  private queuedWrites = 0;
  private historyRun: Promise<void> = Promise.resolve();
  private historyPresses = 0;
  /** The active sheet's frozen panes, sizes and filter, as the server keeps them. */
  readonly layouts: SheetLayouts;
  /** Each sheet's last selection, restored when the sheet is opened again (docs/ui-rules.md SHEET-03). */
  readonly selections = new SelectionMemory();

  constructor(fetchImpl?: typeof fetch) {
    this.client = new ApiClient(fetchImpl);
    this.flashes = new CellFlashes({ repaint: (sheet, rect) => this.cellsChanged(sheet, rect) });
    this.grid = new GridApi(this.client);
    this.workbookApi = new WorkbookApi(this.client);
    this.store = new CellStore({
      read: (sheet, range, signal) => this.grid.read(sheet, range, signal),
      onChange: (sheet, rect) => {
        this.flashes.read(sheet, rect);
        this.cellsChanged(sheet, rect);
      },
      onPatched: (sheet, rect) => {
        for (const listener of this.localEditListeners) listener(sheet, rect);
      },
      onError: (error) => {
        if (!(error instanceof ConnectionLostError))
          this.toasts.show(`Could not read cells: ${errorMessage(error)}`, 'error');
      },
    });
    this.client.onConnectionChange((online) => this.online.set(online));
    this.layouts = new SheetLayouts(this);
  }

  /** Cells shown differently now: the canvas repaints them and DOM views render again. */
  private cellsChanged(sheet: string, rect: Rect): void {
    for (const listener of this.cellListeners) listener(sheet, rect);
    this.dataTick.update((tick) => tick + 1);
  }

  get activeSheet(): string {
    return this.workbook.get()?.active ?? '';
  }

  /** This page's own commits (its undo steps). */
  onCommit(listener: CommitListener): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Changes the commit stream reported (other clients', and echoes of this page's own). */
  onOutsideChange(listener: (change: OutsideChange) => void): () => void {
    this.outsideListeners.add(listener);
    return () => this.outsideListeners.delete(listener);
  }

  /** Anything that may have changed the active sheet's cells: this page's commits and others'. */
  onActiveCellsChange(listener: () => void): () => void {
    const stopOwn = this.onCommit(() => listener());
    const stopOutside = this.onOutsideChange((change) => {
      if (change.changed('cells', this.activeSheet)) listener();
    });
    return () => {
      stopOwn();
      stopOutside();
    };
  }

  cell(col: number, row: number, sheet = this.activeSheet): CachedCell | null | undefined {
    return this.store.cell(sheet, col, row);
  }

  /**
   * Start reading the workbook and its first screen of cells at once, before the page has
   * rendered: /grid without a sheet answers for the active sheet (docs/ui-rules.md PERF-03).
   */
  async open(): Promise<void> {
    const [{ body: workbook, seq }, firstScreen] = await Promise.all([
      this.workbookApi.getAtSeq(),
      this.grid.readAtSeq('', blockRange(0, 0)).catch(() => undefined),
    ]);
    // The two reads may be answered either way round: the stream starts after the older one.
    this.openedAtSeq = firstScreen === undefined ? seq : minSeq(seq, firstScreen.seq);
    // Cells first: showing the workbook renders the grid, which should find them cached.
    if (firstScreen !== undefined && firstScreen.body.sheet === workbook.active_sheet)
      this.store.seed(firstScreen.body.sheet, 0, 0, firstScreen.body);
    // Typed input reads in the server's locale, so the page's own echo of it (optimistic.ts)
    // and the text the date and time keys type (now-entry.ts) read as the server will.
    setFormatLocale(workbook.locale);
    this.applyWorkbookJson(workbook);
    // The actions this tab made before a reload (the server's history has nothing to undo when
    // it restarted, so nothing kept is trusted then).
    const kept = this.stepMemory.load();
    if (workbook.can_undo === true) this.undoGroups.unshift(...kept.undo);
    if (workbook.can_redo === true) this.redoGroups.unshift(...kept.redo);
    this.rememberSteps();
  }

  private rememberSteps(): void {
    this.stepMemory.save({ undo: this.undoGroups, redo: this.redoGroups });
  }

  /** Read the workbook's name, sheets and active sheet from the server. */
  async refreshWorkbook(): Promise<WorkbookState> {
    const json = await this.workbookApi.get();
    return this.applyWorkbookJson(json);
  }

  applyWorkbookJson(
    json: Partial<WorkbookJson> & Pick<WorkbookJson, 'sheets' | 'active_sheet'>,
  ): WorkbookState {
    const previous = this.workbook.get();
    const next: WorkbookState = {
      name: json.workbook_name ?? previous?.name ?? 'Workbook',
      sheets: [...json.sheets],
      active: json.active_sheet,
      canUndo: json.can_undo ?? previous?.canUndo ?? false,
      canRedo: json.can_redo ?? previous?.canRedo ?? false,
    };
    this.workbook.set(next);
    if (previous?.active !== next.active) this.restoreSelection(next.active);
    for (const sheet of previous?.sheets ?? [])
      if (!next.sheets.includes(sheet)) this.store.forget(sheet);
    return next;
  }

  // ----- selection -------------------------------------------------------------------------

  /** The grid reports what the user selected. */
  select(selection: Omit<SelectionState, 'sheet' | 'source' | 'seq'>): void {
    const state: SelectionState = { ...selection, sheet: this.activeSheet, source: 'grid' };
    this.selection.set(state);
    this.selections.save(state);
  }

  /**
   * Move the selection from outside the grid (name box, links, undo); the grid scrolls to it.
   * `label` names whole columns or rows as the name box shows them (`A:B`).
   */
  goTo(rect: Rect, cursor: CellRef = { col: rect.col, row: rect.row }, label?: string): void {
    this.selectionSeq += 1;
    const state: SelectionState = {
      cursor,
      rect,
      sheet: this.activeSheet,
      source: 'program',
      seq: this.selectionSeq,
      label,
    };
    this.selection.set(state);
    this.selections.save(state);
  }

  restoreSelection(sheet: string): void {
    const saved = this.selections.get(sheet);
    this.selectionSeq += 1;
    const base = saved ?? {
      sheet,
      cursor: { col: 0, row: 0 },
      rect: { col: 0, row: 0, width: 1, height: 1 },
    };
    this.selection.set({ ...base, source: 'program', seq: this.selectionSeq });
  }

  // ----- writes ----------------------------------------------------------------------------

  /** Runs writes one after another, so versions and undo order match what the user did. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    this.queuedWrites += 1;
    const next = this.client.writes.waitingTurn(this.writeChain.then(work, work)).finally(() => {
      this.queuedWrites -= 1;
    });
    this.writeChain = next.catch(() => undefined);
    return next;
  }

  /**
   * True while a change is queued, on its way or unanswered: leaving the page now could lose it
   * (the page asks first; "Saving…" edits vanished on a reload or a closed tab without a word).
   */
  get unsaved(): boolean {
    return (
      this.queuedWrites > 0 ||
      this.actionsInFlight > 0 ||
      this.client.writes.state.kind === 'saving'
    );
  }

  /** Edits are refused aloud while the server does not answer (docs/ui-rules.md ROB-02). */
  requireOnline(): void {
    if (!this.online.get()) throw new ConnectionLostError();
  }

  /** A write through the queue, refused at once when offline. */
  queueWrite<T>(work: () => Promise<T>): Promise<T> {
    this.requireOnline();
    return this.enqueue(work);
  }

  /** After a commit: note the undo step, re-read what is visible, tell listeners. */
  private committed(sheet: string, commits = 1, versions?: Readonly<Record<string, number>>): void {
    this.undoGroups.push(
      versions === undefined || commits !== 1 ? { sheet, commits } : { sheet, commits, versions },
    );
    this.redoGroups.length = 0;
    this.rememberSteps();
    this.workbook.update((state) =>
      state === null ? state : { ...state, canUndo: true, canRedo: false },
    );
    // Formulas on other sheets may depend on this one: every sheet's cache is stale.
    this.store.invalidate();
    for (const listener of this.commitListeners) listener(sheet);
  }

  /** Report a failed action in words; a version conflict opens the conflict dialog instead. */
  reportError(action: string, error: unknown): void {
    this.toasts.show(`${action}: ${errorMessage(error)}`, 'error');
  }

  writeCell(
    sheet: string,
    cell: CellRef,
    text: string,
    options: cellWrites.WriteCellOptions = {},
  ): Promise<boolean> {
    return this.track(() => cellWrites.writeCell(this, sheet, cell, text, options));
  }

  /** Versions this page's own writes left, by `sheet!A1`: a newer version in the cache that is not one of them came from someone else. */
  private readonly ownVersions = new Map<string, number>();

  noteOwnVersion(sheet: string, address: string, version: number): void {
    const key = `${sheet}!${address}`;
    // Newest last, and the oldest forgotten past the bound: a page open all day writes many
    // cells, and only recent writes can still be on their way when another edit of the cell ends.
    this.ownVersions.delete(key);
    this.ownVersions.set(key, version);
    if (this.ownVersions.size > MAX_OWN_VERSIONS)
      this.ownVersions.delete(this.ownVersions.keys().next().value!);
  }

  isOwnVersion(sheet: string, address: string, version: number): boolean {
    return this.ownVersion(sheet, address) === version;
  }

  /** The version this page's last write of the cell left it at, if it wrote it. */
  ownVersion(sheet: string, address: string): number | undefined {
    return this.ownVersions.get(`${sheet}!${address}`);
  }

  writeRange(
    sheet: string,
    anchor: CellRef,
    values: readonly (readonly (string | number | boolean | null)[])[],
    action = 'Paste',
  ): Promise<boolean> {
    return this.track(() => cellWrites.writeRange(this, sheet, anchor, values, action));
  }

  clearRange(sheet: string, rect: Rect): Promise<boolean> {
    return this.track(() => cellWrites.clearRange(this, sheet, rect));
  }

  formatRange(
    sheet: string,
    rect: Rect,
    format: Parameters<typeof cellWrites.formatRange>[3],
  ): Promise<void> {
    return this.track(() => cellWrites.formatRange(this, sheet, rect, format));
  }

  setLocked(sheet: string, rect: Rect, locked: boolean): Promise<void> {
    return this.track(() => cellWrites.setLocked(this, sheet, rect, locked));
  }

  /** Replaces every match on `sheet`; resolves to how many cells changed (undefined: failed). */
  replaceAll(
    sheet: string,
    body: Parameters<typeof cellWrites.replaceAll>[2],
  ): Promise<number | undefined> {
    return this.track(() => cellWrites.replaceAll(this, sheet, body));
  }

  /** Moves cut cells (`from`) so their top-left lands at `to` (one undo step). */
  moveCells(
    from: { readonly sheet: string; readonly rect: Rect },
    to: { readonly sheet: string; readonly cell: CellRef },
  ): Promise<boolean> {
    return this.track(() => cellWrites.moveCells(this, from, to));
  }

  /** Inserts or deletes `count` rows or columns of `sheet` from `at` (zero-based). */
  changeStructure(
    sheet: string,
    axis: 'row' | 'col',
    kind: 'insert' | 'delete',
    at: number,
    count: number,
  ): Promise<void> {
    return this.track(() => cellWrites.changeStructure(this, sheet, axis, kind, at, count));
  }

  /**
   * Runs one user action that changes the workbook (it may be several commits: a cut and its
   * paste). Undo waits until every tracked action has finished and noted its commits, so it
   * undoes whole actions: pressed during a cut-and-paste it undid only the paste.
   */
  async track<T>(action: () => Promise<T>): Promise<T> {
    this.actionsInFlight += 1;
    try {
      return await action();
    } finally {
      this.actionsInFlight -= 1;
      if (this.actionsInFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private untilActionsSettle(): Promise<void> {
    return this.actionsInFlight === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Server-side undo/redo; one user action (which may be several commits) per press. */
  history(direction: 'undo' | 'redo'): Promise<void> {
    if (this.editing.get() !== null) return Promise.resolve();
    // One at a time: each press needs the versions the previous one left (refreshVersions).
    this.historyPresses += 1;
    const run = this.historyRun
      .then(() => this.untilActionsSettle())
      .then(() => this.runHistory(direction))
      .finally(() => {
        this.historyPresses -= 1;
      });
    this.historyRun = run.catch(() => undefined);
    return run.finally(() => this.rememberSteps());
  }

  /**
   * True while an undo or redo is on its way: the sheets the page knows may already be gone on
   * the server (an undone import or added sheet), so reads by sheet name wait for it.
   */
  get historyPending(): boolean {
    return this.historyPresses > 0;
  }

  private async runHistory(direction: 'undo' | 'redo'): Promise<void> {
    const from = direction === 'undo' ? this.undoGroups : this.redoGroups;
    const to = direction === 'undo' ? this.redoGroups : this.undoGroups;
    const group = from.pop() ?? { sheet: this.activeSheet, commits: 1 };
    try {
      this.requireOnline();
      let last: Awaited<ReturnType<GridApi['history']>> | undefined;
      // Every undo names this page (the server refuses a step another client made); a typed
      // edit's also names the versions it left (UNDO-04). Redo has nothing to guard.
      const expected =
        direction === 'undo' &&
        group.versions !== undefined &&
        Object.keys(group.versions).length > 0
          ? { sheet: group.sheet, versions: group.versions }
          : undefined;
      for (let step = 0; step < group.commits; step += 1) {
        last = await this.enqueue(() =>
          this.grid.history(direction, step === 0 ? expected : undefined),
        );
        if (!last.applied) break;
      }
      if (last === undefined || !last.applied) {
        this.toasts.show(direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.');
        this.applyWorkbookJson(last ?? (await this.workbookApi.get()));
        return;
      }
      to.push(group);
      this.applyWorkbookJson(last);
      // The step may belong to another sheet: show it there (docs/ui-rules.md UNDO-03).
      if (last.sheets.includes(group.sheet) && group.sheet !== this.activeSheet)
        await this.activateSheet(group.sheet);
      this.store.invalidate();
      for (const listener of this.commitListeners) listener(group.sheet);
      await refreshVersions(this.grid, this.undoGroups, last.sheets);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else changed the cell (or the sheet) after this edit: undoing would overwrite
        // their change, so the step is given up and their change stays (docs/ui-rules.md UNDO-04).
        this.store.invalidate();
        const cell = conflictCell(error);
        this.toasts.show(
          cell !== undefined
            ? `${cell} was changed by someone else after your edit, so undo left their value in place.`
            : 'Someone else changed the workbook after your last change, so undo left it as it is (undoing would revert theirs).',
          'error',
        );
        return;
      }
      from.push(group);
      this.reportError(direction === 'undo' ? 'Undo failed' : 'Redo failed', error);
    }
  }

  /** Several commits that the user sees as one action (cut + paste) undo together. */
  mergeLastCommits(count: number): void {
    if (count < 2 || this.undoGroups.length < count) return;
    this.undoGroups.push(mergeSteps(this.undoGroups.splice(this.undoGroups.length - count, count)));
    this.rememberSteps();
  }

  /** A whole-workbook change made elsewhere (import, load, agent apply): drop caches, re-read. */
  async reloadEverything(): Promise<void> {
    this.store.forget();
    this.undoGroups.length = 0;
    this.redoGroups.length = 0;
    this.rememberSteps();
    await this.refreshWorkbook();
    // The grid reads a sheet's window when the sheet or the view changes; neither did when the
    // new workbook's active sheet has the old one's name, so it is read here.
    this.store.rereadWanted(this.activeSheet);
    this.dataTick.update((tick) => tick + 1);
    for (const listener of this.commitListeners) listener(this.activeSheet);
  }

  /** A change made through another endpoint (agent apply, chart ops): one undo step. */
  noteCommit(sheet: string, commits = 1, versions?: Readonly<Record<string, number>>): void {
    this.committed(sheet, commits, versions);
  }

  // ----- sheets (sheet-actions.ts) -------------------------------------------------------------

  activateSheet(name: string): Promise<void> {
    return sheetActions.activateSheet(this, name);
  }

  addSheet(): Promise<void> {
    return sheetActions.addSheet(this);
  }

  renameSheet(from: string, to: string): Promise<string | undefined> {
    return sheetActions.renameSheet(this, from, to);
  }

  moveSheet(name: string, index: number): Promise<void> {
    return sheetActions.moveSheet(this, name, index);
  }

  deleteSheet(name: string): Promise<void> {
    return sheetActions.deleteSheet(this, name);
  }

  renameWorkbook(name: string): Promise<string | undefined> {
    return sheetActions.renameWorkbook(this, name);
  }

  /**
   * What other clients changed, as the commit stream reported it (RT-01): read the sheet list
   * again if it changed, keeping this page's sheet, and the changed sheets' cells; listeners
   * re-read charts, layouts and totals. Waits for this page's own actions to settle, so a
   * rename or an undo under way is not read half done.
   */
  async applyOutsideChange(change: OutsideChange): Promise<void> {
    if (change.sheetList || change.everything) {
      await this.untilActionsSettle();
      await this.historyRun;
      const json = await this.workbookApi.get();
      this.applyWorkbookJson({
        ...json,
        active_sheet: keptActiveSheet(this.workbook.get(), json),
      });
    }
    if (change.everything) this.store.invalidate();
    else for (const sheet of change.cellSheets) this.store.invalidate(sheet);
    this.flashes.expect(change.flashes);
    for (const listener of this.outsideListeners) listener(change);
  }

  /** Whether the cell is one another client just changed (the grid draws it highlighted). */
  isFlashing(sheet: string, col: number, row: number): boolean {
    return this.flashes.isShown(sheet, formatCell({ col, row }));
  }

  /**
   * Poll liveness (ROB-02); while the commit stream is not followed, re-read visible cells so
   * outside writes still show up (RT-01).
   */
  async heartbeat(): Promise<void> {
    try {
      await this.client.get('/healthz');
      if (!this.commitsFollowed()) this.store.invalidate();
    } catch {
      // ApiClient already reported the connection state; nothing else to do until it answers.
    }
  }
}

/** The cell a version conflict names (the server's 409 body has `cell`). */
function conflictCell(error: ApiError): string | undefined {
  const detail = error.detail;
  return typeof detail === 'object' &&
    detail !== null &&
    typeof (detail as Record<string, unknown>)['cell'] === 'string'
    ? (detail as Record<string, string>)['cell']
    : undefined;
}

/** The older of two seqs (undefined when either is unknown: the stream then reads everything). */
function minSeq(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : Math.min(a, b);
}
