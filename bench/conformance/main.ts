// npm run conformance -- [--corpus DIR] [--filter TEXT] [--all] [--json FILE] [--write-baseline]
// [--workers N]: the Excel conformance corpus against our engine, in-process (bench/README.md,
// "Conformance"). Exit 0 after a run whatever the figures, 2 for a usage problem.
import { relative } from 'node:path';
import { BASELINE_FILE, writeBaseline } from './baseline.js';
import { helpText, parseCommandLine } from './options.js';
import { formatFunctionReport, formatReport, writeJsonResults } from './report.js';
import { CorpusNotFoundError, runConformance } from './run.js';

const USAGE_EXIT = 2;
const PROGRESS_EVERY = 25;

function fail(message: string): void {
  process.stderr.write(`conformance: ${message}\nRun with --help for the options.\n`);
  process.exitCode = USAGE_EXIT;
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(helpText());
    return;
  }
  if (parsed.kind === 'error') return fail(parsed.message);
  const { options } = parsed;
  let results;
  try {
    results = await runConformance({
      corpus: options.corpus,
      filter: options.filter,
      workers: options.workers,
      ...(options.function === undefined ? {} : { mismatchesOf: options.function }),
      onWorkbook: (_result, done, total) => {
        if (done % PROGRESS_EVERY === 0 || done === total)
          process.stderr.write(`conformance: ${done}/${total} workbooks\n`);
      },
    });
  } catch (error) {
    if (error instanceof CorpusNotFoundError) return fail(error.message);
    throw error;
  }
  if (results.workbooks === 0) return fail(`no .xlsx or .xlsm files matched in ${options.corpus}`);
  process.stderr.write(`conformance: ${results.seconds.toFixed(1)} s\n`);
  if (options.json !== undefined) {
    await writeJsonResults(results, options.json);
    process.stderr.write(`conformance: results written to ${options.json}\n`);
  }
  if (options.writeBaseline) {
    const baseline = await writeBaseline(results);
    process.stderr.write(
      `conformance: baseline written (${Object.keys(baseline.functions).length} functions) to ` +
        `${relative(process.cwd(), BASELINE_FILE)}\n`,
    );
  }
  process.stdout.write(formatReport(results, { all: options.all }));
  if (options.function !== undefined)
    process.stdout.write(formatFunctionReport(results, options.function));
}

await main(process.argv.slice(2));
