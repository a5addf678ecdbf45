// Issue 12 part 4: no sequence of changes breaks the workbook. Seeded random sequences of cell
// writes (with formulas from a generator that includes pathological ones), range writes, clears,
// locks, sheet adds/renames/deletes, charts, undo, redo and imports run through the real commit
// path onto the file journal. After every step each check below must succeed; at the end of
// each sequence the workbook rebuilt from its document, and the one restarted from its journal,
// must agree with the live one. GRIDBOOK_PROPERTY_STEPS and GRIDBOOK_PROPERTY_SEED run longer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createChartOps,
  EngineFailureError,
  formatCell,
  replaceWorkbookOps,
  setLocksOps,
  valueToJson,
  Workbook,
  WorkbookError,
  writeCellOps,
  writeRangeOps,
  type Op,
  type WorkbookDocument,
  type WorkbookReader,
} from '../../src/core/index.js';
import { describeSchema, peekRange } from '../../src/engine-api/index.js';
import { OssHost, type JournaledWorkbook } from '../../src/hosting/index.js';
import {
  exportJson,
  FileWorkbookStore,
  parseWorkbookText,
  withName,
} from '../../src/persistence/index.js';
import { seededRandom } from '../support/seeded-random.js';

const STEPS = Number(process.env['GRIDBOOK_PROPERTY_STEPS'] ?? 1_200);
const STEPS_PER_SEQUENCE = 60;
const SEED = Number(process.env['GRIDBOOK_PROPERTY_SEED'] ?? 20_261_124);
const OPERATORS = ['+', '-', '*', '/', '^', '&', '=', '<>', '<', '>='];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

function cellName(random: Random): string {
  return formatCell({ row: between(random, 0, 11), col: between(random, 0, 5) });
}

function reference(random: Random, sheets: readonly string[]): string {
  const roll = random();
  if (roll < 0.15) return `'${pick(random, [...sheets, 'Gone'])}'!${cellName(random)}`;
  if (roll < 0.25) return `${cellName(random)}:${cellName(random)}`;
  return cellName(random);
}

/** Formulas of every kind, including the ones that used to break the engine. */
function formula(random: Random, sheets: readonly string[]): string {
  const roll = random();
  if (roll < 0.08)
    return `=${Array(between(random, 400, 3_000))
      .fill(reference(random, sheets))
      .join(pick(random, OPERATORS))}`.slice(0, 8_000);
  if (roll < 0.12)
    return `=${'('.repeat(between(random, 60, 2_000))}1${')'.repeat(between(random, 0, 2_000))}`;
  if (roll < 0.15) return `=${'-'.repeat(between(random, 100, 3_000))}1`;
  if (roll < 0.18) return '=SUM(A1:XFD1048576)';
  if (roll < 0.22) return `=${cellName(random)}+1`; // circular sometimes
  if (roll < 0.25)
    return pick(random, ['=SUM(', '=1+', '=#DIV/0!', '=NOSUCHFUNCTION(1)', '=1/0', '="text"&TRUE']);
  const terms = Array.from({ length: between(random, 1, 6) }, () =>
    random() < 0.6 ? reference(random, sheets) : String(between(random, -5, 50)),
  );
  return pick(random, [
    `=SUM(${terms.join(',')})`,
    `=${terms.join(pick(random, OPERATORS))}`,
    `=IF(${terms[0]}>2,${terms.at(-1)},"no")`,
    `=CONCAT(${terms.join(',')})`,
  ]);
}

function value(random: Random, sheets: readonly string[]): string | number | boolean | null {
  const roll = random();
  if (roll < 0.45) return formula(random, sheets);
  if (roll < 0.75) return between(random, -1_000, 1_000) / pick(random, [1, 4, 7]);
  if (roll < 0.85) return pick(random, ['text', "'007", 'TRUE', '', ' ', '=']);
  return pick(random, [true, false, null]);
}

function smallDocument(random: Random): WorkbookDocument {
  const name = pick(random, ['Imported', 'Data']);
  return {
    name: 'Import',
    activeSheet: name,
    sheets: [
      {
        name,
        cells: [
          { row: 0, col: 0, input: between(random, 1, 9), version: 1, locked: false },
          { row: 1, col: 0, input: { formula: '=A1*2' }, version: 2, locked: random() < 0.3 },
        ],
      },
    ],
  };
}

/** One random change, as the routes would make it; refusals (locked, unknown sheet…) are expected. */
async function randomStep(random: Random, handle: JournaledWorkbook, step: number): Promise<void> {
  const workbook = handle.workbook;
  const sheets = workbook.sheetNames;
  const sheet = pick(random, sheets);
  const meta = { actor: 'User', origin: `client-${between(random, 1, 2)}` };
  const roll = random();
  let ops: Op[];
  if (roll < 0.08) {
    await handle.undo(meta);
    return;
  }
  if (roll < 0.12) {
    await handle.redo(meta);
    return;
  }
  if (roll < 0.5)
    ops = writeCellOps(
      sheet,
      { row: between(random, 0, 11), col: between(random, 0, 5) },
      value(random, sheets),
    );
  else if (roll < 0.62)
    ops = writeRangeOps(
      sheet,
      { row: between(random, 0, 8), col: between(random, 0, 3) },
      Array.from({ length: between(random, 1, 3) }, () =>
        Array.from({ length: between(random, 1, 3) }, () => value(random, sheets)),
      ),
    );
  else if (roll < 0.68)
    ops = setLocksOps(
      sheet,
      {
        start: { row: between(random, 0, 5), col: 0 },
        end: { row: between(random, 5, 9), col: between(random, 0, 2) },
      },
      random() < 0.6,
    );
  else if (roll < 0.74) ops = [{ type: 'add-sheet', name: `S${step}` }];
  else if (roll < 0.8)
    ops = [{ type: 'rename-sheet', from: sheet, to: pick(random, [`R${step}`, 'Sheet1', 'Data']) }];
  else if (roll < 0.85) ops = [{ type: 'delete-sheet', name: sheet }];
  else if (roll < 0.9)
    ops = createChartOps(sheet, `chart_${step}`, {
      data_range: `${cellName(random)}:${cellName(random)}`,
    }).ops;
  else if (roll < 0.915) ops = [{ type: 'activate-sheet', name: sheet }];
  else if (roll < 0.93)
    ops = [{ type: 'move-sheet', name: sheet, index: between(random, 0, sheets.length - 1) }];
  else if (roll < 0.95) ops = replaceWorkbookOps(smallDocument(random));
  else if (roll < 0.985) {
    // Cut and paste, on the sheet or to another: overlapping, onto locked or formula cells.
    const start = { row: between(random, 0, 8), col: between(random, 0, 4) };
    ops = [
      {
        type: 'move-cells',
        sheet,
        range: {
          start,
          end: { row: start.row + between(random, 0, 3), col: start.col + between(random, 0, 2) },
        },
        targetSheet: pick(random, sheets),
        target: { row: between(random, 0, 10), col: between(random, 0, 5) },
      },
    ];
  } else ops = replaceWorkbookOps(workbook.document());
  await handle.commit(ops, meta);
}

/** Every value of every sheet, as JSON would show it. */
function valuesOf(workbook: WorkbookReader): unknown {
  return workbook.sheetNames.map((name) => {
    const sheet = workbook.sheet(name);
    return [
      name,
      sheet
        .occupiedCells()
        .map((cell) => [cell.row, cell.col, valueToJson(sheet.value(cell.row, cell.col))]),
    ];
  });
}

/** What must hold after every step: reads, exports and the round trip of the save format all work. */
function checkReads(workbook: WorkbookReader): void {
  const document = workbook.document();
  const exported = exportJson(workbook, new Date(0));
  expect(withName(parseWorkbookText(exported)).sheets.map((sheet) => sheet.name)).toEqual(
    document.sheets.map((sheet) => sheet.name),
  );
  for (const name of workbook.sheetNames) {
    peekRange(workbook, { sheet: name });
    peekRange(workbook, { sheet: name, mode: 'formulas', format: 'csv' });
  }
  describeSchema(workbook);
}

/** A fresh workbook from the document computes the same values. */
function checkRebuild(workbook: WorkbookReader, seed: number): void {
  const rebuilt = Workbook.create();
  rebuilt.apply(replaceWorkbookOps(workbook.document()));
  expect(valuesOf(rebuilt), `seed ${seed}: a rebuild computes the same values`).toEqual(
    valuesOf(workbook),
  );
  rebuilt.dispose();
}

async function runSequence(seed: number, steps: number): Promise<void> {
  const random = seededRandom(seed);
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-property-'));
  try {
    const store = new FileWorkbookStore({ dir, compactAfterBytes: 20_000 });
    const handle = await (
      await OssHost.open({ journal: store, now: () => new Date(0) })
    ).handleFor();
    for (let step = 0; step < steps; step += 1) {
      try {
        await randomStep(random, handle, step);
      } catch (error) {
        // A refused change is fine; anything else (a TypeError, an engine crash) is the bug this
        // test looks for, and so is a valid change refused because the engine failed on it.
        if (!(error instanceof WorkbookError) || error instanceof EngineFailureError)
          throw new Error(`seed ${seed}, step ${step}: ${(error as Error).stack}`);
      }
      checkReads(handle.workbook);
    }
    checkRebuild(handle.workbook, seed);
    await handle.settled();
    await store.close();
    const reopened = new FileWorkbookStore({ dir });
    const restarted = await (
      await OssHost.open({ journal: reopened, now: () => new Date(0) })
    ).handleFor();
    expect(
      restarted.workbook.document(),
      `seed ${seed}: the journal restores the same document`,
    ).toEqual(handle.workbook.document());
    expect(
      valuesOf(restarted.workbook),
      `seed ${seed}: the journal restores the same values`,
    ).toEqual(valuesOf(handle.workbook));
    await reopened.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('[ISSUE-12] property: no sequence of changes breaks the workbook', () => {
  it(
    `${STEPS} random steps from seed ${SEED}: every read and export works after each, and rebuild and restart agree`,
    async () => {
      for (let sequence = 0; sequence * STEPS_PER_SEQUENCE < STEPS; sequence += 1) {
        await runSequence(
          SEED + sequence,
          Math.min(STEPS_PER_SEQUENCE, STEPS - sequence * STEPS_PER_SEQUENCE),
        );
      }
    },
    Math.max(120_000, STEPS * 100),
  );
});
