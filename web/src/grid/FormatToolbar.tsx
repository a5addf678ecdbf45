// The formatting toolbar: number format menu (with a custom code dialog), decimal places,
// bold / italic / underline / strike-through, text and fill colours, alignment, wrap, the format
// painter and "clear formatting". It shows the active cell's format (pressed buttons) and applies
// to the selection through POST /grid/format: one commit, so one undo step, per click. On a
// narrow screen the row scrolls sideways.
import { useEffect, useState, type ReactNode } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { MenuButton } from '../ui/MenuButton.js';
import { Dialog } from '../ui/Dialog.js';
import type { CellFormat } from './cell-store.js';
import type { FormatPatch } from './format-patch.js';
import { replacingPatch } from './format-patch.js';
import type { FormatPainter } from './format-painter.js';
import { NUMBER_FORMAT_PRESETS, numberFormatName, stepDecimals } from './number-formats.js';

/** The active cell's format, kept current as the selection moves and cells are read again. */
function useActiveFormat(session: Session): CellFormat | undefined {
  const selection = useObservable(session.selection);
  useObservable(session.dataTick);
  const sheet = session.activeSheet;
  return session.store.formatAt(sheet, selection.cursor.col, selection.cursor.row);
}

interface ToggleProps {
  readonly testId: string;
  readonly label: string;
  readonly pressed: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}

/** A toolbar button that keeps the keyboard in the grid (it does not take focus on click). */
function ToolButton({ testId, label, pressed, onClick, children }: ToggleProps) {
  return (
    <button
      type="button"
      className={pressed ? 'tool-button pressed' : 'tool-button'}
      data-testid={testId}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {/* The label names the button; the glyph is only its picture. */}
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function CustomFormatDialog(props: {
  initial: string;
  onApply: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState(props.initial);
  const apply = () => {
    if (code.trim() === '') return;
    props.onApply(code.trim());
    props.onClose();
  };
  return (
    <Dialog title="Custom number format" onClose={props.onClose} testId="custom-format-dialog">
      <div className="form-grid">
        <label>
          Format code (Excel syntax, e.g. <code>#,##0.00;[Red]-#,##0.00</code>)
          <input
            data-autofocus
            data-testid="custom-format-code"
            value={code}
            maxLength={255}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply();
            }}
          />
        </label>
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          data-testid="custom-format-apply"
          disabled={code.trim() === ''}
          onClick={apply}
        >
          Apply
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The format painter's brush, drawn rather than an emoji: a machine without an emoji font showed
 * the 🖌 character as an empty box.
 */
function PaintbrushIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect
        x="2"
        y="1.5"
        width="10"
        height="4.5"
        rx="1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M12 3.75h1.5v4H7.5v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="6" y="9.5" width="3" height="5" rx="0.75" fill="currentColor" />
    </svg>
  );
}

export function FormatToolbar({ session, painter }: { session: Session; painter: FormatPainter }) {
  const format = useActiveFormat(session);
  const painting = useObservable(painter.armed);
  const [customOpen, setCustomOpen] = useState(false);
  useEffect(() => () => painter.cancel(), [painter]);

  const apply = (patch: FormatPatch) => {
    const { rect } = session.selection.get();
    void session.formatRange(session.activeSheet, rect, patch);
  };
  const toggle = (field: 'bold' | 'italic' | 'underline' | 'strikethrough' | 'wrap') =>
    apply({ [field]: format?.[field] !== true });
  const stepped = (delta: 1 | -1) => {
    const { cursor } = session.selection.get();
    const value = session.cell(cursor.col, cursor.row)?.value;
    apply({ number_format: stepDecimals(format?.number_format, delta, value) });
  };
  const align = (side: 'left' | 'center' | 'right') =>
    apply({ align: format?.align === side ? null : side });

  const numberItems = [
    ...NUMBER_FORMAT_PRESETS.map((preset) => ({
      id: `number-format-${preset.id}`,
      label: preset.label,
      run: () => apply({ number_format: preset.code }),
    })),
    { id: 'number-format-custom', label: 'Custom…', run: () => setCustomOpen(true) },
  ];

  return (
    <div
      className="format-toolbar"
      role="toolbar"
      aria-label="Formatting"
      data-testid="format-toolbar"
    >
      <ToolButton
        testId="format-painter"
        label="Format painter: copy this cell's format to the next selection (Esc cancels)"
        pressed={painting}
        onClick={() => painter.toggle()}
      >
        <PaintbrushIcon />
      </ToolButton>
      <span className="tool-separator" />
      <MenuButton
        testId="format-number-menu"
        label={
          <span data-testid="format-number-name">{numberFormatName(format?.number_format)} ▾</span>
        }
        items={numberItems}
      />
      <ToolButton
        testId="format-decimals-less"
        label="Fewer decimal places"
        pressed={false}
        onClick={() => stepped(-1)}
      >
        {/* Drawn by CSS: digits as text would have to be part of the button's name. */}
        <span className="glyph-decimals-less" />
      </ToolButton>
      <ToolButton
        testId="format-decimals-more"
        label="More decimal places"
        pressed={false}
        onClick={() => stepped(1)}
      >
        <span className="glyph-decimals-more" />
      </ToolButton>
      <span className="tool-separator" />
      <ToolButton
        testId="format-bold"
        label="Bold (Ctrl+B)"
        pressed={format?.bold === true}
        onClick={() => toggle('bold')}
      >
        <b>B</b>
      </ToolButton>
      <ToolButton
        testId="format-italic"
        label="Italic (Ctrl+I)"
        pressed={format?.italic === true}
        onClick={() => toggle('italic')}
      >
        <i>I</i>
      </ToolButton>
      <ToolButton
        testId="format-underline"
        label="Underline (Ctrl+U)"
        pressed={format?.underline === true}
        onClick={() => toggle('underline')}
      >
        <u>U</u>
      </ToolButton>
      <ToolButton
        testId="format-strikethrough"
        label="Strike-through"
        pressed={format?.strikethrough === true}
        onClick={() => toggle('strikethrough')}
      >
        <s>S</s>
      </ToolButton>
      <label className="tool-colour" title="Text colour">
        <span aria-hidden="true" style={{ borderBottomColor: format?.color ?? '#202124' }}>
          A
        </span>
        <input
          type="color"
          data-testid="format-color"
          aria-label="Text colour"
          value={(format?.color ?? '#202124').toLowerCase()}
          onChange={(event) => apply({ color: event.target.value.toUpperCase() })}
        />
      </label>
      <label className="tool-colour" title="Fill colour">
        <span aria-hidden="true" style={{ borderBottomColor: format?.fill ?? '#ffffff' }}>
          ▨
        </span>
        <input
          type="color"
          data-testid="format-fill"
          aria-label="Fill colour"
          value={(format?.fill ?? '#ffffff').toLowerCase()}
          onChange={(event) => apply({ fill: event.target.value.toUpperCase() })}
        />
      </label>
      <span className="tool-separator" />
      <ToolButton
        testId="format-align-left"
        label="Align left"
        pressed={format?.align === 'left'}
        onClick={() => align('left')}
      >
        ⇤
      </ToolButton>
      <ToolButton
        testId="format-align-center"
        label="Align centre"
        pressed={format?.align === 'center'}
        onClick={() => align('center')}
      >
        ↔
      </ToolButton>
      <ToolButton
        testId="format-align-right"
        label="Align right"
        pressed={format?.align === 'right'}
        onClick={() => align('right')}
      >
        ⇥
      </ToolButton>
      <ToolButton
        testId="format-wrap"
        label="Wrap text"
        pressed={format?.wrap === true}
        onClick={() => toggle('wrap')}
      >
        ↩
      </ToolButton>
      <ToolButton
        testId="format-clear"
        label="Clear formatting"
        pressed={false}
        onClick={() => apply(replacingPatch(undefined))}
      >
        ⌫
      </ToolButton>
      {customOpen && (
        <CustomFormatDialog
          initial={format?.number_format ?? 'General'}
          onApply={(code) => apply({ number_format: code })}
          onClose={() => setCustomOpen(false)}
        />
      )}
    </div>
  );
}
