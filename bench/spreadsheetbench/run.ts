// The run: check the dataset and the model before any task starts (a usage problem ends the
// run with exit code 2), solve and score the tasks K at a time, write the report.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentService } from '../../src/agent/index.js';
import type { Config } from '../../src/config.js';
import {
  findModel,
  MemoryKeyStore,
  MODEL_CATALOG,
  PROVIDER_DISPLAY_NAMES,
  ProviderService,
  type CompleteOptions,
} from '../../src/providers/index.js';
import { DatasetError, readDataset, type BenchTask } from './dataset.js';
import { KEY_VARIABLES, type BenchOptions } from './options.js';
import {
  buildReport,
  NO_TOKENS,
  progressLine,
  type BenchReport,
  type TaskReport,
} from './report.js';
import { runTask, type SolveContext } from './solve.js';

/** A problem with the command line, the dataset or the model: reported before any task runs. */
export class UsageError extends Error {}

export interface RunEnvironment {
  /** Provider keys and base URLs come from here (loadConfig of the environment in the CLI). */
  readonly config: Config;
  /** One line of progress (stderr in the CLI). */
  readonly log: (line: string) => void;
  /** Aborting stops the running chains; tasks not started yet are reported as not run. */
  readonly signal?: AbortSignal;
  /** Retry policy and sleep of the provider calls (tests retry without waiting). */
  readonly completeOptions?: CompleteOptions;
}

export interface RunPaths {
  readonly report: string;
  readonly outputs: string;
}

export function runPaths(options: Pick<BenchOptions, 'data' | 'out'>): RunPaths {
  const report = path.resolve(
    options.out ?? path.join(options.data, 'gridbook-results', 'report.json'),
  );
  return { report, outputs: path.join(path.dirname(report), 'outputs') };
}

/** The providers, once the model is known and its provider has a key. */
export async function providersFor(
  modelId: string,
  config: Config,
  completeOptions: CompleteOptions = {},
): Promise<ProviderService> {
  const model = findModel(modelId);
  if (model === undefined)
    throw new UsageError(
      `unknown model "${modelId}"; --model takes one of: ${MODEL_CATALOG.map((entry) => entry.id).join(', ')}`,
    );
  const providers = await ProviderService.open({
    keyStore: new MemoryKeyStore(),
    envKeys: config.providerKeys,
    baseUrls: config.providerBaseUrls,
    ...completeOptions,
  });
  // Without a key the providers would quietly answer with another provider's default model.
  if (!providers.configuredProviders().has(model.provider))
    throw new UsageError(
      `no key for ${PROVIDER_DISPLAY_NAMES[model.provider]}, the provider of ${modelId}: set ${KEY_VARIABLES[model.provider]}`,
    );
  return providers;
}

async function tasksOf(options: BenchOptions): Promise<BenchTask[]> {
  try {
    const tasks = await readDataset(options.data);
    return options.limit === undefined ? tasks : tasks.slice(0, options.limit);
  } catch (error) {
    if (error instanceof DatasetError) throw new UsageError(error.message);
    throw error;
  }
}

/** Runs `work` over the items with at most `limit` at once; results keep the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

function notRun(task: BenchTask): TaskReport {
  return {
    id: task.id,
    instruction_type: task.instructionType,
    passed: false,
    soft_score: 0,
    test_cases: [],
    steps: 0,
    stop_reason: null,
    error: 'not run: the run was aborted',
    tokens: NO_TOKENS,
    seconds: 0,
  };
}

export async function runSpreadsheetBench(
  options: BenchOptions,
  environment: RunEnvironment,
): Promise<{ report: BenchReport; paths: RunPaths }> {
  const tasks = await tasksOf(options);
  const providers = await providersFor(
    options.model,
    environment.config,
    environment.completeOptions,
  );
  const paths = runPaths(options);
  const context: SolveContext = {
    agent: new AgentService({
      completer: providers,
      newChartId: () => `chart_${randomBytes(4).toString('hex')}`,
    }),
    modelId: options.model,
    maxIterations: options.maxIterations,
    datasetDir: path.resolve(options.data),
    outputsDir: paths.outputs,
    signal: environment.signal,
    reportProblem: (problem, error) =>
      environment.log(`gridbook: ${problem}${error === undefined ? '' : `: ${String(error)}`}`),
  };
  const startedAt = new Date();
  let finished = 0;
  const reports = await mapWithConcurrency(tasks, options.concurrency, async (task) => {
    const report = environment.signal?.aborted ? notRun(task) : await runTask(task, context);
    finished += 1;
    environment.log(progressLine(finished, tasks.length, report));
    return report;
  });
  const report = buildReport(options.model, startedAt, new Date(), reports);
  await mkdir(path.dirname(paths.report), { recursive: true });
  await writeFile(paths.report, `${JSON.stringify(report, null, 2)}\n`);
  return { report, paths };
}
