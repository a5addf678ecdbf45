// The workbook page: menu bar, formula bar, grid (with chart overlays), AI panel, sheet tabs,
// status bar, and the dialogs. Feature state lives in the session and feature controllers;
// this component only lays them out.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useObservable, useObservableSlice } from './observable.js';
import type { Session } from './session.js';
import { Confirmations } from './confirmations.js';
import { installShortcuts } from './shortcuts.js';
import { MenuBar } from './MenuBar.js';
import { EditController } from '../grid/editing.js';
import { GridView } from '../grid/GridView.js';
import { FormulaBar } from '../grid/FormulaBar.js';
import { FormatToolbar } from '../grid/FormatToolbar.js';
import { FormatPainter } from '../grid/format-painter.js';
import { FindBar, type FindMode } from '../grid/FindBar.js';
import { GRID_COLUMNS, MIN_GRID_ROWS } from '../grid/grid-theme.js';
import { SheetTabs } from '../sheets/SheetTabs.js';
import { StatusBar } from '../status/StatusBar.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { Toasts } from '../ui/Toasts.js';
import { ConflictDialog } from '../grid/ConflictDialog.js';
import { LayoutDialogs } from '../grid/LayoutDialogs.js';
import { FilesController } from '../files/files-controller.js';
import { ChartsController } from '../charts/charts-controller.js';
import { ChartLayer } from '../charts/ChartLayer.js';

import { SettingsController } from '../settings/settings-controller.js';
import { PluginsController } from '../plugins/plugins-controller.js';

import { AgentController } from '../agent/agent-controller.js';
import type { Account } from '../account/account.js';
import { AccountControls } from '../account/AccountControls.js';
import { NoAccessNotice } from '../account/NoAccessNotice.js';
import { WorkbooksController } from '../workbooks/workbooks-controller.js';
import { ShareController } from '../share/share-controller.js';
import { hasHeroPrompt } from '../landing/hero-handoff.js';
import { followCommits } from '../realtime/index.js';

// Not needed for the first screen: loaded in their own chunks (docs/ui-rules.md PERF-12).
const AiPanel = lazy(() =>
  import('../agent/AiPanel.js').then((module) => ({ default: module.AiPanel })),
);
const SettingsDialog = lazy(() =>
  import('../settings/SettingsDialog.js').then((module) => ({ default: module.SettingsDialog })),
);
const PluginsDialog = lazy(() =>
  import('../plugins/PluginsDialog.js').then((module) => ({ default: module.PluginsDialog })),
);
const WorkbooksDialog = lazy(() =>
  import('../workbooks/WorkbooksDialog.js').then((module) => ({
    default: module.WorkbooksDialog,
  })),
);
const ShareDialog = lazy(() =>
  import('../share/ShareDialog.js').then((module) => ({ default: module.ShareDialog })),
);
const ChartDialog = lazy(() =>
  import('../charts/ChartDialog.js').then((module) => ({ default: module.ChartDialog })),
);

const AI_PANEL_KEY = 'gridbook:ai-panel-open';

/** `account`: SaaS mode, signed in; OSS pages have none and look as they always did. */
export function App({
  session,
  opening,
  account,
}: {
  session: Session;
  opening: Promise<void>;
  account?: Account | undefined;
}) {
  const confirm = useMemo(() => new Confirmations(), []);
  const editor = useMemo(
    () =>
      new EditController(session, () => ({
        rows: Math.max(
          MIN_GRID_ROWS,
          (session.store.bounds(session.activeSheet)?.lastRow ?? 0) + 1000,
        ),
        cols: GRID_COLUMNS,
      })),
    [session],
  );
  const files = useMemo(() => new FilesController(session, confirm), [session, confirm]);
  const painter = useMemo(() => new FormatPainter(session), [session]);
  const charts = useMemo(() => new ChartsController(session), [session]);
  const settings = useMemo(() => new SettingsController(session), [session]);
  const plugins = useMemo(() => new PluginsController(session), [session]);
  const agent = useMemo(
    () => new AgentController(session, settings, charts),
    [session, settings, charts],
  );
  const workbooks = useMemo(
    () => (account === undefined ? undefined : new WorkbooksController(account, session)),
    [account, session],
  );
  const share = useMemo(
    () => (account === undefined ? undefined : new ShareController(account)),
    [account],
  );
  const confirmRequest = useObservable(confirm.current);
  const online = useObservable(session.online);
  // The grid mounts once the workbook is known, so it renders once with real cells.
  const workbookKnown = useObservableSlice(session.workbook, (workbook) => workbook !== null);
  const chartEditor = useObservable(charts.editing);
  const settingsOpen = useObservable(settings.open);
  const pluginsOpen = useObservable(plugins.open);
  const [findMode, setFindMode] = useState<FindMode | null>(null);
  // A prompt from the landing page is answered in the panel, so it opens for it.
  const [aiOpen, setAiOpen] = useState(
    () => hasHeroPrompt() || localStorage.getItem(AI_PANEL_KEY) !== 'closed',
  );

  useEffect(() => {
    localStorage.setItem(AI_PANEL_KEY, aiOpen ? 'open' : 'closed');
  }, [aiOpen]);

  useEffect(() => {
    void opening.catch((error: unknown) =>
      session.reportError('Could not open the workbook', error),
    );
    // "Interactive" = the first cells of the sheet are on screen (docs/ui-rules.md PERF-03); keys
    // and models are read after that, so they never delay the first screen. Charts start at once:
    // their list is one small read, and their data and drawing code then load beside the grid's.
    let later: ReturnType<typeof setTimeout> | undefined;
    let marked = false;
    const check = () => {
      const sheet = session.workbook.get()?.active;
      if (marked || sheet === undefined || session.store.cell(sheet, 0, 0) === undefined) return;
      marked = true;
      requestAnimationFrame(() => {
        performance.mark('gridbook:interactive');
        document.documentElement.dataset['interactiveMs'] = String(Math.round(performance.now()));
      });
      later = setTimeout(() => {
        void settings.refresh();
      }, 50);
    };
    const stopData = session.dataTick.subscribe(check);
    const stopWorkbook = session.workbook.subscribe(check);
    const stop = () => {
      stopData();
      stopWorkbook();
    };
    charts.start();
    check();
    const heartbeat = setInterval(() => void session.heartbeat(), 4000);
    // Once the first reads are in (they name the seq the stream starts after).
    let stopFollowing: (() => void) | undefined;
    let unmounted = false;
    void opening
      .then(() => {
        if (!unmounted) stopFollowing = followCommits(session, account?.auth.workbookId ?? 'local');
      })
      .catch(() => undefined);
    // The browser's "Leave site?" question while a change is not yet stored, as Sheets asks.
    const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (session.unsaved) event.preventDefault();
    };
    window.addEventListener('beforeunload', warnBeforeLeaving);
    const uninstall = installShortcuts(session, {
      save: () => void files.save(),
      find: (mode) => setFindMode(mode),
    });
    files.start();
    return () => {
      clearTimeout(later);
      clearInterval(heartbeat);
      unmounted = true;
      stopFollowing?.();
      window.removeEventListener('beforeunload', warnBeforeLeaving);
      uninstall();
      stop();
    };
  }, [session, opening, files, charts, settings, account]);

  return (
    <div className={aiOpen ? 'app ai-open' : 'app'}>
      {!online && (
        <div role="alert" className="connection-banner" data-testid="connection-banner">
          Connection lost — retrying. Edits are paused until the server answers.
        </div>
      )}
      <MenuBar
        session={session}
        files={files}
        charts={charts}
        settings={settings}
        plugins={plugins}
        aiOpen={aiOpen}
        onToggleAi={() => setAiOpen((open) => !open)}
        accountControls={
          account !== undefined &&
          workbooks !== undefined &&
          share !== undefined && (
            <AccountControls account={account} workbooks={workbooks} share={share} />
          )
        }
        onWorkbookRenamed={
          account === undefined
            ? undefined
            : (name) =>
                void account
                  .titleChanged(name)
                  .catch((error: unknown) =>
                    session.reportError('The workbook list keeps its old name', error),
                  )
        }
      />
      {account !== undefined && workbooks !== undefined && (
        <NoAccessNotice account={account} workbooks={workbooks} />
      )}
      <FormatToolbar session={session} painter={painter} />
      <FormulaBar session={session} editor={editor} />
      {findMode !== null && (
        <FindBar
          session={session}
          mode={findMode}
          onMode={setFindMode}
          onClose={() => setFindMode(null)}
        />
      )}
      <main className="workspace">
        {workbookKnown && (
          <GridView
            session={session}
            editor={editor}
            onInsertChart={() => charts.openCreate()}
            overlays={(geometry) => (
              <ChartLayer controller={charts} agent={agent} geometry={geometry} />
            )}
          />
        )}
        {!workbookKnown && <div className="grid-area grid-loading" aria-busy="true" />}
        {aiOpen && (
          <Suspense fallback={<aside className="ai-panel" aria-busy="true" />}>
            <AiPanel controller={agent} settings={settings} onClose={() => setAiOpen(false)} />
          </Suspense>
        )}
      </main>
      <SheetTabs session={session} confirm={confirm} />
      <StatusBar session={session} />
      <Suspense fallback={null}>
        {chartEditor !== null && <ChartDialog controller={charts} request={chartEditor} />}
        {settingsOpen && <SettingsDialog controller={settings} account={account} />}
        {workbooks !== undefined && <WorkbooksDialogWhenOpen controller={workbooks} />}
        {share !== undefined && <ShareDialogWhenOpen controller={share} />}
        {pluginsOpen && <PluginsDialog controller={plugins} />}
      </Suspense>
      {confirmRequest !== null && (
        <ConfirmDialog request={confirmRequest} onClose={() => confirm.close()} />
      )}
      <ConflictDialog session={session} />
      <LayoutDialogs session={session} />
      <Toasts toasts={session.toasts} />
    </div>
  );
}

function WorkbooksDialogWhenOpen({ controller }: { controller: WorkbooksController }) {
  return useObservable(controller.open) ? <WorkbooksDialog controller={controller} /> : null;
}

function ShareDialogWhenOpen({ controller }: { controller: ShareController }) {
  return useObservable(controller.open) ? <ShareDialog controller={controller} /> : null;
}
