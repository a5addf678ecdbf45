// Sum, average and count of the selection, computed by the server's /eval so a whole-column
// selection never downloads its cells (docs/ui-rules.md NAV-06), the sum and average shown in the
// selection's number format (through TEXT, the server's one format engine); the connection state.
import { useEffect, useState } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { formatRect, type Rect } from '../grid/address.js';
import { totalsRanges } from './totals-ranges.js';
import { formatNumber } from '../grid/cell-format.js';
import { formatLocale } from '../../../src/core/format/number-format.js';

interface Totals {
  readonly sum: number;
  readonly average: number | null;
  readonly count: number;
  readonly numbers: number;
  /** The sum and average through the selection's number format, when it has one. */
  readonly shown?: { readonly sum: string; readonly average: string };
}

/** The number format the figures are shown in: the active cell's, else the selection's first cell's. */
function selectionNumberFormat(session: Session, sheet: string, rect: Rect): string | undefined {
  const { cursor } = session.selection.get();
  const code =
    session.store.formatAt(sheet, cursor.col, cursor.row)?.number_format ??
    session.store.formatAt(sheet, rect.col, rect.row)?.number_format;
  // Text ("@") and General show the plain figures.
  return code === undefined || code === '@' || code === 'General' ? undefined : code;
}

// Evaluated "at" the sheet's very last cell, which a selection practically never includes,
// so the dry run cannot be a circular reference.
const EVAL_CELL = 'XFD1048576';
/** How long the selection must rest before its totals are asked for. */
const SETTLE_MS = 120;

const NO_TOTALS: Totals = { sum: 0, count: 0, numbers: 0, average: null };

export async function selectionTotals(
  session: Session,
  sheet: string,
  rect: Rect,
): Promise<Totals | undefined> {
  const ranges = totalsRanges(rect, session.store.bounds(sheet));
  if (ranges === undefined) return undefined;
  if (ranges.length === 0) return NO_TOTALS;
  const code = selectionNumberFormat(session, sheet, rect);
  const quoted = code === undefined ? '' : `"${code.replace(/"/g, '""')}"`;
  // One range: its figures and their shown text in one request. Several: their figures, then
  // the shown text of the sums added up here.
  const shownOf = (sum: string, average: string) => [
    { cell: EVAL_CELL, formula: `=TEXT(${sum},${quoted})` },
    { cell: EVAL_CELL, formula: `=IFERROR(TEXT(${average},${quoted}),"")` },
  ];
  const single = ranges.length === 1 ? ranges[0] : undefined;
  const { results } = await session.grid.evaluate(sheet, [
    ...ranges.flatMap((range) => [
      { cell: EVAL_CELL, formula: `=SUM(${range})` },
      { cell: EVAL_CELL, formula: `=COUNTA(${range})` },
      { cell: EVAL_CELL, formula: `=COUNT(${range})` },
    ]),
    ...(code === undefined || single === undefined
      ? []
      : shownOf(`SUM(${single})`, `AVERAGE(${single})`)),
  ]);
  const number = (index: number) =>
    typeof results[index]?.result === 'number' ? (results[index].result as number) : 0;
  const text = (index: number) =>
    typeof results[index]?.result === 'string' ? (results[index].result as string) : undefined;
  let sum = 0;
  let count = 0;
  let numbers = 0;
  for (let index = 0; index < ranges.length; index += 1) {
    sum += number(3 * index);
    count += number(3 * index + 1);
    numbers += number(3 * index + 2);
  }
  const average = numbers > 0 ? sum / numbers : null;
  let shown = { sum: text(3), average: text(4) };
  if (code !== undefined && single === undefined) {
    const texts = (
      await session.grid.evaluate(sheet, shownOf(String(sum), String(average ?? '""')))
    ).results;
    shown = {
      sum: typeof texts[0]?.result === 'string' ? texts[0].result : undefined,
      average: typeof texts[1]?.result === 'string' ? texts[1].result : undefined,
    };
  }
  return {
    sum,
    count,
    numbers,
    average,
    ...(shown.sum === undefined || shown.average === undefined
      ? {}
      : { shown: { sum: shown.sum, average: shown.average } }),
  };
}

const grouped = (value: number): string =>
  Number.isInteger(value) ? value.toLocaleString(formatLocale()) : formatNumber(value);

export function StatusBar({ session }: { session: Session }) {
  const selection = useObservable(session.selection);
  const [commits, setCommits] = useState(0);
  useEffect(() => {
    const stop = session.onActiveCellsChange(() => setCommits((count) => count + 1));
    return () => {
      stop();
    };
  }, [session]);
  const online = useObservable(session.online);
  const workbook = useObservable(session.workbook);
  const [totals, setTotals] = useState<Totals | undefined>();
  const sheet = workbook?.active ?? '';
  const key = `${sheet}|${formatRect(selection.rect)}`;

  useEffect(() => {
    if (sheet === '') return;
    let cancelled = false;
    // Wait for the selection to settle (dragging) before asking the server, and while the sheet
    // is being renamed or deleted, or an undo may be taking it away: asked by a name that is
    // gone, the server would answer 404.
    const ask = () => {
      if (session.store.isHeld(sheet) || session.historyPending) {
        timer = setTimeout(ask, SETTLE_MS);
        return;
      }
      selectionTotals(session, sheet, selection.rect)
        .then((next) => !cancelled && setTotals(next))
        .catch(() => !cancelled && setTotals(undefined));
    };
    let timer = setTimeout(ask, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, commits]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <footer className="status-bar" aria-label="Status">
      {!online && (
        <span className="status-offline" data-testid="status-offline">
          Offline
        </span>
      )}
      <span className="status-spacer" />
      {totals !== undefined && totals.numbers > 0 && (
        <>
          <span data-testid="status-sum">Sum {totals.shown?.sum ?? grouped(totals.sum)}</span>
          <span data-testid="status-avg">
            Avg{' '}
            {totals.average === null
              ? '—'
              : totals.shown?.average || grouped(Number(totals.average.toFixed(10)))}
          </span>
        </>
      )}
      {totals !== undefined && (
        <span data-testid="status-count">Count {totals.count.toLocaleString('en-US')}</span>
      )}
    </footer>
  );
}
