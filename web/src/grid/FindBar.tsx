// Ctrl+F / Ctrl+H: find on the active sheet, step through the matches (the grid follows), replace
// the match in view and step to the next (Excel's Replace), or replace them all in one undo step. The search runs on the server (POST /grid/find), so it
// covers cells the page has not loaded. It looks in what cells hold (formula text) by default,
// as Excel's Find does, or in their values.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Session } from '../app/session.js';
import { errorMessage } from '../api/errors.js';
import { tryParseCell } from './address.js';

export type FindMode = 'find' | 'replace';

/** Excel's "Look in": what was typed (a formula's text) or the value it shows. */
type LookIn = 'formulas' | 'values';

interface Props {
  readonly session: Session;
  readonly mode: FindMode;
  readonly onMode: (mode: FindMode) => void;
  readonly onClose: () => void;
}

interface Found {
  readonly key: string;
  readonly cells: readonly string[];
  readonly total: number;
}

/** At most this many matches are stepped through; the count still says how many there are. */
const STEP_LIMIT = 1_000;

export function FindBar({ session, mode, onMode, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [wholeCell, setWholeCell] = useState(false);
  const [lookIn, setLookIn] = useState<LookIn>('formulas');
  const [found, setFound] = useState<Found | undefined>();
  const [index, setIndex] = useState(-1);
  const [problem, setProblem] = useState<string | undefined>();
  const queryRef = useRef<HTMLInputElement>(null);
  const options = { query, match_case: matchCase, whole_cell: wholeCell };
  // Replace works on what cells hold, as Excel's does, so its matches are looked for there.
  const lookingIn: LookIn = mode === 'replace' ? 'formulas' : lookIn;
  const key = JSON.stringify([session.activeSheet, options, lookingIn]);

  const search = async (): Promise<Found | undefined> => {
    if (query === '') return undefined;
    try {
      const result = await session.grid.find({
        ...options,
        look_in: lookingIn,
        sheet: session.activeSheet,
        scope: 'sheet',
        limit: STEP_LIMIT,
      });
      const next = { key, cells: result.matches.map((match) => match.cell), total: result.total };
      setFound(next);
      setProblem(undefined);
      return next;
    } catch (error) {
      setProblem(errorMessage(error));
      return undefined;
    }
  };

  const show = (cells: readonly string[], at: number) => {
    setIndex(at);
    const cell = tryParseCell(cells[at]!);
    if (cell !== undefined) session.goTo({ ...cell, width: 1, height: 1 });
  };

  const step = async (direction: 1 | -1) => {
    const current = found?.key === key ? found : await search();
    if (current === undefined || current.cells.length === 0) {
      setIndex(-1);
      return;
    }
    const count = current.cells.length;
    show(current.cells, found?.key === key ? (index + direction + count) % count : 0);
  };

  // Excel's Replace: the match in view is replaced (one write, one undo step) and the next match
  // after it is shown; with none in view yet, it shows the first.
  const replaceOne = async () => {
    const shown = found?.key === key && index >= 0 ? found.cells[index] : undefined;
    const at = shown === undefined ? undefined : tryParseCell(shown);
    if (shown === undefined || at === undefined) {
      await step(1);
      return;
    }
    const sheet = session.activeSheet;
    const replaced = await session.replaceAll(sheet, { ...options, replacement, range: shown });
    if (replaced === undefined || session.activeSheet !== sheet) return;
    const after = await search();
    if (after === undefined || after.cells.length === 0) {
      setIndex(-1);
      return;
    }
    // Matches come row by row; the replaced cell, if it still matches, is passed over.
    const next = after.cells.findIndex((cell) => {
      const ref = tryParseCell(cell);
      return ref !== undefined && (ref.row > at.row || (ref.row === at.row && ref.col > at.col));
    });
    show(after.cells, Math.max(0, next));
  };

  const replaceAll = async () => {
    if (query === '') return;
    await session.replaceAll(session.activeSheet, { ...options, replacement });
    setFound(undefined);
    setIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void step(event.shiftKey ? -1 : 1);
    }
  };

  const status =
    problem ??
    (found?.key !== key ? '' : found.total === 0 ? 'No matches' : `${index + 1} of ${found.total}`);

  return (
    <div className="find-bar" role="search" data-testid="find-bar" onKeyDown={onKeyDown}>
      <input
        ref={queryRef}
        autoFocus
        aria-label="Find"
        placeholder="Find"
        data-testid="find-query"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="button" data-testid="find-previous" onClick={() => void step(-1)}>
        Previous
      </button>
      <button type="button" data-testid="find-next" onClick={() => void step(1)}>
        Next
      </button>
      <label>
        <input
          type="checkbox"
          data-testid="find-match-case"
          checked={matchCase}
          onChange={(event) => setMatchCase(event.target.checked)}
        />
        Match case
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="find-whole-cell"
          checked={wholeCell}
          onChange={(event) => setWholeCell(event.target.checked)}
        />
        Whole cell
      </label>
      {mode === 'find' && (
        <label>
          Look in{' '}
          <select
            data-testid="find-look-in"
            value={lookIn}
            onChange={(event) => setLookIn(event.target.value as LookIn)}
          >
            <option value="formulas">Formulas</option>
            <option value="values">Values</option>
          </select>
        </label>
      )}
      {mode === 'replace' ? (
        <>
          <input
            aria-label="Replace with"
            placeholder="Replace with"
            data-testid="replace-with"
            value={replacement}
            onChange={(event) => setReplacement(event.target.value)}
          />
          <button type="button" data-testid="replace-one" onClick={() => void replaceOne()}>
            Replace
          </button>
          <button type="button" data-testid="replace-all" onClick={() => void replaceAll()}>
            Replace all
          </button>
        </>
      ) : (
        <button type="button" data-testid="find-show-replace" onClick={() => onMode('replace')}>
          Replace…
        </button>
      )}
      <span className="find-status" role="status" data-testid="find-status">
        {status}
      </span>
      <button type="button" aria-label="Close find" data-testid="find-close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
