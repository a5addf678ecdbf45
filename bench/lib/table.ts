// The readable table the runner prints: one block per workload, medians per variant with the
// Gridbook ÷ raw ratios, then the targets as met or missed.
import { ratio, VARIANTS, VARIANT_LABELS, type ResultRow, type WorkloadResult } from './results.js';

function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 10_000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function cell(row: ResultRow, variant: (typeof VARIANTS)[number]): string {
  const stats = row.variants[variant];
  return stats === undefined ? '–' : formatNumber(stats.median);
}

function ratioCell(row: ResultRow, variant: 'inProcess' | 'http'): string {
  const value = ratio(row, variant);
  return value === undefined ? '' : `${value.toFixed(2)}×`;
}

function pad(text: string, width: number, left = false): string {
  return left ? text.padEnd(width) : text.padStart(width);
}

export function formatTable(results: readonly WorkloadResult[]): string {
  const lines: string[] = [];
  const caseWidth = Math.max(
    20,
    ...results.flatMap((result) => result.rows.map((row) => row.case.length)),
  );
  const header = [
    pad('case', caseWidth, true),
    pad('unit', 9),
    ...VARIANTS.map((variant) => pad(VARIANT_LABELS[variant], 12)),
    pad('in-proc÷raw', 12),
    pad('HTTP÷raw', 10),
  ].join(' ');
  for (const result of results) {
    lines.push('');
    lines.push(`${result.id}  ${result.title}  (${result.seconds.toFixed(1)} s)`);
    if (result.status !== 'ok') {
      lines.push(`  ${result.status.toUpperCase()}: ${result.reason ?? ''}`);
      continue;
    }
    lines.push(`  ${header}`);
    for (const row of result.rows) {
      lines.push(
        `  ${[
          pad(row.case, caseWidth, true),
          pad(row.unit, 9),
          ...VARIANTS.map((variant) => pad(cell(row, variant), 12)),
          pad(ratioCell(row, 'inProcess'), 12),
          pad(ratioCell(row, 'http'), 10),
        ].join(' ')}`,
      );
    }
    for (const target of result.targets)
      lines.push(`  ${target.met ? 'MET   ' : 'MISSED'} ${target.target}: ${target.measured}`);
    for (const note of result.notes ?? []) lines.push(`  note: ${note}`);
  }
  lines.push('');
  lines.push(
    'Medians of the measured runs (after warm-up); ratios are Gridbook ÷ raw HyperFormula of the same run.',
  );
  return lines.join('\n');
}
