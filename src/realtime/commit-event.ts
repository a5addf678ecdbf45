// A commit as the commit stream sends it: what changed, in the API's words (A1 cells, JSON
// values, sheet names), bounded so that one event stays small whatever the commit wrote.
import { formatCell, valueToJson, type CommittedChange } from '../core/index.js';
import { MAX_EVENT_CELLS, type CommitEventJson } from '../contract/index.js';

export function commitEventOf(
  commit: CommittedChange,
  maxCells: number = MAX_EVENT_CELLS,
): CommitEventJson {
  const { changes } = commit;
  const cellCount = changes.cells.reduce((total, sheet) => total + sheet.cells.length, 0);
  const truncated = cellCount > maxCells;
  return {
    seq: commit.seq,
    kind: commit.kind,
    at: commit.at,
    ...(commit.actor === undefined ? {} : { actor: commit.actor }),
    ...(commit.client === undefined ? {} : { client: commit.client }),
    cells: truncated
      ? []
      : changes.cells.map(({ sheet, cells }) => ({
          sheet,
          cells: cells.map((cell) => ({ cell: formatCell(cell), value: valueToJson(cell.value) })),
        })),
    cells_truncated: truncated,
    changed_sheets: changedSheets(commit),
    sheets: changes.sheets,
    charts: changes.charts,
    layout: changes.layout,
    workbook_replaced: changes.workbookReplaced,
  };
}

/**
 * Sheets whose cells a reader should read again: computed values or formats changed, or an op
 * wrote or locked cells there (an input can change while its value does not: `=1+1` over `2`).
 */
function changedSheets(commit: CommittedChange): string[] {
  const names = new Map<string, string>();
  const add = (sheet: string): void => {
    const key = sheet.toLowerCase();
    if (!names.has(key)) names.set(key, sheet);
  };
  for (const { sheet } of commit.changes.cells) add(sheet);
  for (const sheet of commit.changes.formats ?? []) add(sheet);
  if (commit.ops !== 'snapshot')
    for (const op of commit.ops) if ('sheet' in op && typeof op.sheet === 'string') add(op.sheet);
  return [...names.values()];
}
