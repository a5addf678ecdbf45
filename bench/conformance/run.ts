// The whole corpus (or the files matching a filter) through evaluateWorkbook, one workbook at a
// time, added up overall and per function. Shared by `npm run conformance` and the pinning test.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_TIME_LIMIT_MS,
  engineFunctionNames,
  evaluateWorkbook,
  failedResult,
  readAnswerKey,
  unreadableResult,
  type FailureKind,
  type FunctionTally,
  type WorkbookResult,
} from './evaluate.js';
import type { WorkerReply, WorkerTask } from './worker.js';

/** The repository root (bench/conformance/../..). */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `../shared/conformance` beside the repository, the folder every developer and CI has. */
export const DEFAULT_CORPUS = path.resolve(REPOSITORY_ROOT, '../shared/conformance');

/** The 69 functions people and agents reach for most (shared/conformance/README.md). */
export const KEY_FUNCTIONS: readonly string[] = `XLOOKUP XMATCH FILTER SORT SORTBY UNIQUE SEQUENCE
LET LAMBDA MAP BYROW REDUCE TEXTJOIN CONCAT TEXTSPLIT TEXTBEFORE IFS SWITCH MAXIFS MINIFS
AVERAGEIFS SUMIFS COUNTIFS SUMIF COUNTIF RANK RANK.EQ PERCENTILE QUARTILE MEDIAN STDEV.S CORREL
FORECAST FORECAST.LINEAR TREND LINEST INDIRECT OFFSET INDEX MATCH VLOOKUP HLOOKUP CHOOSE TAKE DROP
CHOOSECOLS VSTACK PMT NPV IRR XIRR XNPV FV RATE EDATE EOMONTH NETWORKDAYS WORKDAY DATEDIF YEARFRAC
TEXT VALUE ROUND SUMPRODUCT IFERROR IFNA COUNTA SUBSTITUTE TODAY`
  .split(/\s+/)
  .filter((name) => name !== '');

export interface RunOptions {
  /** The corpus folder (holding `corpus/`), or the folder of workbooks itself. */
  readonly corpus: string;
  /** Only files whose path under the corpus contains this (case-insensitive). */
  readonly filter?: string;
  readonly timeLimitMs?: number;
  /** Keep every mismatch of the cells calling this function (upper case), and only those. */
  readonly mismatchesOf?: string;
  /**
   * Worker threads evaluating workbooks side by side (default: 2, or 1 on a one-core machine);
   * 0 evaluates in this thread (no hard time limit: a recalculation that never ends hangs).
   */
  readonly workers?: number;
  /** Called after each workbook. */
  readonly onWorkbook?: (result: WorkbookResult, done: number, total: number) => void;
}

export interface ConformanceResults {
  readonly corpus: string;
  readonly filter: string | undefined;
  readonly date: string;
  readonly workbooks: number;
  readonly formulaCells: number;
  readonly excluded: Readonly<Record<string, number>>;
  readonly scored: number;
  readonly agree: number;
  /** Cells of the workbooks that imported. */
  readonly importedScored: number;
  readonly importedAgree: number;
  /** Cells of the workbooks that imported that call only functions the engine has. */
  readonly knownScored: number;
  readonly knownAgree: number;
  readonly failedImports: number;
  readonly refusals: number;
  readonly crashes: number;
  readonly timeouts: number;
  readonly functions: Readonly<Record<string, FunctionTally>>;
  /** Disagreeing cells of the workbooks that imported, by cause (scoring.ts missCause). */
  readonly causes: Readonly<Record<string, number>>;
  /** KEY_FUNCTIONS: whether the engine has each. */
  readonly keyFunctions: readonly { readonly name: string; readonly present: boolean }[];
  readonly seconds: number;
  readonly results: readonly WorkbookResult[];
}

export class CorpusNotFoundError extends Error {}

/** The folder holding the workbooks: `DIR/corpus` when there is one, else DIR itself. */
export function workbookFolder(corpus: string): string {
  const nested = path.join(corpus, 'corpus');
  if (existsSync(nested)) return nested;
  if (existsSync(corpus)) return corpus;
  throw new CorpusNotFoundError(`no conformance corpus at ${corpus}`);
}

/** The corpus's .xlsx/.xlsm files, paths relative to its folder, sorted. */
export async function corpusFiles(corpus: string, filter?: string): Promise<string[]> {
  const folder = workbookFolder(corpus);
  const entries = await readdir(folder, { recursive: true });
  const needle = filter?.toLowerCase();
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => /\.xls[xm]$/i.test(entry) && !path.basename(entry).startsWith('~$'))
    .filter((entry) => needle === undefined || entry.toLowerCase().includes(needle))
    .sort();
}

export function percent(agree: number, of: number): number {
  return of === 0 ? 0 : (100 * agree) / of;
}

/** A worker stopped this long after its time limit passed without an answer. */
const HARD_STOP_GRACE_MS = 10_000;

/** How long a new worker may take to load the engine before the run gives up. */
const WORKER_START_MS = 60_000;

/**
 * The worker registers tsx itself: Node 20 carries neither `--import tsx` nor vitest's transform
 * into worker threads. Its ESM entry is found through tsx's own exports map (its CommonJS
 * `register` looks for a file next to itself that is not there).
 */
function workerBootstrap(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as TsxManifest).exports;
  const api = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default));
  const worker = new URL('./worker.ts', import.meta.url);
  return `import(${JSON.stringify(api.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker.href)}); });`;
}

/** This process's flags without `--import tsx`: inherited, it leaves the worker hanging at start. */
function workerExecArgv(): string[] {
  const argv: string[] = [];
  for (let i = 0; i < process.execArgv.length; i += 1) {
    const arg = process.execArgv[i]!;
    if ((arg === '--import' || arg === '--loader') && /tsx/.test(process.execArgv[i + 1] ?? ''))
      i += 1;
    else if (!/^--(import|loader)=.*tsx/.test(arg)) argv.push(arg);
  }
  return argv;
}

interface TsxManifest {
  readonly exports: { readonly './esm/api': { readonly import: { readonly default: string } } };
}

/** A worker that could not start: the run stops (every workbook would fail the same way). */
export class WorkerStartError extends Error {}

type LaneReply = WorkerReply | { kind: 'stopped'; failure: FailureKind; error: string };

/** One worker thread, restarted after a crash or a hard stop; one workbook at a time. */
class WorkerLane {
  #worker: Worker | undefined;
  #settle: ((reply: LaneReply) => void) | undefined;

  constructor(
    private readonly timeLimitMs: number,
    private readonly mismatchesOf: string | undefined,
  ) {}

  async #start(): Promise<Worker> {
    const worker = new Worker(workerBootstrap(), { eval: true, execArgv: workerExecArgv() });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => fail(error.message);
      const onExit = (code: number): void => fail(`it exited (code ${code})`);
      const settle = (): void => {
        clearTimeout(timer);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (why: string): void => {
        settle();
        void worker.terminate();
        reject(new WorkerStartError(`the conformance worker did not start: ${why}`));
      };
      const timer = setTimeout(
        () => fail(`no answer in ${WORKER_START_MS / 1000} s`),
        WORKER_START_MS,
      );
      // (Not removeAllListeners: the Worker keeps its message port referenced through its own.)
      worker.once('message', () => {
        settle();
        resolve();
      });
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    const lost = (error: string): void => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#settle?.({ kind: 'stopped', failure: 'crash', error });
    };
    worker.on('message', (reply: WorkerReply) => this.#settle?.(reply));
    worker.on('error', (error) => lost(`the worker failed: ${error.message}`));
    worker.on('exit', (code) => lost(`the worker exited (code ${code})`));
    return worker;
  }

  async evaluate(file: string, filePath: string): Promise<WorkbookResult> {
    const worker = (this.#worker ??= await this.#start());
    const started = performance.now();
    const task: WorkerTask = {
      file,
      path: filePath,
      timeLimitMs: this.timeLimitMs,
      mismatchesOf: this.mismatchesOf,
    };
    const reply = await new Promise<LaneReply>((resolve) => {
      const timer = setTimeout(() => {
        this.#settle = undefined;
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate();
        resolve({
          kind: 'stopped',
          failure: 'timeout',
          error: `no answer after ${(this.timeLimitMs + HARD_STOP_GRACE_MS) / 1000} s; the worker was stopped`,
        });
      }, this.timeLimitMs + HARD_STOP_GRACE_MS);
      this.#settle = (answer) => {
        clearTimeout(timer);
        this.#settle = undefined;
        resolve(answer);
      };
      worker.postMessage(task);
    });
    if (reply.kind === 'done') return reply.result;
    const seconds = (performance.now() - started) / 1000;
    const failure = reply.kind === 'stopped' ? reply.failure : 'crash';
    try {
      const key = await readAnswerKey(await readFile(filePath));
      return failedResult(file, key, failure, reply.error, seconds);
    } catch (error) {
      return unreadableResult(file, error, seconds);
    }
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#settle = undefined;
    await worker?.terminate();
  }
}

async function evaluateAll(
  folder: string,
  files: readonly string[],
  options: RunOptions,
): Promise<WorkbookResult[]> {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const results: WorkbookResult[] = new Array<WorkbookResult>(files.length);
  let done = 0;
  const finish = (index: number, result: WorkbookResult): void => {
    results[index] = result;
    done += 1;
    options.onWorkbook?.(result, done, files.length);
  };
  const workers = Math.min(options.workers ?? Math.min(2, availableParallelism()), files.length);
  if (workers <= 0) {
    const knownFunctions = engineFunctionNames();
    for (const [index, file] of files.entries()) {
      const bytes = await readFile(path.join(folder, file));
      const mismatchesOf = options.mismatchesOf;
      finish(
        index,
        await evaluateWorkbook(file, bytes, {
          knownFunctions,
          timeLimitMs,
          ...(mismatchesOf === undefined ? {} : { mismatchesOf }),
        }),
      );
    }
    return results;
  }
  let next = 0;
  const lanes = Array.from(
    { length: workers },
    () => new WorkerLane(timeLimitMs, options.mismatchesOf),
  );
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        for (let index = next++; index < files.length; index = next++) {
          const file = files[index]!;
          finish(index, await lane.evaluate(file, path.join(folder, file)));
        }
      }),
    );
  } finally {
    await Promise.all(lanes.map((lane) => lane.close()));
  }
  return results;
}

export async function runConformance(options: RunOptions): Promise<ConformanceResults> {
  const started = performance.now();
  const folder = workbookFolder(options.corpus);
  const files = await corpusFiles(options.corpus, options.filter);
  const knownFunctions = engineFunctionNames();
  const results = await evaluateAll(folder, files, options);
  const sum = (pick: (result: WorkbookResult) => number): number =>
    results.reduce((total, result) => total + pick(result), 0);
  const functions: Record<string, FunctionTally> = {};
  const excluded: Record<string, number> = {};
  const causes: Record<string, number> = {};
  for (const result of results) {
    for (const [cause, count] of Object.entries(result.causes))
      causes[cause] = (causes[cause] ?? 0) + count;
    for (const [name, tally] of Object.entries(result.functions)) {
      const total = (functions[name] ??= { cells: 0, agree: 0 });
      total.cells += tally.cells;
      total.agree += tally.agree;
    }
    for (const [reason, count] of Object.entries(result.excluded))
      excluded[reason] = (excluded[reason] ?? 0) + count;
  }
  const failed = results.filter((result) => !result.imported);
  return {
    corpus: options.corpus,
    filter: options.filter,
    date: new Date().toISOString(),
    workbooks: results.length,
    formulaCells: sum((result) => result.formulaCells),
    excluded,
    scored: sum((result) => result.scored),
    agree: sum((result) => result.agree),
    importedScored: sum((result) => (result.imported ? result.scored : 0)),
    importedAgree: sum((result) => result.agree),
    knownScored: sum((result) => result.knownScored),
    knownAgree: sum((result) => result.knownAgree),
    failedImports: failed.length,
    refusals: failed.filter((result) => result.failure === 'refusal').length,
    crashes: failed.filter((result) => result.failure === 'crash').length,
    timeouts: failed.filter((result) => result.failure === 'timeout').length,
    functions,
    causes,
    keyFunctions: KEY_FUNCTIONS.map((name) => ({ name, present: knownFunctions.has(name) })),
    seconds: (performance.now() - started) / 1000,
    results,
  };
}
