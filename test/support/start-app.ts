// Starts the real Gridbook app (buildApp + an OssHost) on 127.0.0.1 with an ephemeral port,
// the way black-box API tests need it. Each call builds a fresh workbook and, unless the test
// names one, a fresh temporary data directory (removed on close), so tests never share state
// and never write into the working tree.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import {
  followPluginChanges,
  OssHost,
  type CommitJournal,
  type WorkbookHost,
} from '../../src/hosting/index.js';
import { buildApp, type App, type AppDeps } from '../../src/http/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { api, type Api } from './api.js';
import { MemoryJournal } from './memory-journal.js';

export interface StartAppOptions {
  /** Environment variables as `loadConfig` reads them (nothing from process.env leaks in). */
  readonly env?: Readonly<Record<string, string>>;
  /** The workbook host; default: a new OssHost. */
  readonly host?: WorkbookHost;
  /** Where the default host journals its commits; default: a MemoryJournal. */
  readonly journal?: CommitJournal;
  /** Extra or overriding dependencies for buildApp (stores, error mappings, …). */
  readonly deps?: Partial<AppDeps>;
}

export interface RunningApp {
  /** Base URL without a trailing slash, for example http://127.0.0.1:40123. */
  readonly url: string;
  readonly app: App;
  readonly config: Config;
  readonly host: WorkbookHost;
  /** A fetch helper bound to `url`. */
  readonly http: Api;
  /** The data directory the app saves into. */
  readonly dataDir: string;
  close(): Promise<void>;
}

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const ownDataDir =
    options.env?.['GRIDBOOK_DATA_DIR'] === undefined
      ? await mkdtemp(path.join(tmpdir(), 'gridbook-test-'))
      : undefined;
  const config = loadConfig(
    {
      GRIDBOOK_LOG_LEVEL: 'silent',
      ...(ownDataDir === undefined ? {} : { GRIDBOOK_DATA_DIR: ownDataDir }),
      ...options.env,
    },
    process.cwd(),
  );
  const plugins = options.deps?.plugins;
  // A fixed clock and counting ids, so nothing a test sees depends on the wall clock or chance.
  const now = (): Date => new Date('2026-01-02T03:04:05Z');
  const host =
    options.host ??
    (await OssHost.open({
      journal: options.journal ?? new MemoryJournal(),
      workbookOptions: {
        undoDepth: config.undoDepth,
        undoMaxBytes: config.undoMaxBytes,
        formulaBudgetMs: config.formulaBudgetMs,
        ...(plugins === undefined ? {} : { functionSource: () => plugins.functions() }),
      },
      now,
    }));
  // As main.ts does: plugin changes and arrived results reach the workbook as commits.
  if (plugins !== undefined && options.host === undefined && host instanceof OssHost)
    followPluginChanges(await host.handleFor(), plugins, () => undefined);
  let nextId = 0;
  const app = await buildApp({
    config,
    host,
    logger: false,
    checkResponses: true,
    now,
    newId: () => `id${(nextId += 1).toString(16).padStart(6, '0')}`,
    ...options.deps,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the app did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  const close = async (): Promise<void> => {
    await app.close();
    if (ownDataDir !== undefined) await rm(ownDataDir, { recursive: true, force: true });
  };
  return { url, app, config, host, http: api(url), dataDir: config.dataDir, close };
}

/**
 * The real server over its real file store and journal in `dataDir`, as main.ts wires them: what
 * a test of "it comes back after a restart" starts twice on one directory. Closing it closes the
 * store too (the directory stays, for the next start).
 */
export async function startDurableApp(dataDir: string): Promise<RunningApp> {
  const store = new FileWorkbookStore({ dir: dataDir, now: () => new Date(0) });
  const running = await startApp({
    env: { GRIDBOOK_DATA_DIR: dataDir },
    journal: store,
    deps: { store },
  });
  return {
    ...running,
    close: async () => {
      await running.close();
      await store.close();
    },
  };
}
