// Crash-safety harness (issue 4 acceptance, docs/design.md §5): start the real server as a child
// process, give it a big workbook, save in a loop and SIGKILL it at a random moment, then check
// that system_state.gridbook is still a complete, readable workbook. Used by the committed
// script (kill-during-save.ts, 50 runs) and by a shorter in-suite test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseWorkbookText } from '../../src/persistence/index.js';
import { seededRandom } from '../support/seeded-random.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAVE_FILE = 'system_state.gridbook';

export interface CrashOptions {
  readonly runs: number;
  /** Cells in the workbook: rows of 100 columns (99 numbers and a SUM). */
  readonly cells: number;
  readonly seed: number;
  /** Kill moments are drawn uniformly from [minKillMs, maxKillMs] after the save loop starts. */
  readonly minKillMs: number;
  readonly maxKillMs: number;
  /**
   * Every other run waits until a save has its temp file open and kills 0..aimMs later, so
   * the kills that matter most (mid-write, around the rename) are certain to happen.
   */
  readonly aimMs: number;
  readonly log?: (line: string) => void;
}

export interface RunResult {
  readonly run: number;
  readonly aimed: boolean;
  readonly killAfterMs: number;
  readonly savesCompleted: number;
  /** A temp file was on disk after the kill: the kill hit a save in the middle of its write. */
  readonly killedMidWrite: boolean;
  readonly readable: boolean;
  readonly cellsInFile: number;
  readonly problem?: string;
}

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      GRIDBOOK_DATA_DIR: dataDir,
      GRIDBOOK_LOG_LEVEL: 'info',
      GRIDBOOK_UNDO_DEPTH: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
  // Keep draining the pipes so the child never blocks on a full stdout.
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, url, exited };
}

async function post(url: string, body?: unknown): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function fillWorkbook(url: string, cells: number): Promise<void> {
  const rows = Math.ceil(cells / 100);
  for (let start = 0; start < rows; start += 200) {
    const values = Array.from({ length: Math.min(200, rows - start) }, (_, offset) => {
      const row = start + offset + 1;
      return [...Array.from({ length: 99 }, (_, col) => row * 100 + col), `=SUM(A${row}:CU${row})`];
    });
    await post(`${url}/grid/range`, { target_cell: `A${start + 1}`, values });
  }
}

/** Saves until the process dies; counts the saves that completed. */
async function saveUntilKilled(url: string, completed: { count: number }): Promise<void> {
  for (let counter = 0; ; counter += 1) {
    try {
      await post(`${url}/grid/cell`, { cell: 'CW1', value: counter });
      await post(`${url}/system/save`);
      completed.count += 1;
    } catch {
      return; // the connection broke: the server was killed
    }
  }
}

async function checkFile(
  dataDir: string,
  expectedCells: number,
): Promise<Pick<RunResult, 'readable' | 'cellsInFile' | 'problem'>> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, SAVE_FILE), 'utf8');
  } catch (error) {
    return {
      readable: false,
      cellsInFile: 0,
      problem: `cannot read the file: ${(error as Error).message}`,
    };
  }
  try {
    const document = parseWorkbookText(text, SAVE_FILE);
    const cellsInFile = document.sheets.reduce((sum, sheet) => sum + sheet.cells.length, 0);
    if (cellsInFile < expectedCells)
      return {
        readable: false,
        cellsInFile,
        problem: `only ${cellsInFile} of ${expectedCells} cells`,
      };
    return { readable: true, cellsInFile };
  } catch (error) {
    return { readable: false, cellsInFile: 0, problem: (error as Error).message };
  }
}

const isTempFile = (name: string): boolean =>
  name.startsWith(`.${SAVE_FILE}.`) && name.endsWith('.tmp');

/** Polls (bounded by `limitMs`) until a save's temp file exists in the data directory. */
async function tempFileAppears(dataDir: string, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if ((await readdir(dataDir)).some(isTempFile)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function oneRun(
  run: number,
  dataDir: string,
  options: CrashOptions,
  random: () => number,
): Promise<RunResult> {
  const server = await startServer(dataDir);
  try {
    const loaded = await post(`${server.url}/system/load`);
    if (loaded.status !== 'Success') {
      await fillWorkbook(server.url, options.cells);
      await post(`${server.url}/system/save`);
    }
    const aimed = run % 2 === 0;
    const killAfterMs = Math.round(
      aimed
        ? random() * options.aimMs
        : options.minKillMs + random() * (options.maxKillMs - options.minKillMs),
    );
    const completed = { count: 0 };
    const loop = saveUntilKilled(server.url, completed);
    if (aimed) await tempFileAppears(dataDir, options.maxKillMs * 5);
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    server.child.kill('SIGKILL');
    await server.exited;
    await loop;
    const leftovers = (await readdir(dataDir)).filter(isTempFile);
    const check = await checkFile(dataDir, options.cells);
    return {
      run,
      aimed,
      killAfterMs,
      savesCompleted: completed.count,
      killedMidWrite: leftovers.length > 0,
      ...check,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
  }
}

export async function runKillDuringSave(options: CrashOptions): Promise<RunResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-crash-'));
  const random = seededRandom(options.seed);
  const results: RunResult[] = [];
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      const result = await oneRun(run, dataDir, options, random);
      results.push(result);
      options.log?.(
        `run ${String(run).padStart(2)}: killed ${result.killAfterMs} ms after ${result.aimed ? 'a temp file appeared' : 'the save loop began'}, ${result.savesCompleted} save(s) completed, ` +
          `${result.killedMidWrite ? 'mid-write' : 'between writes'} → ${result.readable ? `readable (${result.cellsInFile} cells)` : `UNREADABLE: ${result.problem}`}`,
      );
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
