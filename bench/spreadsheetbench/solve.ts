// One task: solve test case 1 with the agent chain on a fresh workbook while recording the ops of
// every commit the chain makes, then replay those commits on each other test case's input — solve
// once, replay on the rest, as the leading SpreadsheetBench runners do — and score every case.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { AgentService, ChainResult } from '../../src/agent/index.js';
import type { RecordedOp, WorkbookReader } from '../../src/core/index.js';
import { importXlsx } from '../../src/editing/index.js';
import type { JournaledWorkbook } from '../../src/hosting/index.js';
import { exportXlsx } from '../../src/persistence/index.js';
import { answerSheet } from './answer-position.js';
import { findTestCases, type BenchTask, type TestCase } from './dataset.js';
import { chainTokens, NO_TOKENS, type CaseReport, type TaskReport } from './report.js';
import { compareWorkbooks } from './score.js';
import { withFreshWorkbook, type ReportProblem } from './session.js';

/** The actor of the runner's own commits (imports and replays); the chain's carry the agent's. */
export const ACTOR = 'spreadsheetbench';

export interface SolveContext {
  readonly agent: Pick<AgentService, 'chain'>;
  readonly modelId: string;
  readonly maxIterations: number;
  readonly datasetDir: string;
  /** Output workbooks go to <outputsDir>/<id>/{n}_{id}_output.xlsx. */
  readonly outputsDir: string;
  readonly signal?: AbortSignal | undefined;
  readonly reportProblem: ReportProblem;
}

/** The ops of one commit the chain made, in commit order. */
export type RecordedCommit = readonly RecordedOp[];

export function taskPrompt(task: BenchTask): string {
  return [
    `Instruction: ${task.instruction}`,
    `Write the answer in: ${task.answerPosition} (instruction type: ${task.instructionType}).`,
    'Put the result in exactly those cells, as values or formulas. Prefer formulas where the ' +
      'result depends on the data: the same edits are replayed on other copies of this workbook ' +
      'holding different data.',
  ].join('\n');
}

/**
 * The sheet the chain works on (and describes to the model): the answer's sheet when the answer
 * position names one the workbook has, else the first sheet — the one the scorer reads then.
 */
export function contextSheet(workbook: WorkbookReader, answerPosition: string): string {
  const named = answerSheet(answerPosition)?.toLowerCase();
  const match = workbook.sheetNames.find((name) => name.toLowerCase() === named);
  return match ?? workbook.sheetNames[0] ?? workbook.activeSheetName;
}

/** A task id as one path segment (ids are numbers or short strings like "13-1"). */
export function safeId(id: string | number): string {
  const safe = String(id).replace(/[^A-Za-z0-9._-]/g, '_');
  return /^\.*$/.test(safe) ? `_${safe}` : safe;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function importCase(handle: JournaledWorkbook, testCase: TestCase): Promise<void> {
  const bytes = await readFile(testCase.inputPath);
  await importXlsx(handle, bytes, path.basename(testCase.inputPath), 'file', { actor: ACTOR });
}

interface Solved {
  readonly chain: ChainResult;
  readonly commits: readonly RecordedCommit[];
  readonly output: Buffer;
}

async function solveFirstCase(
  task: BenchTask,
  testCase: TestCase,
  context: SolveContext,
): Promise<Solved> {
  return withFreshWorkbook(context.reportProblem, async (handle) => {
    await importCase(handle, testCase);
    const commits: RecordedCommit[] = [];
    // Undo, redo and whole-workbook commits are not replayable as plain changes on another input.
    const unsubscribe = handle.subscribe(handle.seq, (commit) => {
      if (commit.kind === 'change' && commit.ops !== 'snapshot') commits.push(commit.ops);
    });
    let chain: ChainResult;
    try {
      chain = await context.agent.chain(
        handle,
        {
          prompt: taskPrompt(task),
          maxIterations: context.maxIterations,
          modelId: context.modelId,
          sheet: contextSheet(handle.workbook, task.answerPosition),
        },
        { signal: context.signal },
      );
      // Subscribers hear of a commit once it is durable; wait for the chain's last one.
      await handle.settled();
    } finally {
      unsubscribe();
    }
    return { chain, commits, output: await exportXlsx(handle.workbook, {}) };
  });
}

async function replayCase(
  testCase: TestCase,
  commits: readonly RecordedCommit[],
  context: SolveContext,
): Promise<Buffer | string> {
  return withFreshWorkbook(context.reportProblem, async (handle) => {
    await importCase(handle, testCase);
    for (const [index, ops] of commits.entries()) {
      try {
        await handle.commit(ops, { actor: ACTOR });
      } catch (error) {
        return `replay of commit ${index + 1} of ${commits.length} failed: ${messageOf(error)}`;
      }
    }
    return exportXlsx(handle.workbook, {});
  });
}

async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

/** Writes the output beside the report and compares it with the case's answer. */
async function scoreCase(
  task: BenchTask,
  testCase: TestCase,
  output: Buffer,
  context: SolveContext,
): Promise<CaseReport> {
  const id = safeId(task.id);
  const dir = path.join(context.outputsDir, id);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${testCase.n}_${id}_output.xlsx`), output);
  let answer: ExcelJS.Workbook;
  try {
    answer = await loadWorkbook(await readFile(testCase.answerPath));
  } catch (error) {
    return { n: testCase.n, passed: false, mismatch: `answer unreadable: ${messageOf(error)}` };
  }
  const verdict = compareWorkbooks(answer, await loadWorkbook(output), task.answerPosition);
  return { n: testCase.n, ...verdict };
}

/** Cases 2..N: a case that cannot be imported, replayed or scored fails alone, with its reason. */
async function replayedCase(
  task: BenchTask,
  testCase: TestCase,
  commits: readonly RecordedCommit[],
  context: SolveContext,
): Promise<CaseReport> {
  try {
    const output = await replayCase(testCase, commits, context);
    if (typeof output === 'string') return { n: testCase.n, passed: false, mismatch: output };
    return await scoreCase(task, testCase, output, context);
  } catch (error) {
    return { n: testCase.n, passed: false, mismatch: `not scored: ${messageOf(error)}` };
  }
}

function taskReport(
  task: BenchTask,
  cases: readonly CaseReport[],
  chain: ChainResult | undefined,
  error: string | null,
  seconds: number,
): TaskReport {
  const passedCases = cases.filter((testCase) => testCase.passed).length;
  return {
    id: task.id,
    instruction_type: task.instructionType,
    passed: cases.length > 0 && passedCases === cases.length,
    soft_score: cases.length === 0 ? 0 : passedCases / cases.length,
    test_cases: cases,
    steps: chain?.steps.length ?? 0,
    stop_reason: chain?.stop_reason ?? null,
    error,
    tokens: chain === undefined ? NO_TOKENS : chainTokens(chain),
    seconds,
  };
}

/** Never throws: whatever goes wrong fails this task, with the reason in the report. */
export async function runTask(task: BenchTask, context: SolveContext): Promise<TaskReport> {
  const started = performance.now();
  const seconds = (): number => Math.round((performance.now() - started) / 100) / 10;
  let cases: readonly TestCase[] = [];
  try {
    cases = await findTestCases(context.datasetDir, task);
    const solved = await solveFirstCase(task, cases[0]!, context);
    const reports = [await scoreCase(task, cases[0]!, solved.output, context)];
    for (const testCase of cases.slice(1))
      reports.push(await replayedCase(task, testCase, solved.commits, context));
    return taskReport(task, reports, solved.chain, solved.chain.error, seconds());
  } catch (error) {
    const reason = messageOf(error);
    const unscored = cases.map((testCase) => ({
      n: testCase.n,
      passed: false,
      mismatch: `not scored: ${reason}`,
    }));
    return taskReport(task, unscored, undefined, reason, seconds());
  }
}
