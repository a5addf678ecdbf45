// The AI panel's behaviour: send a prompt (single preview or a chain), show the proposed
// cells on the grid, apply or dismiss, stop a running request, and keep the conversation
// for the session. Errors, guardrail refusals included, become readable thread entries.
import { Observable } from '../app/observable.js';
import type { PreviewOverlay, Session } from '../app/session.js';
import {
  AgentApi,
  summarizeChartSpec,
  type ChatRequest,
  type PreviewJson,
} from '../api/agent-api.js';
import { ApiError, errorMessage, findBlockedFormulas } from '../api/errors.js';
import type { CellValue } from '../api/types.js';
import { addressesIn, formatRect, tryParseCell, parseRange, splitSheet } from '../grid/address.js';
import type { SettingsController } from '../settings/settings-controller.js';
import type { ChartsController } from '../charts/charts-controller.js';
import { takeHeroPrompt } from '../landing/hero-handoff.js';
import { historyOf, type ChainEntry, type PreviewEntry, type ThreadEntry } from './thread.js';

export const MAX_SELECTED_CELLS = 10_000;

/** A thread entry before it gets its id. */
type NewEntry = ThreadEntry extends infer Entry
  ? Entry extends ThreadEntry
    ? Omit<Entry, 'id'>
    : never
  : never;
const MODEL_KEY = 'gridbook:model';
/** How often the grid is re-read while a chain writes (docs/ui-rules.md AI-17). */
const CHAIN_POLL_MS = 1500;

/** Resolves once the observable holds a value (at once when it already does). */
function whenPresent<T>(observable: Observable<T | null>): Promise<T> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const value = observable.get();
      if (value === null) return false;
      resolve(value);
      return true;
    };
    if (check()) return;
    const stop = observable.subscribe(() => {
      if (check()) stop();
    });
  });
}

export interface Busy {
  readonly kind: 'chat' | 'chain';
  readonly prompt: string;
}

export class AgentController {
  readonly api: AgentApi;
  readonly thread = new Observable<readonly ThreadEntry[]>([]);
  readonly busy = new Observable<Busy | null>(null);
  readonly scope = new Observable<'sheet' | 'selection'>('sheet');
  readonly chainMode = new Observable<boolean>(false);
  /** Build the answer in a new sheet, leaving every existing sheet as it is (docs/ui-rules.md ENTRY-02). */
  readonly inNewSheet = new Observable<boolean>(false);
  readonly maxSteps = new Observable<number>(10);
  readonly model = new Observable<string | null>(localStorage.getItem(MODEL_KEY));
  private abort: AbortController | undefined;
  private nextId = 1;

  constructor(
    readonly session: Session,
    readonly settings: SettingsController,
    private readonly charts: ChartsController,
  ) {
    this.api = new AgentApi(session.client);
  }

  chooseModel(id: string): void {
    this.model.set(id);
    localStorage.setItem(MODEL_KEY, id);
  }

  /** The model to send: the stored choice while it is available, else the server's default. */
  effectiveModel(): string | null {
    const models = this.settings.models.get();
    if (models === null) return this.model.get();
    const chosen = this.model.get();
    if (chosen !== null && models.models.some((model) => model.id === chosen && model.available))
      return chosen;
    return models.default_model_id;
  }

  private push(entry: NewEntry): number {
    const id = this.nextId++;
    this.thread.update((thread) => [...thread, { ...entry, id } as ThreadEntry]);
    return id;
  }

  private patchCard(id: number, change: Partial<PreviewEntry>): void {
    this.thread.update((thread) =>
      thread.map((entry) =>
        entry.id === id && entry.kind === 'preview' ? { ...entry, ...change } : entry,
      ),
    );
  }

  clear(): void {
    this.stop();
    this.thread.set([]);
    this.session.preview.set(null);
  }

  stop(): void {
    this.abort?.abort();
  }

  /** The request's scope part; undefined (with a note) when the selection is too large. */
  private scopeFields(): Pick<ChatRequest, 'scope' | 'selected_cells'> | undefined {
    if (this.scope.get() === 'sheet') return { scope: 'sheet' };
    const rect = this.session.selection.get().rect;
    if (rect.width * rect.height > MAX_SELECTED_CELLS) {
      this.push({
        kind: 'note',
        text: `The selection has ${(rect.width * rect.height).toLocaleString('en-US')} cells, more than ${MAX_SELECTED_CELLS.toLocaleString('en-US')}. Select fewer cells or switch the scope to Whole sheet.`,
        tone: 'warning',
      });
      return undefined;
    }
    return { scope: 'selection', selected_cells: addressesIn(rect) };
  }

  /**
   * Send the prompt the landing page handed over, if one waits (docs/ui-rules.md ENTRY-02): in a new
   * sheet, so no existing cell is touched, with scope Whole sheet, once the workbook and the
   * model list are known. With no provider key nothing is created or sent: the prompt is
   * returned so the panel keeps it in its input beside the notice that offers Settings, and
   * the new-sheet choice stays on for when it is sent.
   */
  async sendHeroPrompt(): Promise<string | undefined> {
    const prompt = takeHeroPrompt();
    if (prompt === undefined) return undefined;
    await whenPresent(this.session.workbook);
    if (this.settings.models.get() === null) await this.settings.refresh();
    this.scope.set('sheet');
    this.inNewSheet.set(true);
    if (this.settings.models.get()?.default_model_id == null) return prompt;
    await this.send(prompt, false);
    return undefined;
  }

  async send(prompt: string, chain = this.chainMode.get()): Promise<void> {
    const text = prompt.trim();
    if (text === '' || this.busy.get() !== null) return;
    if (this.inNewSheet.get()) {
      this.inNewSheet.set(false);
      this.scope.set('sheet');
      const before = this.session.activeSheet;
      await this.session.addSheet();
      if (this.session.activeSheet === before) return; // adding failed; the session said why
    }
    const scope = this.scopeFields();
    if (scope === undefined) return;
    this.supersedeOpenCards();
    const history = historyOf(this.thread.get());
    this.push({ kind: 'user', text, chain });
    const model = this.effectiveModel();
    const request: ChatRequest = {
      prompt: text,
      history,
      ...scope,
      sheet: this.session.activeSheet,
      ...(model === null ? {} : { model_id: model }),
    };
    this.abort = new AbortController();
    this.busy.set({ kind: chain ? 'chain' : 'chat', prompt: text });
    try {
      if (chain) await this.runChain(request, this.abort.signal);
      else await this.runChat(request, this.abort.signal);
    } catch (error) {
      this.reportFailure(error, text, chain);
    } finally {
      this.busy.set(null);
      this.abort = undefined;
    }
  }

  private async runChat(request: ChatRequest, signal: AbortSignal): Promise<void> {
    const preview = await this.api.chat(request, signal);
    const occupied = preview.preview_cells.filter(({ cell }) => {
      const ref = tryParseCell(splitSheet(cell).ref);
      const cached =
        ref === undefined ? undefined : this.session.cell(ref.col, ref.row, preview.sheet);
      return cached !== undefined && cached !== null && cached.input !== null;
    });
    this.push({
      kind: 'preview',
      prompt: request.prompt,
      preview,
      status: 'open',
      shift: 'right',
      occupied: occupied.map(({ cell }) => cell.toUpperCase()),
    });
    this.showOverlay(preview, new Set(occupied.map(({ cell }) => cell.toUpperCase())));
  }

  private async runChain(request: ChatRequest, signal: AbortSignal): Promise<void> {
    const sheet = request.sheet;
    const id = this.push({ kind: 'chain', steps: [], result: null });
    const update = (change: (entry: ChainEntry) => ChainEntry) =>
      this.thread.update((thread) =>
        thread.map((entry) => (entry.id === id && entry.kind === 'chain' ? change(entry) : entry)),
      );
    // Steps stream in as the server writes them; the grid is also re-read on a timer so
    // cells appear even between steps (docs/ui-rules.md AI-17).
    const poll = setInterval(() => this.session.store.invalidate(), CHAIN_POLL_MS);
    try {
      const result = await this.api.chain(
        { ...request, max_iterations: this.maxSteps.get() },
        (step) => {
          update((entry) => ({ ...entry, steps: [...entry.steps, step] }));
          this.session.store.invalidate();
        },
        signal,
      );
      update((entry) => ({ ...entry, steps: result.steps, result }));
      // Each written step is one commit on the server; one Ctrl+Z takes the whole chain back.
      const commits = result.steps.filter(
        (step) => !step.completion_signal && (step.guardrail_issues ?? []).length === 0,
      ).length;
      if (commits > 0) this.session.noteCommit(result.sheet ?? sheet, commits);
      else this.session.store.invalidate();
      void this.charts.refresh();
    } finally {
      clearInterval(poll);
      update((entry) => (entry.result === null ? { ...entry, ended: true } : entry));
    }
  }

  private reportFailure(error: unknown, prompt: string, chain: boolean): void {
    if (error instanceof DOMException && error.name === 'AbortError') {
      this.push({
        kind: 'note',
        text: chain
          ? 'Stopped: steps already written are kept.'
          : 'Cancelled — nothing was written.',
        tone: 'info',
      });
      this.session.store.invalidate();
      return;
    }
    const status = error instanceof ApiError ? error.status : undefined;
    const blocked = error instanceof ApiError ? findBlockedFormulas(error.detail) : [];
    const message =
      status === 402
        ? `Your monthly AI quota is used up: ${errorMessage(error)}`
        : blocked.length > 0
          ? 'The proposal was blocked because some formulas would read empty or text cells:'
          : errorMessage(error);
    this.push({
      kind: 'error',
      message,
      blocked,
      retry: { prompt, chain },
      ...(status === undefined ? {} : { status }),
    });
  }

  private supersedeOpenCards(): void {
    this.thread.update((thread) =>
      thread.map((entry) =>
        entry.kind === 'preview' && entry.status === 'open'
          ? { ...entry, status: 'superseded' }
          : entry,
      ),
    );
    this.session.preview.set(null);
  }

  private showOverlay(preview: PreviewJson, occupied: ReadonlySet<string>): void {
    const cells = new Map<string, { value: CellValue; overwrites: boolean }>();
    for (const { cell, value } of preview.preview_cells) {
      const address = splitSheet(cell).ref.toUpperCase();
      cells.set(address, { value, overwrites: occupied.has(cell.toUpperCase()) });
    }
    const spec = preview.chart_spec === null ? null : summarizeChartSpec(preview.chart_spec);
    const anchor = spec === null ? undefined : tryParseCell(spec.anchorCell);
    const overlay: PreviewOverlay = {
      sheet: preview.sheet,
      cells,
      ...(spec !== null && anchor !== undefined
        ? { chart: { anchor, width: 400, height: 280, title: spec.title } }
        : {}),
    };
    this.session.preview.set(overlay);
  }

  setShift(id: number, shift: 'right' | 'down'): void {
    this.patchCard(id, { shift });
  }

  dismiss(id: number): void {
    this.patchCard(id, { status: 'dismissed' });
    this.session.preview.set(null);
  }

  async apply(id: number): Promise<void> {
    const card = this.thread
      .get()
      .find((entry): entry is PreviewEntry => entry.id === id && entry.kind === 'preview');
    if (card === undefined || card.status !== 'open') return;
    this.patchCard(id, { status: 'applying' });
    const { preview } = card;
    try {
      const result = await this.api.apply({
        agent_id: preview.agent_id,
        target_cell: preview.target_cell ?? 'A1',
        values: preview.values ?? [],
        sheet: preview.sheet,
        shift_direction: card.shift,
        chart_spec: preview.chart_spec,
        formats: preview.formats ?? [],
      });
      this.patchCard(id, { status: 'applied', result });
      this.session.preview.set(null);
      this.session.noteCommit(result.sheet ?? preview.sheet);
      void this.charts.refresh();
      this.selectWritten(result.actual_target, preview.values);
    } catch (error) {
      const blocked = error instanceof ApiError ? findBlockedFormulas(error.detail) : [];
      this.patchCard(id, {
        status: 'open',
        applyError: {
          message: blocked.length > 0 ? 'Apply was blocked:' : errorMessage(error),
          blocked,
        },
      });
    }
  }

  private selectWritten(target: string | null, values: PreviewJson['values']): void {
    const cell = target === null ? undefined : tryParseCell(splitSheet(target).ref);
    if (cell === undefined) return;
    const height = Math.max(1, values?.length ?? 1);
    const width = Math.max(1, ...(values ?? [[null]]).map((row) => row.length));
    this.session.goTo({ ...cell, width, height });
  }

  /** Select a cell or range named in a card (plan targets, blocked cells). */
  goTo(reference: string): void {
    const { sheet, ref } = splitSheet(reference);
    const rect = parseRange(ref, 1_048_576, 16_384);
    if (rect === undefined) return;
    const named =
      sheet === undefined
        ? undefined
        : this.session.workbook
            .get()
            ?.sheets.find((name) => name.toLowerCase() === sheet.toLowerCase());
    void (async () => {
      if (named !== undefined) await this.session.activateSheet(named);
      this.session.goTo(rect);
    })();
  }

  describeTarget(preview: PreviewJson): string | undefined {
    if (preview.target_cell === null || preview.values === null) return undefined;
    const start = tryParseCell(splitSheet(preview.target_cell).ref);
    if (start === undefined) return preview.target_cell;
    const height = preview.values.length;
    const width = Math.max(1, ...preview.values.map((row) => row.length));
    return formatRect({ ...start, width, height });
  }
}
