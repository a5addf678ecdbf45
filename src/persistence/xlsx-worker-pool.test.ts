// The xlsx codec in a worker thread (xlsx-worker-pool.ts): the same files and errors as in this
// thread, one failed job when the worker dies, and a worker that leaves once idle.
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import {
  InvalidChartError,
  parseRange,
  ranToEnd,
  setLocksOps,
  TooLargeError,
  type Workbook,
} from '../core/index.js';
import { parseWorkbookText } from './document-import.js';
import { InvalidDocumentError, MalformedJsonError, XlsxWorkerError } from './errors.js';
import { exportJson, exportXlsx } from './workbook-transfer.js';
import { decodeXlsx } from './xlsx-codec.js';
import { gridbookText } from './gridbook-json.js';
import { saveFileTextHere, saveFileTextIn } from './save-file-text.js';
import { packedExportSteps, xlsxExportSteps } from './xlsx-jobs.js';
import { XlsxWorkerPool } from './xlsx-worker-pool.js';
import { xlsxOf } from '../../test/support/zip-archive.js';

const { open } = useWorkbooks();

/** The plain export the server hands its worker, read in one go. */
function exportInput(book: Workbook, options: { valuesOnly?: boolean; at?: Date }) {
  return ranToEnd(xlsxExportSteps(book, options));
}
const AT = new Date(Date.UTC(2026, 10, 29));
const DYING_WORKER = new URL('../../test/fixtures/xlsx-worker-dies.ts', import.meta.url);
const HANGING_WORKER = new URL('../../test/fixtures/xlsx-worker-hangs.ts', import.meta.url);

let pools: XlsxWorkerPool[] = [];
function pool(options: ConstructorParameters<typeof XlsxWorkerPool>[0] = {}): XlsxWorkerPool {
  const made = new XlsxWorkerPool({ idleMs: 50, ...options });
  pools.push(made);
  return made;
}
afterEach(async () => {
  // Each pool's worker leaves once idle; wait for it, so no thread outlives its test.
  for (const made of pools) await until(() => !made.started);
  pools = [];
});

async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Formulas with errors, a spill, a filter with criteria and locks: every value the encoder reads. */
function varied(): Workbook {
  const book = open({ name: 'Varied' });
  writeRows(book, 'A1', [
    ['Region', 'Units', 'Ratio'],
    ['North', 5, '=B2/0'],
    ['South', 12, '=B3/2'],
    ['West', 30, '=NA()'],
  ]);
  writeRows(book, 'E1', [['=SEQUENCE(3,2)', null, '=E3*10']]);
  book.apply([
    {
      type: 'set-layout',
      sheet: 'Sheet1',
      patch: {
        filter: { range: parseRange('A1:C4'), columns: [{ col: 0, values: ['North', 'West'] }] },
      },
    },
  ]);
  book.apply(setLocksOps('Sheet1', parseRange('A1:A4'), true));
  return book;
}

describe('the xlsx worker', () => {
  it('writes the file the in-thread export writes: values, errors, spills, filter and locks', async () => {
    const book = varied();
    const inWorker = await pool().encode(exportInput(book, { at: AT }));
    const inThread = await exportXlsx(book, { at: AT });
    const decoded = await decodeXlsx(inWorker);
    expect(decoded).toStrictEqual(await decodeXlsx(inThread));
    const sheet = decoded.sheets[0]!;
    // The filter hides South (row 3) from the values the worker was given.
    const xml = await (
      await JSZip.loadAsync(inWorker)
    )
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(xml).toMatch(/<row r="3"[^>]*hidden="1"/);
    expect(xml).not.toMatch(/<row r="2"[^>]*hidden="1"/);
    expect(sheet.cells.find((cell) => cell.row === 0 && cell.col === 6)?.input).toEqual({
      formula: '=E3*10',
    });
  });

  it('writes the computed values, errors among them, when values only are asked for', async () => {
    const book = varied();
    const decoded = await decodeXlsx(
      await pool().encode(exportInput(book, { valuesOnly: true, at: AT })),
    );
    const inputs = new Map(
      decoded.sheets[0]!.cells.map((cell) => [`${cell.row}:${cell.col}`, cell.input]),
    );
    expect(inputs.get('2:2')).toBe(6);
    expect(inputs.get('1:2')).toEqual({ error: '#DIV/0!' });
    expect(inputs.get('2:4')).toBe(5); // SEQUENCE's third row, first column
    expect(inputs.get('0:6')).toBe(50);
  });

  it('reads a file into the same document as decodeXlsx in this thread', async () => {
    const bytes = await exportXlsx(varied(), { at: AT });
    expect(await pool().decode(bytes, 'file', 1000)).toStrictEqual(await decodeXlsx(bytes));
  });

  it('refuses a file that is not an xlsx with the same InvalidDocumentError and message', async () => {
    const bytes = Buffer.from('not a zip at all');
    const inThread = await decodeXlsx(bytes, 'file').catch((error: unknown) => error);
    const inWorker = await pool()
      .decode(bytes, 'file', 1000)
      .catch((error: unknown) => error);
    expect(inWorker).toBeInstanceOf(InvalidDocumentError);
    expect((inWorker as InvalidDocumentError).field).toBe('file');
    expect((inWorker as Error).message).toBe((inThread as Error).message);
  });

  it('refuses a file over the cell bound with the same TooLargeError and message', async () => {
    const bytes = xlsxOf('<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row>');
    const inThread = await decodeXlsx(bytes, 'file', 1).catch((error: unknown) => error);
    const inWorker = await pool()
      .decode(bytes, 'file', 1)
      .catch((error: unknown) => error);
    expect(inWorker).toBeInstanceOf(TooLargeError);
    expect((inWorker as Error).message).toBe((inThread as Error).message);
    expect((inWorker as Error).message).toMatch(/GRIDBOOK_MAX_IMPORT_CELLS/);
  });

  it('fails only the job a dying worker was doing; the next job starts a new worker', async () => {
    const dying = pool({ module: DYING_WORKER });
    const good = await exportXlsx(varied(), { at: AT });
    const failed = dying.decode(Buffer.from('die, worker'), 'file', 1000);
    const queued = dying.decode(good, 'file', 1000);
    await expect(failed).rejects.toThrow(XlsxWorkerError);
    await expect(failed).rejects.toThrow(
      /^Reading the \.xlsx file stopped: the worker exited with code 3/,
    );
    expect((await queued).sheets[0]!.name).toBe('Sheet1');
    expect((await dying.decode(good, 'file', 1000)).sheets[0]!.cells.length).toBeGreaterThan(0);
  });

  it('stops a job that runs past its time limit, naming the limit; the job queued behind it gets a new worker', async () => {
    // Long enough for a worker to start and read a small file, short enough for a test.
    const timeoutMs = 3_000;
    const stuck = pool({ module: HANGING_WORKER, timeoutMs });
    const good = await exportXlsx(varied(), { at: AT });
    const started = performance.now();
    const failed = stuck.decode(Buffer.from('hang, worker'), 'file', 1000);
    const queued = stuck.decode(good, 'file', 1000);
    await expect(failed).rejects.toThrow(XlsxWorkerError);
    await expect(failed).rejects.toThrow(
      `Reading the .xlsx file stopped: it ran longer than ${timeoutMs} ms, the limit GRIDBOOK_XLSX_TIMEOUT_MS sets`,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect((await queued).sheets[0]!.name).toBe('Sheet1');
    expect((await stuck.encode(exportInput(varied(), { at: AT }))).length).toBeGreaterThan(0);
  }, 30_000);

  it('serves an export and an import sent together, each its own answer', async () => {
    const workers = pool();
    const book = varied();
    const bytes = await exportXlsx(book, { at: AT });
    const [written, read] = await Promise.all([
      workers.encode(exportInput(book, { at: AT })),
      workers.decode(bytes, 'file', 1000),
    ]);
    expect(await decodeXlsx(written)).toStrictEqual(read);
  });

  it('starts its worker on the first job and lets it exit once idle', async () => {
    const workers = pool({ idleMs: 100 });
    expect(workers.started).toBe(false);
    await workers.decode(await exportXlsx(varied(), {}), 'file', 1000);
    expect(workers.started).toBe(true);
    await until(() => !workers.started);
    expect(
      (await workers.decode(await exportXlsx(varied(), {}), 'file', 1000)).sheets,
    ).toHaveLength(1);
  });
});

describe('JSON documents in the worker', () => {
  /** What the decoder throws in this thread and through the worker. */
  async function bothErrors(text: string): Promise<[unknown, unknown]> {
    let inThread: unknown;
    try {
      parseWorkbookText(text, 'body');
    } catch (error) {
      inThread = error;
    }
    const inWorker = await pool()
      .decodeJson(text, 'body')
      .catch((error: unknown) => error);
    return [inThread, inWorker];
  }

  it('reads an export (text or bytes) into the same document as in this thread', async () => {
    const text = exportJson(varied(), AT);
    const inThread = parseWorkbookText(text, 'body');
    expect(await pool().decodeJson(text, 'body')).toStrictEqual(inThread);
    expect(await pool().decodeJson(Buffer.from(text), 'body')).toStrictEqual(inThread);
  });

  it('keeps every kind of input, versions and locks, in order, across the thread', async () => {
    const text = JSON.stringify({
      workbook_name: 'Kinds',
      sheets: [
        {
          name: 'S',
          cells: {
            A1: { value: 1.5, version: 3 },
            B1: { value: 'text', locked: true },
            C1: { value: true },
            A2: { formula: '=A1*2' },
            B2: { value: null, version: 7 },
            C2: { value: -4 },
          },
        },
        { name: 'Empty', cells: {} },
      ],
    });
    const decoded = await pool().decodeJson(text, 'body');
    expect(decoded).toStrictEqual(parseWorkbookText(text, 'body'));
    expect(decoded.sheets[0]!.cells.map((cell) => [cell.input, cell.version, cell.locked])).toEqual(
      [
        [1.5, 3, false],
        ['text', 0, true],
        [true, 0, false],
        [{ formula: '=A1*2' }, 0, false],
        [null, 7, false],
        [-4, 0, false],
      ],
    );
  });

  it('refuses text that is not JSON with a MalformedJsonError carrying the parser reason', async () => {
    const [inThread, inWorker] = await bothErrors('{"sheets": [');
    expect(inWorker).toBeInstanceOf(MalformedJsonError);
    expect((inWorker as Error).message).toBe((inThread as Error).message);
    expect((inWorker as MalformedJsonError).reason).toBe((inThread as MalformedJsonError).reason);
  });

  it('refuses a bad chart with the core validator error, not a plain failure', async () => {
    const [inThread, inWorker] = await bothErrors(
      JSON.stringify({
        workbook_name: 'W',
        sheets: [{ name: 'S', cells: {} }],
        charts: [{ sheet: 'S', kind: 1 }],
      }),
    );
    expect(inThread).toBeInstanceOf(InvalidChartError);
    expect(inWorker).toBeInstanceOf(InvalidChartError);
    expect((inWorker as InvalidChartError).field).toBe((inThread as InvalidChartError).field);
    expect((inWorker as Error).message).toBe((inThread as Error).message);
  });

  it('writes the JSON export and the save file a worker is given as the text this thread writes', async () => {
    const book = varied();
    const withValues = ranToEnd(packedExportSteps(book, true));
    const exported = await pool().encodeGridbook({ ...withValues, exportedAt: AT, dense: false });
    expect(`${exported.toString('utf8')}\n`).toBe(exportJson(book, AT));
    const saved = await pool().encodeGridbook({
      ...ranToEnd(packedExportSteps(book, false)),
      exportedAt: AT,
      dense: true,
    });
    expect(saved.toString('utf8')).toBe(
      gridbookText(book.document(), { exportedAt: AT, dense: true }),
    );
  });

  it('says a JSON document was being written when the worker dies; a snapshot is then written here', async () => {
    const dying = pool({ module: DYING_WORKER });
    const book = varied();
    book.apply([{ type: 'rename-workbook', name: 'die now' }]);
    const packed = ranToEnd(packedExportSteps(book, false));
    await expect(dying.encodeGridbook({ ...packed, exportedAt: AT, dense: true })).rejects.toThrow(
      /^Writing the JSON document stopped: the worker exited with code 3/,
    );
    const document = book.document();
    const text = await saveFileTextIn(dying)(document, AT);
    expect(text).toBe(await saveFileTextHere(document, AT));
  });

  it('says a JSON document was being read when the worker dies', async () => {
    const dying = pool({ module: DYING_WORKER });
    await expect(dying.decodeJson(Buffer.from('die, worker'), 'body')).rejects.toThrow(
      /^Reading the JSON document stopped: the worker exited with code 3/,
    );
  });
});
