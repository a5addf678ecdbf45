// One corpus workbook against our engine, in-process: read Excel's answer key from the sheet
// XML, import the file the way POST /system/import does (importXlsxOps + apply on a fresh
// workbook), read every scored cell back and compare.
import { PersistenceError, importXlsxOps } from '../../src/persistence/index.js';
import {
  formatCell,
  Workbook,
  WorkbookError,
  type CellValue,
  type SheetView,
} from '../../src/core/index.js';
import { shiftFormula } from './formula-scan.js';
import { readExpectedWorkbook, type FormulaCell } from './sheet-xml.js';
import {
  agrees,
  missCause,
  selectCells,
  showActual,
  showExpected,
  type CellSelection,
  type Exclusion,
} from './scoring.js';

/** Mismatches kept per workbook in the JSON results. */
export const MISMATCHES_PER_WORKBOOK = Number(process.env.CONFORMANCE_MISMATCHES ?? 20);

/**
 * A workbook slower than this is reported as timed out (its cells count as disagreeing). On a
 * machine busy with other work the largest workbook can pass 60 s, hence the variable.
 */
export const DEFAULT_TIME_LIMIT_MS = Number(process.env.CONFORMANCE_TIME_LIMIT_MS ?? 60_000);

/**
 * Why a workbook's cells were not computed. `refusal`: the import threw one of our own errors
 * (a 4xx over HTTP); `crash`: anything else (a 5xx); `timeout`: it took over the time limit;
 * `unreadable`: its sheet XML could not be read, so there was no answer key (nothing scored).
 */
export type FailureKind = 'refusal' | 'crash' | 'timeout' | 'unreadable';

export interface FunctionTally {
  cells: number;
  agree: number;
}

export interface Mismatch {
  readonly sheet: string;
  readonly cell: string;
  /** As it reads in the cell (a shared formula's text moved from its master, `sharedFrom`). */
  readonly formula: string;
  readonly sharedFrom?: string;
  readonly expected: string;
  readonly actual: string;
}

export interface WorkbookResult {
  /** Path under the corpus folder. */
  readonly file: string;
  readonly imported: boolean;
  readonly failure: FailureKind | undefined;
  /** The import's error message (or the time-out note). */
  readonly error: string | undefined;
  readonly formulaCells: number;
  readonly excluded: Readonly<Record<Exclusion, number>>;
  readonly scored: number;
  readonly agree: number;
  /** Scored cells that call only functions the engine has, and how many of those agree. */
  readonly knownScored: number;
  readonly knownAgree: number;
  readonly functions: Readonly<Record<string, FunctionTally>>;
  /** Disagreeing cells by cause (scoring.ts missCause), for the report's summary. */
  readonly causes: Readonly<Record<string, number>>;
  /** The first mismatches (at most MISMATCHES_PER_WORKBOOK). */
  readonly mismatches: readonly Mismatch[];
  readonly mismatchCount: number;
  readonly seconds: number;
}

export interface EvaluateOptions {
  readonly timeLimitMs?: number;
  /** The engine's function names (upper case), for the "known functions" figure. */
  readonly knownFunctions: ReadonlySet<string>;
  /**
   * Keep every mismatch of the cells that call this function (upper case), and only those,
   * instead of the first MISMATCHES_PER_WORKBOOK of any cell.
   */
  readonly mismatchesOf?: string;
}

export class TimeLimitExceeded extends Error {}

/** Our errors (core's WorkbookError, persistence's PersistenceError) are refusals; the rest crashes. */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof TimeLimitExceeded) return 'timeout';
  return error instanceof WorkbookError || error instanceof PersistenceError ? 'refusal' : 'crash';
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message}`;
  return String(error);
}

/** The engine's function names, read from a throwaway workbook. */
export function engineFunctionNames(): Set<string> {
  const workbook = Workbook.create({ undoDepth: 0 });
  try {
    return new Set(workbook.functionNames());
  } finally {
    workbook.dispose();
  }
}

function sharedFrom(cell: FormulaCell): { sharedFrom?: string } {
  const { rows, cols } = cell.shift;
  if (rows === 0 && cols === 0) return {};
  return { sharedFrom: formatCell({ row: cell.row - rows, col: cell.col - cols }) };
}

/** Excel's answer key for a workbook: its formula cells, the scored ones and the rest. */
export interface AnswerKey {
  readonly formulaCells: number;
  readonly selection: CellSelection;
}

export async function readAnswerKey(bytes: Uint8Array): Promise<AnswerKey> {
  const book = await readExpectedWorkbook(bytes);
  return { formulaCells: book.cells.length, selection: selectCells(book) };
}

/**
 * The result of a workbook our engine did not compute (its import failed, or it ran out of
 * time): every scored cell disagrees.
 */
export function failedResult(
  file: string,
  key: AnswerKey,
  failure: FailureKind,
  error: string,
  seconds: number,
): WorkbookResult {
  return scoreWorkbook(file, key, { failure, error }, { knownFunctions: new Set() }, seconds);
}

/** A file whose sheet XML cannot be read: nothing to score; it is listed with its error. */
export function unreadableResult(file: string, error: unknown, seconds: number): WorkbookResult {
  return scoreWorkbook(
    file,
    {
      formulaCells: 0,
      selection: {
        scored: [],
        excluded: { volatile: 0, 'other-workbook': 0, 'no-cached-value': 0 },
      },
    },
    { failure: 'unreadable', error: `answer key unreadable: ${messageOf(error)}` },
    { knownFunctions: new Set() },
    seconds,
  );
}

function scoreWorkbook(
  file: string,
  key: AnswerKey,
  outcome:
    | { readonly actuals: readonly (CellValue | undefined)[] }
    | { readonly failure: FailureKind; readonly error: string },
  options: EvaluateOptions,
  seconds: number,
): WorkbookResult {
  const { knownFunctions, mismatchesOf } = options;
  const keeps = (functions: readonly string[], kept: number): boolean =>
    mismatchesOf === undefined ? kept < MISMATCHES_PER_WORKBOOK : functions.includes(mismatchesOf);
  const imported = 'actuals' in outcome;
  const actuals = imported ? outcome.actuals : [];
  const functions: Record<string, FunctionTally> = {};
  const mismatches: Mismatch[] = [];
  const causes: Record<string, number> = {};
  let agree = 0;
  let knownScored = 0;
  let knownAgree = 0;
  let mismatchCount = 0;
  key.selection.scored.forEach((entry, index) => {
    const actual = actuals[index];
    const ok = imported && actual !== undefined && agrees(entry.expected, actual);
    if (ok) agree += 1;
    if (imported && entry.functions.every((name) => knownFunctions.has(name))) {
      knownScored += 1;
      if (ok) knownAgree += 1;
    }
    for (const name of entry.functions) {
      const tally = (functions[name] ??= { cells: 0, agree: 0 });
      tally.cells += 1;
      if (ok) tally.agree += 1;
    }
    if (!ok && imported) {
      mismatchCount += 1;
      const cause = missCause(entry.expected, actual);
      causes[cause] = (causes[cause] ?? 0) + 1;
      if (keeps(entry.functions, mismatches.length))
        mismatches.push({
          sheet: entry.cell.sheet,
          cell: entry.cell.address,
          formula: `=${shiftFormula(entry.cell.formula, entry.cell.shift.rows, entry.cell.shift.cols)}`,
          ...sharedFrom(entry.cell),
          expected: showExpected(entry.expected),
          actual: actual === undefined ? '(sheet missing)' : showActual(actual),
        });
    }
  });
  return {
    file,
    imported,
    failure: imported ? undefined : outcome.failure,
    error: imported ? undefined : outcome.error,
    formulaCells: key.formulaCells,
    excluded: key.selection.excluded,
    scored: key.selection.scored.length,
    agree,
    knownScored,
    knownAgree,
    functions,
    causes,
    mismatches,
    mismatchCount,
    seconds,
  };
}

/**
 * Imports the workbook into a fresh Workbook, recalculates and scores it. The time limit is
 * checked between the steps (decode, recalculation, reading values): a recalculation that never
 * ends is caught only by running this in a worker (run.ts does).
 */
export async function evaluateWorkbook(
  file: string,
  bytes: Uint8Array,
  options: EvaluateOptions,
): Promise<WorkbookResult> {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const checkTime = (stage: string): void => {
    const elapsed = performance.now() - started;
    if (elapsed > limit)
      throw new TimeLimitExceeded(
        `took ${(elapsed / 1000).toFixed(1)} s (over ${limit / 1000} s) by the end of ${stage}`,
      );
  };
  let key: AnswerKey;
  try {
    key = await readAnswerKey(bytes);
  } catch (error) {
    return unreadableResult(file, error, seconds());
  }

  const workbook = Workbook.create({ undoDepth: 0 });
  try {
    const ops = await importXlsxOps(workbook, bytes, file.split('/').pop(), 'file');
    checkTime('decoding');
    workbook.apply(ops);
    checkTime('recalculation');
    const views = new Map<string, SheetView | undefined>();
    const view = (sheet: string): SheetView | undefined => {
      if (!views.has(sheet)) {
        let found: SheetView | undefined;
        try {
          found = workbook.sheet(sheet);
        } catch {
          found = undefined; // a sheet the import dropped or renamed: its cells disagree
        }
        views.set(sheet, found);
      }
      return views.get(sheet);
    };
    const actuals = key.selection.scored.map(({ cell }) =>
      view(cell.sheet)?.value(cell.row, cell.col),
    );
    checkTime('reading values');
    return scoreWorkbook(file, key, { actuals }, options, seconds());
  } catch (thrown) {
    return failedResult(file, key, failureKind(thrown), messageOf(thrown), seconds());
  } finally {
    workbook.dispose();
  }
}
