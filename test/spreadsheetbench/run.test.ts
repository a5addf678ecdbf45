// End to end, in-process: a dataset in SpreadsheetBench's released layout written to a temporary
// directory (three tasks of 2–3 test cases each, built with exceljs), solved by the real agent
// chain against a scripted fake Groq, replayed on the other cases, scored and reported.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startFakeProviders, type FakeProviders } from '../fakes/index.js';
import { parseCommandLine, type BenchOptions } from '../../bench/spreadsheetbench/options.js';
import { scoreLine, type BenchReport } from '../../bench/spreadsheetbench/report.js';
import {
  runSpreadsheetBench,
  UsageError,
  type RunEnvironment,
} from '../../bench/spreadsheetbench/run.js';

const MODEL = 'openai/gpt-oss-120b';
const TOKENS = { inputTokens: 120, outputTokens: 30 };

type Sheets = Record<string, Record<string, ExcelJS.CellValue>>;

async function writeWorkbook(file: string, sheets: Sheets): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, cells] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const [address, value] of Object.entries(cells)) sheet.getCell(address).value = value;
  }
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
}

function column(values: readonly number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`A${index + 1}`, value]));
}

interface CaseFiles {
  readonly input: Sheets;
  readonly answer: Sheets;
}

async function writeTask(
  dir: string,
  folder: string,
  id: string | number,
  naming: 'input/answer' | 'init/golden',
  cases: readonly CaseFiles[],
): Promise<void> {
  const [inputWord, answerWord] = naming.split('/') as [string, string];
  await mkdir(path.join(dir, folder), { recursive: true });
  for (const [index, testCase] of cases.entries()) {
    const stem = path.join(dir, folder, `${index + 1}_${id}`);
    await writeWorkbook(`${stem}_${inputWord}.xlsx`, testCase.input);
    await writeWorkbook(`${stem}_${answerWord}.xlsx`, testCase.answer);
  }
}

/**
 * Task 101: sum column A into B1 (3 cases). Task "count-rows": count column A of the second sheet
 * into C1 (3 cases; its answer position names the sheet). Task 303: double A1 into D1 (2 cases,
 * the Verified file names, no spreadsheet_path).
 */
async function writeDataset(dir: string): Promise<void> {
  const sums = [
    [1, 2, 3],
    [10, 20, 30],
    [5, 5, 7.5],
  ];
  await writeTask(
    dir,
    'spreadsheet/101',
    101,
    'input/answer',
    sums.map((values) => ({
      input: { Sheet1: column(values) },
      answer: {
        Sheet1: {
          ...column(values),
          B1: { formula: 'SUM(A1:A3)', result: values.reduce((a, b) => a + b, 0) },
        },
      },
    })),
  );
  const counts = [3, 5, 4];
  await writeTask(
    dir,
    'spreadsheet/count-rows',
    'count-rows',
    'input/answer',
    counts.map((count) => {
      const rows = column(Array.from({ length: count }, (_, index) => index * 7));
      return {
        input: { Notes: { A1: 'read me' }, 'Data Sheet': rows },
        answer: { Notes: { A1: 'read me' }, 'Data Sheet': { ...rows, C1: count } },
      };
    }),
  );
  await writeTask(
    dir,
    'spreadsheet/303',
    303,
    'init/golden',
    [4, 9].map((value) => ({
      input: { Sheet1: { A1: value } },
      answer: { Sheet1: { A1: value, D1: value * 2 } },
    })),
  );
  const tasks = [
    {
      id: 101,
      instruction: 'Sum column A into B1.',
      spreadsheet_path: 'spreadsheet/101',
      instruction_type: 'Cell-Level Manipulation',
      answer_position: 'B1',
    },
    {
      id: 'count-rows',
      instruction: 'Put the count of rows of column A into C1.',
      spreadsheet_path: 'spreadsheet/count-rows',
      instruction_type: 'Cell-Level Manipulation',
      answer_position: "'Data Sheet'!C1",
    },
    {
      id: 303,
      instruction: 'Double A1 into D1.',
      instruction_type: 'Cell-Level Manipulation',
      answer_position: 'D1',
    },
  ];
  await writeFile(path.join(dir, 'dataset.json'), JSON.stringify(tasks, null, 2));
}

const DONE = { reasoning: 'done', target_cell: 'A1', values: [['']] };

describe('runSpreadsheetBench against a scripted model', () => {
  let fakes: FakeProviders;
  let dir: string;
  let log: string[];

  beforeAll(async () => {
    fakes = await startFakeProviders();
  });
  afterAll(async () => fakes.close());
  beforeEach(async () => {
    fakes.reset();
    // A call the script did not foresee completes at once instead of failing with a retry.
    fakes.groq.setDefaultReply({ kind: 'text', text: JSON.stringify(DONE) });
    dir = await mkdtemp(path.join(tmpdir(), 'gridbook-ssb-test-'));
    log = [];
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  function environment(env: Record<string, string> = {}): RunEnvironment {
    return {
      config: loadConfig(
        { GROQ_API_KEY: 'gsk_bench-test', GRIDBOOK_GROQ_BASE_URL: fakes.baseUrls.groq, ...env },
        dir,
      ),
      log: (line) => log.push(line),
      completeOptions: { sleep: async () => {} },
    };
  }

  function optionsOf(...argv: string[]): BenchOptions {
    const parsed = parseCommandLine(['--data', dir, '--model', MODEL, ...argv]);
    if (parsed.kind !== 'run') throw new Error(`bad test options: ${JSON.stringify(parsed)}`);
    return parsed.options;
  }

  /** Each write is followed by an explicit completion: the chain stops only on it (or the budget). */
  function script(...writes: { target_cell: string; values: unknown[][] }[]): void {
    for (const write of writes) {
      fakes.groq.replyText(JSON.stringify({ reasoning: 'write it', ...write }), TOKENS);
      fakes.groq.replyText(JSON.stringify(DONE), TOKENS);
    }
  }

  it('passes a formula answer on every test case, fails a wrong one, and reports both', async () => {
    await writeDataset(dir);
    script(
      { target_cell: 'B1', values: [['=SUM(A1:A3)']] },
      { target_cell: 'C1', values: [['=COUNTA(A1:A100)']] },
      { target_cell: 'D1', values: [['=A1*3']] },
    );

    const { report, paths } = await runSpreadsheetBench(optionsOf(), environment());

    expect(scoreLine(report)).toBe('score: 2/3 tasks (66.7 %)');
    expect(report.score).toEqual({ passed: 2, total: 3, percent: 66.7 });
    expect(report.model).toBe(MODEL);
    const [sum, count, doubled] = report.tasks;
    expect(sum).toMatchObject({
      id: 101,
      passed: true,
      soft_score: 1,
      steps: 2,
      stop_reason: 'completion',
      error: null,
      test_cases: [1, 2, 3].map((n) => ({ n, passed: true, mismatch: null })),
    });
    // Passing proves the chain worked on 'Data Sheet': an unqualified C1 lands on the context sheet.
    expect(count).toMatchObject({ id: 'count-rows', passed: true, soft_score: 1 });
    expect(count!.test_cases).toHaveLength(3);
    expect(doubled).toMatchObject({ id: 303, passed: false, soft_score: 0, error: null });
    expect(doubled!.test_cases).toEqual([
      { n: 1, passed: false, mismatch: 'Sheet1!D1: expected 8, got 12' },
      { n: 2, passed: false, mismatch: 'Sheet1!D1: expected 18, got 27' },
    ]);
    expect(fakes.groq.requests).toHaveLength(6);
    expect(JSON.stringify(fakes.groq.requests[2]!.body)).toContain('Data Sheet');

    const written = JSON.parse(await readFile(paths.report, 'utf8')) as BenchReport;
    expect(written).toEqual(report);
    expect(paths.report).toBe(path.join(dir, 'gridbook-results', 'report.json'));
    expect(Object.keys(written)).toEqual([
      'model',
      'started_at',
      'finished_at',
      'tasks',
      'score',
      'tokens',
    ]);
    expect(Object.keys(written.tasks[0]!).sort()).toEqual(
      [
        'id',
        'instruction_type',
        'passed',
        'soft_score',
        'test_cases',
        'steps',
        'stop_reason',
        'error',
        'tokens',
        'seconds',
      ].sort(),
    );
    // Two model calls per task (the write, the completion), each scripted at 120 + 30 tokens.
    for (const task of written.tasks) {
      expect(task.tokens).toEqual({ input: 240, output: 60, total: 300 });
      expect(task.seconds).toBeGreaterThanOrEqual(0);
    }
    expect(written.tokens).toEqual({ input: 720, output: 180, total: 900 });
    expect(Date.parse(written.finished_at)).toBeGreaterThanOrEqual(Date.parse(written.started_at));

    for (const file of ['101/1_101_output.xlsx', '101/3_101_output.xlsx', '303/2_303_output.xlsx'])
      expect(existsSync(path.join(paths.outputs, file))).toBe(true);
    const replayed = new ExcelJS.Workbook();
    await replayed.xlsx.readFile(path.join(paths.outputs, 'count-rows/2_count-rows_output.xlsx'));
    expect(replayed.getWorksheet('Data Sheet')!.getCell('C1').value).toEqual({
      formula: 'COUNTA(A1:A100)',
      result: 5,
    });

    expect(log).toHaveLength(3);
    expect(log[0]).toMatch(/^\[1\/3\] 101 pass 2 steps \d+ tokens \d+\.\d s$/);
    expect(log[2]).toMatch(/^\[3\/3\] 303 fail /);
  });

  it('fails a test case whose replay throws, with the reason, and still scores the others', async () => {
    await writeTask(dir, 'spreadsheet/7', 7, 'input/answer', [
      { input: { Data: { A1: 2 } }, answer: { Data: { A1: 2, B1: 4 } } },
      // No sheet "Data" here: the recorded write to Data!B1 cannot be replayed.
      { input: { Other: { A1: 3 } }, answer: { Other: { A1: 3, B1: 6 } } },
    ]);
    await writeFile(
      path.join(dir, 'dataset.json'),
      JSON.stringify([
        { id: 7, instruction: 'Double A1 into B1.', answer_position: 'B1', instruction_type: 'x' },
      ]),
    );
    script({ target_cell: 'B1', values: [['=A1*2']] });

    const { report } = await runSpreadsheetBench(optionsOf(), environment());

    const [task] = report.tasks;
    expect(task!.passed).toBe(false);
    expect(task!.soft_score).toBe(0.5);
    expect(task!.test_cases[0]).toEqual({ n: 1, passed: true, mismatch: null });
    expect(task!.test_cases[1]!.mismatch).toMatch(/^replay of commit 1 of 1 failed: /);
    expect(scoreLine(report)).toBe('score: 0/1 tasks (0.0 %)');
  });

  it('reports a task without test cases as failed and runs only --limit tasks', async () => {
    await writeFile(
      path.join(dir, 'dataset.json'),
      JSON.stringify([
        { id: 'gone', instruction: 'x', answer_position: 'A1', instruction_type: 'x' },
        { id: 'never', instruction: 'y', answer_position: 'A1', instruction_type: 'x' },
      ]),
    );
    const out = path.join(dir, 'elsewhere', 'run.json');

    const { report, paths } = await runSpreadsheetBench(
      optionsOf('--limit', '1', '--out', out),
      environment(),
    );

    expect(paths.report).toBe(out);
    expect(report.tasks).toHaveLength(1);
    expect(report.tasks[0]).toMatchObject({ id: 'gone', passed: false, stop_reason: null });
    expect(report.tasks[0]!.error).toContain('cannot list the test cases');
    expect(fakes.groq.requests).toHaveLength(0);
    expect(existsSync(out)).toBe(true);
  });

  it('refuses an unknown model or one whose provider has no key before any task runs', async () => {
    await writeDataset(dir);
    const run = (model: string) =>
      runSpreadsheetBench({ ...optionsOf(), model }, environment({ ANTHROPIC_API_KEY: '' }));
    await expect(run('gpt-nonexistent')).rejects.toThrow(UsageError);
    await expect(run('gpt-nonexistent')).rejects.toThrow(/unknown model "gpt-nonexistent"/);
    await expect(run('claude-haiku-4-5-20251001')).rejects.toThrow(/ANTHROPIC_API_KEY/);
    await expect(
      runSpreadsheetBench({ ...optionsOf(), data: path.join(dir, 'nowhere') }, environment()),
    ).rejects.toThrow(/dataset\.json/);
    expect(fakes.groq.requests).toHaveLength(0);
    expect(existsSync(path.join(dir, 'gridbook-results'))).toBe(false);
  });
});
