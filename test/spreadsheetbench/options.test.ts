// The runner's pure parts: command-line parsing and help, test-case file pairing, the bounded
// task pool and the report's lines. The CLI itself is spawned once for --help and once for a bad
// option.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CHAIN_ITERATIONS } from '../../src/agent/index.js';
import { pairTestCases } from '../../bench/spreadsheetbench/dataset.js';
import { helpText, parseCommandLine } from '../../bench/spreadsheetbench/options.js';
import {
  buildReport,
  chainTokens,
  progressLine,
  scoreLine,
  type TaskReport,
} from '../../bench/spreadsheetbench/report.js';
import { mapWithConcurrency, runPaths } from '../../bench/spreadsheetbench/run.js';
import { contextSheet, safeId } from '../../bench/spreadsheetbench/solve.js';
import type { WorkbookReader } from '../../src/core/index.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const OPTIONS = ['--data', '--model', '--limit', '--concurrency', '--out', '--max-iterations'];

describe('parseCommandLine', () => {
  it('reads every option, in both spellings, with the defaults for the rest', () => {
    expect(parseCommandLine(['--data', 'ds', '--model=m'])).toEqual({
      kind: 'run',
      options: {
        data: 'ds',
        model: 'm',
        limit: undefined,
        concurrency: 1,
        out: undefined,
        maxIterations: MAX_CHAIN_ITERATIONS,
      },
    });
    const parsed = parseCommandLine([
      '--data=ds',
      '--model',
      'm',
      '--limit',
      '5',
      '--concurrency=3',
      '--out',
      'r.json',
      '--max-iterations',
      '4',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        data: 'ds',
        model: 'm',
        limit: 5,
        concurrency: 3,
        out: 'r.json',
        maxIterations: 4,
      },
    });
  });

  it('answers help for --help or -h wherever it stands', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--data', 'x', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--model', 'm'], '--data is required'],
    [['--data', 'd'], '--model is required'],
    [['--data', 'd', '--model', 'm', '--bogus'], 'unknown option --bogus'],
    [['--data', 'd', '--model', 'm', 'extra'], 'unexpected argument "extra"'],
    [['--data', '--model', 'm'], '--data needs a value'],
    [['--data', 'd', '--model'], '--model needs a value'],
    [['--data', 'd', '--model', 'm', '--limit', '0'], '--limit takes a whole number'],
    [['--data', 'd', '--model', 'm', '--limit', '2.5'], '--limit takes a whole number'],
    [['--data', 'd', '--model', 'm', '--concurrency', 'x'], '--concurrency takes'],
    [['--data', 'd', '--model', 'm', '--max-iterations', '999'], '--max-iterations takes'],
    [['--data', 'd', '--data', 'e', '--model', 'm'], '--data is given twice'],
  ])('refuses %j', (argv, message) => {
    const parsed = parseCommandLine(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });

  it('documents every option in the help text', () => {
    const help = helpText();
    for (const option of [...OPTIONS, '--help']) expect(help).toContain(option);
    expect(help).toContain('openai/gpt-oss-120b');
  });
});

describe('the CLI', () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/spreadsheetbench/main.ts', ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 25_000,
      env: { ...process.env, GROQ_API_KEY: '', GEMINI_API_KEY: '' },
    });

  it('prints the help with every option and exits 0', () => {
    const result = cli(['--help']);
    expect(result.status).toBe(0);
    for (const option of [...OPTIONS, '--help']) expect(result.stdout).toContain(option);
  });

  it('exits 2 with the problem on stderr for a bad option', () => {
    const result = cli(['--data', '.', '--model', 'm', '--frobnicate']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown option --frobnicate');
    expect(result.stdout).toBe('');
  });
});

describe('pairTestCases', () => {
  it('pairs numbered inputs with answers in order of n, in both releases', () => {
    const cases = pairTestCases('/d', [
      '2_7_input.xlsx',
      '1_7_input.xlsx',
      '1_7_answer.xlsx',
      '2_7_answer.xlsx',
      '3_7_input.xlsx', // no answer: not a test case
      'notes.txt',
    ]);
    expect(cases).toEqual([
      { n: 1, inputPath: '/d/1_7_input.xlsx', answerPath: '/d/1_7_answer.xlsx' },
      { n: 2, inputPath: '/d/2_7_input.xlsx', answerPath: '/d/2_7_answer.xlsx' },
    ]);
    expect(pairTestCases('/d', ['1_13-1_init.xlsx', '1_13-1_golden.xlsx'])).toEqual([
      { n: 1, inputPath: '/d/1_13-1_init.xlsx', answerPath: '/d/1_13-1_golden.xlsx' },
    ]);
    expect(pairTestCases('/d', ['initial.xlsx', 'golden.xlsx'])).toEqual([
      { n: 1, inputPath: '/d/initial.xlsx', answerPath: '/d/golden.xlsx' },
    ]);
  });
});

describe('mapWithConcurrency', () => {
  it('runs at most K at once and keeps the order of the items', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (delay, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay * 3));
      running -= 1;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(await mapWithConcurrency([], 3, async () => 1)).toEqual([]);
  });
});

describe('the report', () => {
  const task = (id: string, passed: boolean, total: number): TaskReport => ({
    id,
    instruction_type: 'Cell-Level Manipulation',
    passed,
    soft_score: passed ? 1 : 0,
    test_cases: [],
    steps: 2,
    stop_reason: 'completion',
    error: null,
    tokens: { input: total - 10, output: 10, total },
    seconds: 1.25,
  });

  it('scores the tasks and sums their tokens', () => {
    const report = buildReport('m', new Date(0), new Date(1000), [
      task('a', true, 100),
      task('b', false, 50),
      task('c', true, 30),
    ]);
    expect(report.score).toEqual({ passed: 2, total: 3, percent: 66.7 });
    expect(report.tokens).toEqual({ input: 150, output: 30, total: 180 });
    expect(scoreLine(report)).toBe('score: 2/3 tasks (66.7 %)');
    expect(scoreLine(buildReport('m', new Date(0), new Date(0), []))).toBe(
      'score: 0/0 tasks (0.0 %)',
    );
    expect(progressLine(1, 3, task('a', true, 100))).toBe('[1/3] a pass 2 steps 100 tokens 1.3 s');
  });

  it("reports the chain's summed usage in the report's shape", () => {
    expect(
      chainTokens({ usage: { input_tokens: 107, output_tokens: 23, total_tokens: 130 } }),
    ).toEqual({ input: 107, output: 23, total: 130 });
  });

  it('puts the report and the outputs under DIR/gridbook-results unless --out says otherwise', () => {
    expect(runPaths({ data: '/ds', out: undefined })).toEqual({
      report: '/ds/gridbook-results/report.json',
      outputs: '/ds/gridbook-results/outputs',
    });
    expect(runPaths({ data: '/ds', out: '/r/run1.json' })).toEqual({
      report: '/r/run1.json',
      outputs: '/r/outputs',
    });
  });
});

describe('task helpers', () => {
  it('makes a task id one safe path segment', () => {
    expect(safeId(59196)).toBe('59196');
    expect(safeId('13-1')).toBe('13-1');
    expect(safeId('../x/y')).toBe('.._x_y');
    expect(safeId('..')).toBe('_..');
  });

  it("works on the answer's sheet when the workbook has it, else on the first sheet", () => {
    const workbook = {
      sheetNames: ['Notes', 'Data Sheet'],
      activeSheetName: 'Data Sheet',
    } as unknown as WorkbookReader;
    expect(contextSheet(workbook, "'data sheet'!C1")).toBe('Data Sheet');
    expect(contextSheet(workbook, 'C1')).toBe('Notes');
    expect(contextSheet(workbook, 'Missing!C1')).toBe('Notes');
  });
});
