// The printed report of `npm run conformance`, and the JSON results file.
import { writeFile } from 'node:fs/promises';
import type { WorkbookResult } from './evaluate.js';
import { percent, type ConformanceResults } from './run.js';

const count = (value: number): string => value.toLocaleString('en-US');
const pct = (agree: number, of: number): string =>
  of === 0 ? '–' : `${percent(agree, of).toFixed(1)} %`;

/** Causes of disagreement listed without --all. */
const CAUSES_SHOWN = 25;

function row(label: string, agree: number, of: number, width = 34): string {
  return `${label.padEnd(width)} ${count(agree).padStart(7)} / ${count(of).padEnd(7)} ${pct(agree, of).padStart(7)}`;
}

/** Functions by scored cells, most first (ties by name). */
export function functionsByCells(
  results: ConformanceResults,
): { name: string; cells: number; agree: number }[] {
  return Object.entries(results.functions)
    .map(([name, tally]) => ({ name, ...tally }))
    .sort((a, b) => b.cells - a.cells || a.name.localeCompare(b.name));
}

function failureLine(result: WorkbookResult): string {
  return `  ${result.file}  [${result.failure}, ${result.scored} cells]  ${result.error ?? ''}`;
}

export function formatReport(results: ConformanceResults, options: { all: boolean }): string {
  const lines: string[] = [];
  const excluded = results.excluded;
  const notScored = [
    `${count(excluded['volatile'] ?? 0)} call or depend on TODAY/NOW/RAND…`,
    `${count(excluded['other-workbook'] ?? 0)} refer to other workbooks`,
    `${count(excluded['no-cached-value'] ?? 0)} have no cached value`,
  ].join(', ');
  lines.push(
    `Excel conformance: ${results.corpus}${results.filter === undefined ? '' : ` (files matching "${results.filter}")`}`,
    `${count(results.workbooks)} workbooks, ${count(results.formulaCells)} formula cells; not scored: ${notScored}`,
    '',
    row('overall', results.agree, results.scored),
    row('in workbooks that imported', results.importedAgree, results.importedScored),
    row('  calling only functions we have', results.knownAgree, results.knownScored),
  );
  const failed = results.results.filter((result) => !result.imported);
  const unreadable = failed.filter((result) => result.failure === 'unreadable').length;
  lines.push(
    `workbooks that failed to import: ${failed.length} of ${results.workbooks} ` +
      `(${results.crashes} 5xx-type crashes, ${results.refusals} 4xx-type refusals, ${results.timeouts} timed out` +
      `${unreadable > 0 ? `, ${unreadable} with unreadable sheet XML` : ''}), ` +
      `${count(results.scored - results.importedScored)} scored cells`,
    ...failed.map(failureLine),
    '',
  );
  const functions = functionsByCells(results);
  const shown = options.all ? functions : functions.slice(0, 40);
  lines.push(
    options.all
      ? `per function (${functions.length} functions, by scored cells)`
      : `per function (top ${shown.length} of ${functions.length} by scored cells; --all for all)`,
    `${'function'.padEnd(20)} ${'cells'.padStart(7)} ${'agree'.padStart(7)} ${'%'.padStart(7)}`,
    ...shown.map(
      (entry) =>
        `${entry.name.padEnd(20)} ${count(entry.cells).padStart(7)} ${count(entry.agree).padStart(7)} ${pct(entry.agree, entry.cells).padStart(7)}`,
    ),
    '',
  );
  const causes = Object.entries(results.causes).sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const shownCauses = options.all ? causes : causes.slice(0, CAUSES_SHOWN);
  lines.push(
    `why cells disagree (${options.all ? 'all' : `top ${shownCauses.length}`} of ${causes.length} causes, by cells, in workbooks that imported)`,
    ...shownCauses.map(([cause, cells]) => `${count(cells).padStart(7)}  ${cause}`),
    '',
  );
  const present = results.keyFunctions.filter((entry) => entry.present).length;
  lines.push(
    `the ${results.keyFunctions.length} functions people and agents reach for most: ${present} present, ${results.keyFunctions.length - present} absent`,
    `${'function'.padEnd(20)} ${'engine'.padEnd(7)} ${'cells'.padStart(7)} ${'agree'.padStart(7)} ${'%'.padStart(7)}`,
    ...results.keyFunctions.map(({ name, present: has }) => {
      const tally = results.functions[name] ?? { cells: 0, agree: 0 };
      return `${name.padEnd(20)} ${(has ? 'present' : 'absent').padEnd(7)} ${count(tally.cells).padStart(7)} ${count(tally.agree).padStart(7)} ${pct(tally.agree, tally.cells).padStart(7)}`;
    }),
    '',
    summaryLine(results),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `--function NAME`: every scored cell calling NAME that disagrees (file, cell, formula, Excel's
 * value, ours), then NAME's agreement as the last line.
 */
export function formatFunctionReport(results: ConformanceResults, name: string): string {
  const tally = results.functions[name] ?? { cells: 0, agree: 0 };
  const lines = [`cells calling ${name} that disagree with Excel`];
  for (const result of results.results)
    for (const miss of result.mismatches)
      lines.push(
        `  ${result.file} ${miss.sheet}!${miss.cell}  ${miss.formula}  expected ${miss.expected}  got ${miss.actual}`,
      );
  lines.push(
    `${name}: ${pct(tally.agree, tally.cells)} of ${count(tally.cells)} scored cells agree`,
  );
  return `${lines.join('\n')}\n`;
}

/** The last line: `conformance: X.X % of N scored cells agree`. */
export function summaryLine(results: ConformanceResults): string {
  return `conformance: ${percent(results.agree, results.scored).toFixed(1)} % of ${count(results.scored)} scored cells agree`;
}

/** Everything, for whoever fixes functions next: per workbook (with mismatches) and per function. */
export async function writeJsonResults(results: ConformanceResults, file: string): Promise<void> {
  const { results: workbooks, ...totals } = results;
  const document = {
    ...totals,
    percent: percent(results.agree, results.scored),
    functions: Object.fromEntries(
      functionsByCells(results).map(({ name, cells, agree }) => [
        name,
        { cells, agree, percent: percent(agree, cells) },
      ]),
    ),
    workbooks: workbooks.map((result) => ({
      file: result.file,
      imported: result.imported,
      failure: result.failure ?? null,
      error: result.error ?? null,
      formulaCells: result.formulaCells,
      excluded: result.excluded,
      scored: result.scored,
      agree: result.agree,
      seconds: Math.round(result.seconds * 1000) / 1000,
      functions: result.functions,
      causes: result.causes,
      mismatchCount: result.mismatchCount,
      mismatches: result.mismatches,
    })),
  };
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
}
