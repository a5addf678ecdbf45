// Sheet tabs: click to open, double-click to rename in place, + to add (and open), drag to move,
// right-click for rename/move/delete; deleting asks first and says how much data goes with the sheet.
import { useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { Confirmations } from '../app/confirmations.js';
import { ContextMenu } from '../ui/ContextMenu.js';
import { describeSheetContents } from './sheet-contents.js';

interface Props {
  readonly session: Session;
  readonly confirm: Confirmations;
}

function RenameInput({
  initial,
  onDone,
}: {
  initial: string;
  onDone: (name: string | undefined) => Promise<string | undefined>;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const finish = async (name: string | undefined) => {
    // Enter then the blur of the closing input must not rename twice.
    if (busy.current) return;
    busy.current = true;
    const problem = await onDone(name);
    busy.current = problem === undefined;
    if (problem !== undefined) setError(problem);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void finish(value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      void finish(undefined);
    }
    event.stopPropagation();
  };
  return (
    <span className="tab-rename">
      <input
        ref={input}
        autoFocus
        data-testid="sheet-rename-input"
        aria-label={`New name for ${initial}`}
        aria-invalid={error !== undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onKeyDown={onKeyDown}
        onBlur={() => void finish(error === undefined ? value : undefined)}
      />
      {error !== undefined && (
        // Fixed, placed over the input: the tab list scrolls sideways and would clip anything
        // positioned inside it (the message was invisible).
        <span
          role="alert"
          data-testid="sheet-rename-error"
          className="inline-error tab-error"
          style={errorPlace(input.current)}
        >
          {error}
        </span>
      )}
    </span>
  );
}

/** Just above the rename input, in viewport coordinates. */
function errorPlace(input: HTMLInputElement | null): CSSProperties {
  const box = input?.getBoundingClientRect();
  return box === undefined ? {} : { left: Math.max(4, box.left), top: box.top - 6 };
}

/** The context menu's Move left / Move right, where the sheet has a neighbour that way. */
function moveItems(
  sheets: readonly string[],
  sheet: string,
  moveTo: (index: number) => Promise<void>,
): { id: string; label: string; run: () => void }[] {
  const at = sheets.indexOf(sheet);
  return [
    ...(at > 0
      ? [{ id: 'move-sheet-left', label: 'Move left', run: () => void moveTo(at - 1) }]
      : []),
    ...(at >= 0 && at < sheets.length - 1
      ? [{ id: 'move-sheet-right', label: 'Move right', run: () => void moveTo(at + 1) }]
      : []),
  ];
}

export function SheetTabs({ session, confirm }: Props) {
  const workbook = useObservable(session.workbook);
  const [renaming, setRenaming] = useState<string | undefined>();
  const [menu, setMenu] = useState<{ sheet: string; x: number; y: number } | undefined>();
  // The tab being dragged, and the place it would land (the index of the tab it is over).
  const [dragging, setDragging] = useState<string | undefined>();
  const [dropAt, setDropAt] = useState<number | undefined>();
  if (workbook === null) return <div className="sheet-tabs" />;

  const endDrag = () => {
    setDragging(undefined);
    setDropAt(undefined);
  };

  const rename = async (from: string, to: string | undefined): Promise<string | undefined> => {
    if (to === undefined || to.trim() === from) {
      setRenaming(undefined);
      return undefined;
    }
    const problem = await session.renameSheet(from, to);
    if (problem === undefined) setRenaming(undefined);
    return problem;
  };

  const askDelete = async (sheet: string) => {
    const contents = await describeSheetContents(session, sheet);
    confirm.ask({
      title: `Delete sheet ${sheet}?`,
      message: `${sheet} ${contents}. Deleting removes the sheet and its charts; Undo (Ctrl+Z) brings it back.`,
      confirmLabel: 'Delete sheet',
      danger: true,
      onConfirm: () => void session.deleteSheet(sheet),
    });
  };

  const onContextMenu = (event: MouseEvent, sheet: string) => {
    event.preventDefault();
    setMenu({ sheet, x: event.clientX, y: event.clientY });
  };

  return (
    <div className="sheet-tabs">
      <button
        type="button"
        className="icon-button add-sheet"
        data-testid="add-sheet"
        aria-label="Add sheet"
        title="Add sheet"
        onClick={() => void session.addSheet()}
      >
        +
      </button>
      <div role="tablist" aria-label="Sheets" className="tab-list">
        {workbook.sheets.map((sheet, index) =>
          renaming === sheet ? (
            <RenameInput key={sheet} initial={sheet} onDone={(name) => rename(sheet, name)} />
          ) : (
            <button
              key={sheet}
              type="button"
              role="tab"
              aria-selected={sheet === workbook.active}
              data-testid={`sheet-tab-${sheet}`}
              data-sheet={sheet}
              className={[
                'tab',
                sheet === workbook.active ? 'tab-active' : '',
                dragging !== undefined && dropAt === index && dragging !== sheet ? 'tab-drop' : '',
              ]
                .filter((name) => name !== '')
                .join(' ')}
              title="Double-click to rename; drag to move; right-click for more"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', sheet);
                setDragging(sheet);
              }}
              onDragOver={(event) => {
                if (dragging === undefined) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropAt(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== undefined) void session.moveSheet(dragging, index);
                endDrag();
              }}
              onDragEnd={endDrag}
              onClick={() => void session.activateSheet(sheet)}
              onDoubleClick={() => setRenaming(sheet)}
              onContextMenu={(event) => onContextMenu(event, sheet)}
            >
              {sheet}
            </button>
          ),
        )}
      </div>
      {menu !== undefined && (
        <ContextMenu
          x={menu.x}
          y={menu.y - 80}
          label={`Sheet ${menu.sheet}`}
          onClose={() => setMenu(undefined)}
          items={[
            { id: 'rename-sheet', label: 'Rename', run: () => setRenaming(menu.sheet) },
            ...moveItems(workbook.sheets, menu.sheet, (index) =>
              session.moveSheet(menu.sheet, index),
            ),
            ...(workbook.sheets.length > 1
              ? [{ id: 'delete-sheet', label: 'Delete…', run: () => void askDelete(menu.sheet) }]
              : []),
          ]}
        />
      )}
    </div>
  );
}
