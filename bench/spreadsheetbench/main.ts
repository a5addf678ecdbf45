// npm run spreadsheetbench -- --data DIR --model ID [--limit N] [--concurrency K] [--out FILE]
// [--max-iterations N]: runs SpreadsheetBench tasks through the Gridbook agent in-process and
// scores them (bench/README.md, "SpreadsheetBench"). Exit 0 after a run whatever the score, 2 for
// a usage problem found before any task ran.
import { ConfigError, loadConfig, type Config } from '../../src/config.js';
import { helpText, parseCommandLine } from './options.js';
import { scoreLine } from './report.js';
import { runSpreadsheetBench, UsageError } from './run.js';

const USAGE_EXIT = 2;

function fail(message: string): void {
  process.stderr.write(`spreadsheetbench: ${message}\nRun with --help for the options.\n`);
  process.exitCode = USAGE_EXIT;
}

function configOrNull(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(error.message);
    return null;
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(helpText());
    return;
  }
  if (parsed.kind === 'error') return fail(parsed.message);
  const config = configOrNull();
  if (config === null) return;
  // The first Ctrl-C lets the running chains stop and the report be written; a second one kills.
  const abort = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('spreadsheetbench: stopping; Ctrl-C again to quit at once\n');
    abort.abort();
  });
  try {
    const { report, paths } = await runSpreadsheetBench(parsed.options, {
      config,
      log: (line) => process.stderr.write(`${line}\n`),
      signal: abort.signal,
    });
    process.stdout.write(`report: ${paths.report}\noutputs: ${paths.outputs}\n`);
    process.stdout.write(`${scoreLine(report)}\n`);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
}

await main(process.argv.slice(2));
