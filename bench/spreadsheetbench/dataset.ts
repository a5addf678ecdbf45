// The dataset as SpreadsheetBench releases it: DIR/dataset.json lists the tasks, and each task's
// folder (spreadsheet_path, relative to DIR) holds its test cases as numbered input/answer pairs,
// `{n}_{id}_input.xlsx` + `{n}_{id}_answer.xlsx`, or `{n}_{id}_init.xlsx` + `{n}_{id}_golden.xlsx`
// in the Verified release (where a few tasks have `initial.xlsx` + `golden.xlsx` instead).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface BenchTask {
  /** As dataset.json has it: a number or a string. */
  readonly id: string | number;
  readonly instruction: string;
  /** The folder of the test cases, relative to the dataset directory. */
  readonly spreadsheetPath: string;
  readonly instructionType: string;
  readonly answerPosition: string;
}

export interface TestCase {
  /** 1, 2, 3 … as the file names number them. */
  readonly n: number;
  readonly inputPath: string;
  readonly answerPath: string;
}

/** dataset.json is missing or not in the released shape: nothing can run. */
export class DatasetError extends Error {}

function field(entry: Record<string, unknown>, name: string, index: number): string {
  const value = entry[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new DatasetError(`dataset.json task ${index + 1}: "${name}" must be a non-empty string`);
  return value;
}

function taskOf(entry: unknown, index: number): BenchTask {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new DatasetError(`dataset.json task ${index + 1} is not an object`);
  const record = entry as Record<string, unknown>;
  const id = record['id'];
  if (!(typeof id === 'number' && Number.isFinite(id)) && !(typeof id === 'string' && id !== ''))
    throw new DatasetError(`dataset.json task ${index + 1}: "id" must be a number or a string`);
  const spreadsheetPath = record['spreadsheet_path'];
  return {
    id,
    instruction: field(record, 'instruction', index),
    spreadsheetPath:
      typeof spreadsheetPath === 'string' && spreadsheetPath.trim() !== ''
        ? spreadsheetPath
        : `spreadsheet/${id}`,
    instructionType:
      typeof record['instruction_type'] === 'string' ? record['instruction_type'] : 'unknown',
    answerPosition: field(record, 'answer_position', index),
  };
}

export async function readDataset(dir: string): Promise<BenchTask[]> {
  const file = path.join(dir, 'dataset.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DatasetError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new DatasetError(`${file} must hold a JSON array of tasks`);
  return parsed.map(taskOf);
}

const NUMBERED = /^(\d+)_.+_(input|answer|init|golden)\.xlsx$/i;
const BARE_INPUTS = ['initial.xlsx', 'init.xlsx', 'input.xlsx'];
const BARE_ANSWERS = ['golden.xlsx', 'answer.xlsx'];

/**
 * Pairs a folder's file names into test cases, in order of n. The id in a numbered name is not
 * checked: the folder is the task's, and the Verified release misspells a few of them.
 */
export function pairTestCases(dir: string, names: readonly string[]): TestCase[] {
  const inputs = new Map<number, string>();
  const answers = new Map<number, string>();
  for (const name of names) {
    const match = NUMBERED.exec(name);
    if (match === null) continue;
    const kind = match[2]!.toLowerCase();
    (kind === 'input' || kind === 'init' ? inputs : answers).set(Number(match[1]), name);
  }
  if (inputs.size === 0) {
    const input = BARE_INPUTS.find((name) => names.includes(name));
    const answer = BARE_ANSWERS.find((name) => names.includes(name));
    if (input !== undefined && answer !== undefined) {
      inputs.set(1, input);
      answers.set(1, answer);
    }
  }
  return [...inputs.entries()]
    .filter(([n]) => answers.has(n))
    .sort(([a], [b]) => a - b)
    .map(([n, input]) => ({
      n,
      inputPath: path.join(dir, input),
      answerPath: path.join(dir, answers.get(n)!),
    }));
}

/** The task's test cases; throws (the task fails, the run goes on) when there are none. */
export async function findTestCases(datasetDir: string, task: BenchTask): Promise<TestCase[]> {
  const dir = path.resolve(datasetDir, task.spreadsheetPath);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new Error(`cannot list the test cases in ${dir}: ${(error as Error).message}`);
  }
  const cases = pairTestCases(dir, names);
  if (cases.length === 0)
    throw new Error(`no input/answer pair ({n}_{id}_input.xlsx + {n}_{id}_answer.xlsx) in ${dir}`);
  return cases;
}
