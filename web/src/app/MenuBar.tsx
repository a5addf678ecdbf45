// The top bar: name, File / Edit / Insert menus, undo/redo, save state, settings, plugins, AI
// toggle.
import { useRef, type ReactNode } from 'react';
import { useObservable } from './observable.js';
import type { Session } from './session.js';
import { WorkbookTitle } from './WorkbookTitle.js';
import { MenuButton } from '../ui/MenuButton.js';
import type { FilesController, SaveState } from '../files/files-controller.js';
import type { ChartsController } from '../charts/charts-controller.js';
import type { SettingsController } from '../settings/settings-controller.js';
import type { PluginsController } from '../plugins/plugins-controller.js';
import { ImportProgress } from '../files/ImportProgress.js';
import { columnToLetters } from '../grid/address.js';

interface Props {
  readonly session: Session;
  readonly files: FilesController;
  readonly charts: ChartsController;
  readonly settings: SettingsController;
  readonly plugins: PluginsController;
  readonly aiOpen: boolean;
  readonly onToggleAi: () => void;
  /** SaaS mode's workbook list, Share and account buttons; OSS has none. */
  readonly accountControls?: ReactNode;
  /** Told after the workbook's name was changed in the title field (SaaS: the list follows). */
  readonly onWorkbookRenamed?: ((name: string) => void) | undefined;
}

function describeSave(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return 'All changes saved';
    case 'saving':
      return 'Saving…';
    case 'error':
      return `Last change not saved: ${state.message}`;
  }
}

export function MenuBar({
  session,
  files,
  charts,
  settings,
  plugins,
  aiOpen,
  onToggleAi,
  accountControls,
  onWorkbookRenamed,
}: Props) {
  const workbook = useObservable(session.workbook);
  const saveState = useObservable(files.saveState);
  const fileInput = useRef<HTMLInputElement>(null);

  const fileItems = [
    { id: 'save', label: 'Save checkpoint on server (Ctrl+S)', run: () => void files.save() },
    { id: 'load', label: 'Load saved checkpoint…', run: () => files.load() },
    {
      id: 'download-json',
      label: 'Download Gridbook file (.gridbook JSON)',
      run: () => void files.download('json'),
    },
    {
      id: 'download-xlsx',
      label: 'Download Excel (.xlsx)',
      run: () => void files.download('xlsx'),
    },
    {
      id: 'download-xlsx-values',
      label: 'Download Excel, values only',
      run: () => void files.download('xlsx-values'),
    },
    {
      id: 'download-csv',
      label: 'Download this sheet as CSV',
      run: () => void files.download('csv'),
    },
    {
      id: 'import',
      label: 'Import file… (Gridbook, GridOS, xlsx, CSV)',
      run: () => fileInput.current?.click(),
    },
    { id: 'clear-sheet', label: 'Clear sheet…', run: () => files.clearSheet() },
    { id: 'unlock-all', label: 'Unlock all cells…', run: () => files.unlockAll() },
  ];
  const editItems = [
    {
      id: 'undo',
      label: 'Undo (Ctrl+Z)',
      run: () => void session.history('undo'),
      disabled: workbook?.canUndo !== true,
    },
    {
      id: 'redo',
      label: 'Redo (Ctrl+Y)',
      run: () => void session.history('redo'),
      disabled: workbook?.canRedo !== true,
    },
  ];
  const layout = useObservable(session.layouts.current);
  const selection = useObservable(session.selection);
  const hasFilter = layout?.filter !== null && layout?.filter !== undefined;
  const dataItems = [
    {
      id: 'sort-range',
      label: 'Sort range…',
      run: () => void session.layouts.openSort(),
    },
    hasFilter
      ? {
          id: 'remove-filter',
          label: 'Remove filter',
          run: () => void session.layouts.clearFilter(),
        }
      : {
          id: 'create-filter',
          label: 'Create filter',
          run: () => void session.layouts.createFilter(),
        },
  ];
  const freezeRows = (rows: number) => () =>
    void session.layouts.freeze(rows, layout?.frozenColumns ?? 0);
  const freezeColumns = (columns: number) => () =>
    void session.layouts.freeze(layout?.frozenRows ?? 0, columns);
  const cursor = selection.cursor;
  const viewItems = [
    { id: 'freeze-no-rows', label: 'Freeze: no rows', run: freezeRows(0) },
    { id: 'freeze-1-row', label: 'Freeze: 1 row', run: freezeRows(1) },
    { id: 'freeze-2-rows', label: 'Freeze: 2 rows', run: freezeRows(2) },
    {
      id: 'freeze-rows-to-cursor',
      label: `Freeze: up to row ${cursor.row + 1}`,
      run: freezeRows(cursor.row + 1),
      disabled: cursor.row + 1 > 1000,
    },
    { id: 'freeze-no-columns', label: 'Freeze: no columns', run: freezeColumns(0) },
    { id: 'freeze-1-column', label: 'Freeze: 1 column', run: freezeColumns(1) },
    {
      id: 'freeze-columns-to-cursor',
      label: `Freeze: up to column ${columnToLetters(cursor.col)}`,
      run: freezeColumns(cursor.col + 1),
      disabled: cursor.col + 1 > 100,
    },
  ];
  const insertItems = [
    { id: 'insert-chart', label: 'Chart from selection…', run: () => charts.openCreate() },
  ];

  return (
    <header className="menu-bar">
      <span className="brand" aria-hidden="true">
        ▦ Gridbook
      </span>
      <WorkbookTitle session={session} onRenamed={onWorkbookRenamed} />
      <nav className="menus" aria-label="Menus">
        <MenuButton label="File" testId="menu-file" items={fileItems} />
        <MenuButton label="Edit" testId="menu-edit" items={editItems} />
        <MenuButton label="View" testId="menu-view" items={viewItems} />
        <MenuButton label="Insert" testId="menu-insert" items={insertItems} />
        <MenuButton label="Data" testId="menu-data" items={dataItems} />
      </nav>
      <button
        type="button"
        className="icon-button"
        data-testid="undo"
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
        disabled={workbook?.canUndo !== true}
        onClick={() => void session.history('undo')}
      >
        ↶
      </button>
      <button
        type="button"
        className="icon-button"
        data-testid="redo"
        aria-label="Redo"
        title="Redo (Ctrl+Y)"
        disabled={workbook?.canRedo !== true}
        onClick={() => void session.history('redo')}
      >
        ↷
      </button>
      <span
        className={`save-state save-${saveState.kind}`}
        data-testid="save-state"
        data-state={saveState.kind}
        title={saveState.kind === 'error' ? saveState.message : undefined}
      >
        {describeSave(saveState)}
      </span>
      <span className="menu-spacer" />
      {accountControls}
      <button
        type="button"
        className="text-button"
        data-testid="open-settings"
        aria-label="Keys & models"
        title="Keys & models"
        onClick={() => settings.show()}
      >
        ⚙<span className="wide-label"> Keys &amp; models</span>
      </button>
      <button
        type="button"
        className="text-button"
        data-testid="plugins-menu-item"
        aria-haspopup="dialog"
        onClick={() => plugins.show()}
      >
        Plugins…
      </button>
      <button
        type="button"
        className={aiOpen ? 'text-button toggled' : 'text-button'}
        data-testid="toggle-ai"
        aria-pressed={aiOpen}
        onClick={onToggleAi}
      >
        ✦ Ask AI
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="import-input"
        accept=".gridbook,.gridos,.json,.xlsx,.csv,.tsv,.txt"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) void files.chooseImport(file);
        }}
      />
      <ImportProgress files={files} />
    </header>
  );
}
