// Command-line options of `npm run spreadsheetbench`: parsed into a plain value (or a usage error
// to print with exit code 2) so tests can call the parser without spawning the CLI.
import { MAX_CHAIN_ITERATIONS } from '../../src/agent/index.js';
import { MODEL_CATALOG } from '../../src/providers/index.js';

export interface BenchOptions {
  /** The extracted dataset: the directory holding dataset.json. */
  readonly data: string;
  /** A model id of the catalog (src/providers/model-catalog.ts). */
  readonly model: string;
  /** Run only the first N tasks of dataset.json. */
  readonly limit: number | undefined;
  /** How many tasks run at once, each with its own workbook host. */
  readonly concurrency: number;
  /** The report file; undefined: <data>/gridbook-results/report.json. */
  readonly out: string | undefined;
  /** The chain's iteration budget per task. */
  readonly maxIterations: number;
}

/** A bound against a typo: each running task holds a workbook in memory and a model call open. */
export const MAX_CONCURRENCY = 64;

export type ParsedCommandLine =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: BenchOptions }
  | { readonly kind: 'error'; readonly message: string };

/** Keys of the environment each provider's key is read from (src/config.ts). */
export const KEY_VARIABLES = {
  gemini: 'GEMINI_API_KEY (or GOOGLE_API_KEY)',
  anthropic: 'ANTHROPIC_API_KEY',
  groq: 'GROQ_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
} as const;

export function helpText(): string {
  const models = MODEL_CATALOG.map((entry) => `    ${entry.id.padEnd(44)} ${entry.provider}`);
  return [
    'Usage: npm run spreadsheetbench -- --data DIR --model ID [options]',
    '',
    'Runs SpreadsheetBench tasks through the Gridbook agent chain in-process and scores them with',
    'the benchmark’s published cell comparison. Progress goes to stderr; the last stdout line is',
    '"score: P/N tasks (X %)".',
    '',
    'Options:',
    '  --data DIR             the extracted dataset: DIR/dataset.json and the spreadsheet folders',
    '  --model ID             the catalog model that solves the tasks (its provider needs a key)',
    '  --limit N              run only the first N tasks of dataset.json (default: all)',
    `  --concurrency K        run at most K tasks at once, each on its own workbook, 1 to ${MAX_CONCURRENCY}`,
    '                         (default: 1)',
    '  --out FILE             the JSON report (default: DIR/gridbook-results/report.json); the',
    '                         output workbooks go to outputs/ beside it',
    `  --max-iterations N     the chain's steps per task, 1 to ${MAX_CHAIN_ITERATIONS} (default: ${MAX_CHAIN_ITERATIONS})`,
    '  -h, --help             print this help and exit',
    '',
    'Keys come from the environment, one per provider:',
    ...Object.values(KEY_VARIABLES).map((variable) => `  ${variable}`),
    'GRIDBOOK_<PROVIDER>_BASE_URL (e.g. GRIDBOOK_GROQ_BASE_URL) overrides a provider’s address.',
    '',
    'Models (--model):',
    ...models,
    '',
  ].join('\n');
}

const VALUE_OPTIONS = [
  '--data',
  '--model',
  '--limit',
  '--concurrency',
  '--out',
  '--max-iterations',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

function isValueOption(name: string): name is ValueOption {
  return (VALUE_OPTIONS as readonly string[]).includes(name);
}

class UsageProblem extends Error {}

function wholeNumber(option: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageProblem(
      `${option} takes a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got "${raw}"`,
    );
  return value;
}

/** Splits `--name=value` and `--name value` into pairs; a flag that needs a value and has none is a problem. */
function optionPairs(argv: readonly string[]): Map<ValueOption, string> | 'help' {
  const values = new Map<ValueOption, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (!isValueOption(name))
      throw new UsageProblem(
        arg.startsWith('-') ? `unknown option ${name}` : `unexpected argument "${arg}"`,
      );
    let value: string | undefined;
    if (name !== arg) value = arg.slice(equals + 1);
    else {
      value = argv[index + 1];
      index += 1;
    }
    if (value === undefined || value === '' || (name === arg && value.startsWith('--')))
      throw new UsageProblem(`${name} needs a value`);
    if (values.has(name)) throw new UsageProblem(`${name} is given twice`);
    values.set(name, value);
  }
  return values;
}

function required(values: Map<ValueOption, string>, name: ValueOption): string {
  const value = values.get(name);
  if (value === undefined) throw new UsageProblem(`${name} is required`);
  return value;
}

function optionalNumber(
  values: Map<ValueOption, string>,
  name: ValueOption,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const raw = values.get(name);
  return raw === undefined ? undefined : wholeNumber(name, raw, min, max);
}

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  try {
    const values = optionPairs(argv);
    if (values === 'help') return { kind: 'help' };
    const options: BenchOptions = {
      data: required(values, '--data'),
      model: required(values, '--model'),
      limit: optionalNumber(values, '--limit', 1),
      concurrency: optionalNumber(values, '--concurrency', 1, MAX_CONCURRENCY) ?? 1,
      out: values.get('--out'),
      maxIterations:
        optionalNumber(values, '--max-iterations', 1, MAX_CHAIN_ITERATIONS) ?? MAX_CHAIN_ITERATIONS,
    };
    return { kind: 'run', options };
  } catch (error) {
    if (error instanceof UsageProblem) return { kind: 'error', message: error.message };
    throw error;
  }
}
