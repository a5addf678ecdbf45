// Command-line options of `npm run conformance`, parsed into a plain value (or a usage error).
import path from 'node:path';
import { DEFAULT_CORPUS } from './run.js';

export interface ConformanceOptions {
  readonly corpus: string;
  readonly filter: string | undefined;
  readonly all: boolean;
  readonly json: string | undefined;
  readonly writeBaseline: boolean;
  /** Worker threads; 0 runs in the main thread. */
  readonly workers: number | undefined;
  /** `--function NAME`: that function's agreement and every mismatch of the cells calling it. */
  readonly function: string | undefined;
}

export type ParsedCommandLine =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: ConformanceOptions }
  | { readonly kind: 'error'; readonly message: string };

export function helpText(): string {
  return [
    'Usage: npm run conformance -- [options]',
    '',
    'Imports every workbook of the Excel conformance corpus into a fresh workbook in-process,',
    'recalculates it and compares each formula cell with the value Excel cached in the file',
    '(rules: ../shared/conformance/README.md). Prints overall and per-function agreement;',
    'progress goes to stderr; the last line is "conformance: X.X % of N scored cells agree".',
    '',
    'Options:',
    `  --corpus DIR       the corpus folder (default: ../shared/conformance beside the repository,`,
    `                     here ${DEFAULT_CORPUS})`,
    '  --filter TEXT      only the files whose path under the corpus contains TEXT',
    '  --all              list every function (default: the 40 with the most scored cells)',
    '  --json FILE        write the full results: per workbook (with up to 20 mismatches each),',
    '                     per function',
    '  --write-baseline   record the figures the conformance test pins',
    '                     (bench/conformance/baseline.json; needs the whole corpus)',
    '  --workers N        worker threads evaluating workbooks (default 2; 0: in this thread,',
    '                     without the hard per-workbook time limit)',
    "  --function NAME    also print NAME's agreement and every cell calling it that disagrees",
    '                     (the JSON results then keep all of those mismatches, and only those)',
    '  -h, --help         print this help and exit',
    '',
  ].join('\n');
}

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  let corpus = DEFAULT_CORPUS;
  let filter: string | undefined;
  let all = false;
  let json: string | undefined;
  let writeBaseline = false;
  let workers: number | undefined;
  let functionName: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = (): string | undefined => inline ?? argv[(i += 1)];
    switch (name) {
      case '-h':
      case '--help':
        return { kind: 'help' };
      case '--all':
        all = true;
        break;
      case '--write-baseline':
        writeBaseline = true;
        break;
      case '--corpus':
      case '--filter':
      case '--json':
      case '--workers':
      case '--function': {
        const given = value();
        if (given === undefined || given === '')
          return { kind: 'error', message: `${name} needs a value` };
        if (name === '--corpus') corpus = path.resolve(given);
        else if (name === '--filter') filter = given;
        else if (name === '--json') json = path.resolve(given);
        else if (name === '--function') functionName = given.toUpperCase();
        else {
          if (!/^\d+$/.test(given) || Number(given) > 16)
            return { kind: 'error', message: '--workers takes a whole number from 0 to 16' };
          workers = Number(given);
        }
        break;
      }
      default:
        return { kind: 'error', message: `unknown option ${arg}` };
    }
  }
  if (writeBaseline && filter !== undefined)
    return { kind: 'error', message: '--write-baseline needs the whole corpus (drop --filter)' };
  return {
    kind: 'run',
    options: { corpus, filter, all, json, writeBaseline, workers, function: functionName },
  };
}
