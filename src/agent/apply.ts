// POST /agent/apply (docs/contract.md §4): place the blocks (collision resolution), run both
// guardrails, then write cells and chart in ONE commit, so the apply is all-or-nothing and one undo
// step. Status: Partial when the chart failed after a good write, Collision Resolved when a block
// moved, Success otherwise.
import {
  cellKey,
  cellReaderOf,
  checkGuardrails,
  formatCell,
  keyToAddress,
  runsFromCells,
  type ChangeSet,
  type Chart,
  type Op,
  type ShiftDirection,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
import { chartWrite } from './chart-writes.js';
import { placeFormats, type PlacedFormats, type ProposedFormat } from './format-writes.js';
import type { ProposedWrite } from './parse-reply.js';
import {
  blocksOf,
  cellsOf,
  placeBlocks,
  proposedCells,
  writeOps,
  type PlacedBlock,
} from './write-plan.js';

export type ApplyStatus = 'Success' | 'Collision Resolved' | 'Partial';

/**
 * Cells an agent wrote, per lowercased sheet name: cell key → the version its write left the
 * cell at. A cell whose version has moved since was written by someone else and is theirs again.
 */
export type OwnedCells = ReadonlyMap<string, ReadonlyMap<number, number>>;

export interface ApplyRequest {
  readonly agentId: string;
  /** The sheet unqualified targets write to; default the active sheet. */
  readonly sheet?: string | undefined;
  readonly writes: readonly ProposedWrite[];
  readonly direction: ShiftDirection;
  readonly chartSpec: Readonly<Record<string, unknown>> | null;
  /**
   * Formats for the cells written (ranges where the write asks to go; moved with its block and
   * cut to the cells it writes), set in the same commit.
   */
  readonly formats?: readonly ProposedFormat[];
  /**
   * Cells this apply clears first: a chain retry replacing its first attempt. Only those still as
   * the chain left them: one someone else wrote since stays, and the write steps around it.
   */
  readonly replaceable?: OwnedCells | undefined;
  /**
   * Cells this apply may write over without clearing them first: a chain's own cells that show
   * errors, which its fix turn rewrites in place. Again only those still as the chain left them.
   */
  readonly rewritable?: OwnedCells | undefined;
  /** Field name used in errors about a target ("target_cell" for the API). */
  readonly targetField?: string;
  /** The client that applies, recorded with the undo step (see ApplyMeta.origin). */
  readonly origin?: string | undefined;
}

export interface ApplyOutcome {
  readonly status: ApplyStatus;
  readonly sheet: string;
  /**
   * Top-left actually written (first block that writes cells), or null when no cell was written.
   */
  readonly actualTarget: string | null;
  readonly chart: Chart | null;
  readonly chartError: string | null;
  readonly blocks: readonly PlacedBlock[];
  /** The formats written, where they landed. */
  readonly formats: PlacedFormats['shown'];
  /** What the commit changed (undefined when nothing was written). */
  readonly changes: ChangeSet | undefined;
  /** The cells this apply wrote, with the versions it left them at. */
  readonly written: OwnedCells;
}

/** The owned cells whose versions are still the ones the agent left them at. */
function stillAsLeft(
  workbook: WorkbookReader,
  owned: OwnedCells | undefined,
): Map<string, ReadonlySet<number>> {
  const kept = new Map<string, ReadonlySet<number>>();
  for (const [sheetKey, versions] of owned ?? []) {
    const name = workbook.sheetNames.find((candidate) => candidate.toLowerCase() === sheetKey);
    if (name === undefined) continue;
    const sheet = workbook.sheet(name);
    const keys = new Set<number>();
    for (const [key, version] of versions) {
      const { row, col } = keyToAddress(key);
      if (sheet.version(row, col) === version) keys.add(key);
    }
    kept.set(sheetKey, keys);
  }
  return kept;
}

/** The versions the write of these blocks leaves its cells at: each is bumped once. */
function versionsAfter(workbook: WorkbookReader, blocks: readonly PlacedBlock[]): OwnedCells {
  const written = new Map<string, Map<number, number>>();
  for (const block of blocks) {
    const sheetKey = block.sheet.toLowerCase();
    const name = workbook.sheetNames.find((candidate) => candidate.toLowerCase() === sheetKey);
    const sheet = name === undefined ? undefined : workbook.sheet(name);
    const versions = written.get(sheetKey) ?? new Map<number, number>();
    for (const { address } of cellsOf(block))
      versions.set(
        cellKey(address.row, address.col),
        (sheet?.version(address.row, address.col) ?? 0) + 1,
      );
    written.set(sheetKey, versions);
  }
  return written;
}

/** Both cell maps in one, for placement: either kind of cell counts as free. */
function freeCells(
  ...maps: (ReadonlyMap<string, ReadonlySet<number>> | undefined)[]
): Map<string, ReadonlySet<number>> {
  const free = new Map<string, Set<number>>();
  for (const map of maps)
    for (const [sheet, keys] of map ?? [])
      free.set(sheet, new Set([...(free.get(sheet) ?? []), ...keys]));
  return free;
}

function clearOps(
  workbook: WorkbookReader,
  replaceable: ReadonlyMap<string, ReadonlySet<number>>,
  blocks: readonly PlacedBlock[],
): Op[] {
  const rewritten = new Set(
    blocks.flatMap((block) =>
      cellsOf(block).map(
        (cell) => `${cell.sheet.toLowerCase()}!${cellKey(cell.address.row, cell.address.col)}`,
      ),
    ),
  );
  return [...replaceable].flatMap(([sheetKey, keys]): Op[] => {
    const name = workbook.sheetNames.find((candidate) => candidate.toLowerCase() === sheetKey);
    if (name === undefined) return [];
    const sheet = workbook.sheet(name);
    const cells = [...keys]
      .filter((key) => !rewritten.has(`${sheetKey}!${key}`))
      .sort((a, b) => a - b)
      .map(keyToAddress)
      .filter(
        (cell) => sheet.input(cell.row, cell.col) !== null && !sheet.isLocked(cell.row, cell.col),
      );
    return cells.length === 0
      ? []
      : [
          {
            type: 'set-cells',
            sheet: name,
            runs: runsFromCells(cells.map((cell) => ({ ...cell, input: null }))),
          },
        ];
  });
}

export async function applyAgentWrite(
  handle: WorkbookHandle,
  request: ApplyRequest,
  newChartId: () => string,
): Promise<ApplyOutcome> {
  // Placement reads the sheet as it will be when this write lands: writes queued before it (a
  // concurrent apply to the same target) are applied first, and nothing below awaits before the
  // commit is queued behind them.
  handle.applyQueuedWrites();
  const workbook = handle.workbook;
  const sheet = workbook.sheet(request.sheet).name;
  const blocks = blocksOf(
    workbook,
    request.writes,
    { sheet, fallbackTarget: 'A1' },
    request.targetField,
  );
  const replaceable = stillAsLeft(workbook, request.replaceable);
  const placed = placeBlocks(
    workbook,
    blocks,
    request.direction,
    freeCells(replaceable, stillAsLeft(workbook, request.rewritable)),
  );
  checkGuardrails(proposedCells(placed), cellReaderOf(workbook), sheet);
  const mainSheet = placed[0]?.sheet ?? sheet;
  const chart = chartWrite(workbook, mainSheet, request.chartSpec, placed, newChartId);
  const formats = placeFormats(request.formats ?? [], placed, sheet, mainSheet);
  const written = versionsAfter(workbook, placed);
  const ops = [
    ...clearOps(workbook, replaceable, placed),
    ...writeOps(placed),
    ...formats.ops,
    ...chart.ops,
  ];
  const commit =
    ops.length === 0
      ? undefined
      : await handle.commit(
          ops,
          request.origin === undefined
            ? { actor: request.agentId }
            : { actor: request.agentId, origin: request.origin },
        );
  // A write with no cells (a chart-only apply) has no target, as in GridOS.
  const first = placed.find((block) => cellsOf(block).length > 0);
  const status: ApplyStatus =
    chart.error !== null
      ? 'Partial'
      : placed.some((block) => block.moved)
        ? 'Collision Resolved'
        : 'Success';
  return {
    status,
    sheet: mainSheet,
    actualTarget: first === undefined ? null : formatCell(first.target),
    chart: chart.chart,
    chartError: chart.error,
    blocks: placed,
    formats: formats.shown,
    changes: commit?.changes,
    written,
  };
}
