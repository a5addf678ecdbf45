// The File menu: save a named checkpoint on the server (Ctrl+S) and load it, download (JSON,
// xlsx, CSV), import (JSON/GridOS, xlsx, CSV) with a progress bar, clear sheet, unlock all.
// Replacing actions ask first. Nothing saves by itself: the server stores every change before it
// answers, so the save state only follows the writes in flight (ApiClient.writes).
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { Confirmations } from '../app/confirmations.js';
import { CLIENT_HEADER } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { WriteState } from '../api/write-tracker.js';
import { FilesApi, type Download } from '../api/files-api.js';
import type { StatusJson } from '../api/types.js';
import { uploadWithProgress } from './upload.js';

export type SaveState = WriteState;

export interface Progress {
  readonly label: string;
  /** 0..1, or null while the server works on it. */
  readonly fraction: number | null;
}

export type ImportKind = 'json' | 'xlsx' | 'csv';

export function importKindOf(name: string): ImportKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.json') || lower.endsWith('.gridos') || lower.endsWith('.gridbook'))
    return 'json';
  return undefined;
}

function triggerDownload(download: Download): void {
  const url = URL.createObjectURL(download.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = download.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export class FilesController {
  readonly api: FilesApi;
  readonly saveState: Observable<SaveState>;
  readonly progress = new Observable<Progress | null>(null);
  private saving: Promise<void> | undefined;

  constructor(
    private readonly session: Session,
    private readonly confirm: Confirmations,
  ) {
    this.api = new FilesApi(session.client);
    this.saveState = new Observable<SaveState>(session.client.writes.state);
  }

  start(): void {
    this.session.client.writes.onChange((state) => this.saveState.set(state));
  }

  /** Writes the named checkpoint (File → Save, Ctrl+S) that File → Load goes back to; one at a time. */
  async save(): Promise<void> {
    this.saving ??= (async () => {
      try {
        const result = await this.api.save();
        if (result.status !== 'Success') throw new Error(result.message ?? result.status);
        this.session.toasts.show(
          'Checkpoint saved on the server; File → Load goes back to it.',
          'success',
        );
      } catch (error) {
        const reason =
          error instanceof ApiError && error.status === 404
            ? new Error('this server has no save file support')
            : error;
        this.session.reportError('Saving the checkpoint failed', reason);
      } finally {
        this.saving = undefined;
      }
    })();
    return this.saving;
  }

  load(): void {
    this.confirm.ask({
      title: 'Load the saved checkpoint?',
      message:
        "Loading replaces everything on screen with the checkpoint last saved with File → Save. Undo (Ctrl+Z) brings today's workbook back.",
      confirmLabel: 'Load',
      danger: true,
      onConfirm: () => void this.runLoad(),
    });
  }

  private async runLoad(): Promise<void> {
    try {
      const result = await this.api.load();
      if (result.status !== 'Success') {
        this.session.toasts.show(result.message ?? 'Nothing was loaded.', 'error');
        return;
      }
      await this.session.reloadEverything();
      this.session.toasts.show('Loaded the saved workbook.', 'success');
    } catch (error) {
      this.session.reportError('Load failed', error);
    }
  }

  async download(kind: 'json' | 'xlsx' | 'xlsx-values' | 'csv'): Promise<void> {
    const workbook = this.session.workbook.get();
    const base =
      (workbook?.name ?? 'workbook').replace(/\s+/g, '_').replace(/[^A-Za-z0-9_-]/g, '') ||
      'workbook';
    const sheet = this.session.activeSheet;
    try {
      const download =
        kind === 'json'
          ? // Version 2 (dense blocks): a tenth of the size, so even a million cells import back under the request limit.
            await this.api.download('/system/export', { version: '2' }, `${base}.gridbook`)
          : kind === 'csv'
            ? // As Excel's Save as CSV: each cell as it shows (dates as dates, 15%, $1,200.00), not 46053 or 0.15.
              await this.api.download(
                '/system/export.csv',
                { sheet, mode: 'display' },
                `${base}__${sheet.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`,
              )
            : await this.api.download(
                '/system/export.xlsx',
                kind === 'xlsx-values' ? { values_only: 'true' } : {},
                `${base}.xlsx`,
              );
      triggerDownload(download);
    } catch (error) {
      this.session.reportError('Download failed', error);
    }
  }

  /** Import a chosen file after confirming that it replaces the workbook (CSV: the active sheet). */
  async chooseImport(file: File): Promise<void> {
    const kind = importKindOf(file.name);
    if (kind === undefined) {
      this.session.toasts.show(
        `${file.name} is not a file Gridbook imports: choose a .gridbook, .gridos, .json, .xlsx or .csv file.`,
        'error',
      );
      return;
    }
    let body: string | Blob = file;
    if (kind === 'json') {
      this.progress.set({ label: `Reading ${file.name}…`, fraction: null });
      try {
        body = await file.text();
        JSON.parse(body);
      } catch {
        this.progress.set(null);
        this.session.toasts.show(
          `${file.name} is not valid JSON, so nothing was imported and the workbook is unchanged.`,
          'error',
        );
        return;
      }
      this.progress.set(null);
    }
    const sheet = this.session.activeSheet;
    const message =
      kind === 'csv'
        ? `The cells of ${file.name} will replace the contents of sheet ${sheet}.`
        : `Importing ${file.name} replaces the whole workbook (every sheet, cell and chart). Download a copy first if you may need the current one.`;
    this.confirm.ask({
      title: `Import ${file.name}?`,
      message,
      confirmLabel: 'Import',
      danger: true,
      onConfirm: () => void this.runImport(file.name, kind, body, sheet),
    });
  }

  private async runImport(
    name: string,
    kind: ImportKind,
    body: string | Blob,
    sheet: string,
  ): Promise<void> {
    const url =
      kind === 'json'
        ? '/system/import'
        : kind === 'xlsx'
          ? '/system/import.xlsx'
          : `/system/import.csv?sheet=${encodeURIComponent(sheet)}`;
    const type =
      kind === 'json'
        ? 'application/json'
        : kind === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv';
    const started = performance.now();
    this.progress.set({ label: `Uploading ${name}…`, fraction: 0 });
    try {
      // The import is a write like any other: it names the client (so Ctrl+Z undoes it) and shows in the save state.
      const upload = uploadWithProgress(
        url,
        body,
        type,
        (fraction) => {
          this.progress.set({
            label: fraction < 1 ? `Uploading ${name}…` : `Importing ${name} on the server…`,
            fraction: fraction < 1 ? fraction : null,
          });
        },
        { [CLIENT_HEADER]: this.session.client.clientId },
      );
      const result = (await this.session.client.writes.track(upload)) as StatusJson | undefined;
      if (result !== undefined && result.status !== undefined && result.status !== 'Success')
        throw new Error(result.message ?? result.status);
      this.progress.set({ label: 'Reading the imported workbook…', fraction: null });
      await this.session.reloadEverything();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.session.toasts.show(
        `Imported ${name} (${this.session.workbook.get()?.sheets.length ?? 0} sheets) in ${seconds} s.`,
        'success',
      );
    } catch (error) {
      this.session.reportError(`Import of ${name} failed; the workbook is unchanged`, error);
    } finally {
      this.progress.set(null);
    }
  }

  clearSheet(): void {
    const sheet = this.session.activeSheet;
    this.confirm.ask({
      title: `Clear sheet ${sheet}?`,
      message: `Every unlocked cell of ${sheet} is emptied and loses its formats, and the filter over them goes. Locked cells and charts stay. Undo (Ctrl+Z) brings the cells back.`,
      confirmLabel: 'Clear sheet',
      danger: true,
      onConfirm: () => void this.runClear(sheet),
    });
  }

  private async runClear(sheet: string): Promise<void> {
    try {
      await this.api.clearSheet(sheet);
      this.session.noteCommit(sheet);
    } catch (error) {
      this.session.reportError('Clear failed', error);
    }
  }

  unlockAll(): void {
    this.confirm.ask({
      title: 'Unlock every cell?',
      message: 'All locked cells on every sheet become editable again.',
      confirmLabel: 'Unlock all',
      onConfirm: () =>
        void this.api
          .unlockAll()
          .then((result) => {
            this.session.noteCommit(this.session.activeSheet);
            this.session.toasts.show(`Unlocked ${result.unlocked ?? 'all'} cells.`, 'success');
          })
          .catch((error: unknown) => this.session.reportError('Unlock failed', error)),
    });
  }
}
