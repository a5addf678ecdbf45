// The recorded agreement (bench/conformance/baseline.json) the pinning test holds the engine to:
// the overall figure and every function with at least BASELINE_MIN_CELLS scored cells. Written
// by `npm run conformance -- --write-baseline`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { percent, REPOSITORY_ROOT, type ConformanceResults } from './run.js';

export const BASELINE_FILE = path.join(REPOSITORY_ROOT, 'bench/conformance/baseline.json');

/** Functions with fewer scored cells are too noisy to pin. */
export const BASELINE_MIN_CELLS = 20;

/** Percentage points a figure may fall before it counts as a drop (float noise). */
export const EPSILON_POINTS = 0.05;

export interface Figure {
  readonly cells: number;
  readonly agree: number;
  /** Per cent, two decimals. */
  readonly percent: number;
}

export interface Baseline {
  readonly date: string;
  readonly workbooks: number;
  readonly overall: Figure;
  readonly functions: Readonly<Record<string, Figure>>;
}

function figure(agree: number, cells: number): Figure {
  return { cells, agree, percent: Math.round(percent(agree, cells) * 100) / 100 };
}

export function baselineOf(results: ConformanceResults): Baseline {
  const functions: Record<string, Figure> = {};
  for (const name of Object.keys(results.functions).sort()) {
    const tally = results.functions[name]!;
    if (tally.cells >= BASELINE_MIN_CELLS) functions[name] = figure(tally.agree, tally.cells);
  }
  return {
    date: results.date.slice(0, 10),
    workbooks: results.workbooks,
    overall: figure(results.agree, results.scored),
    functions,
  };
}

/**
 * One line per figure, so that a refreshed baseline's diff shows which functions moved (and as
 * prettier writes JSON).
 */
export function formatBaseline(baseline: Baseline): string {
  const line = (value: Figure): string =>
    `{ "cells": ${value.cells}, "agree": ${value.agree}, "percent": ${value.percent} }`;
  const functions = Object.entries(baseline.functions).map(
    ([name, value]) => `    ${JSON.stringify(name)}: ${line(value)}`,
  );
  return [
    '{',
    `  "date": ${JSON.stringify(baseline.date)},`,
    `  "workbooks": ${baseline.workbooks},`,
    `  "overall": ${line(baseline.overall)},`,
    '  "functions": {',
    functions.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

export async function readBaseline(file = BASELINE_FILE): Promise<Baseline> {
  return JSON.parse(await readFile(file, 'utf8')) as Baseline;
}

export async function writeBaseline(
  results: ConformanceResults,
  file = BASELINE_FILE,
): Promise<Baseline> {
  const baseline = baselineOf(results);
  await writeFile(file, formatBaseline(baseline));
  return baseline;
}

export interface BaselineComparison {
  /** Figures that fell more than EPSILON_POINTS below the baseline (or are no longer scored). */
  readonly drops: readonly string[];
  /** Figures that rose more than EPSILON_POINTS above it: refresh the baseline. */
  readonly gains: readonly string[];
}

const show = (value: number): string => `${value.toFixed(2)} %`;

export function compareWithBaseline(
  results: ConformanceResults,
  baseline: Baseline,
): BaselineComparison {
  const drops: string[] = [];
  const gains: string[] = [];
  const check = (label: string, was: Figure, agree: number, cells: number): void => {
    const now = percent(agree, cells);
    const line = `${label}: ${show(now)} (${agree} of ${cells}), baseline ${show(was.percent)} (${was.agree} of ${was.cells})`;
    if (now < was.percent - EPSILON_POINTS) drops.push(line);
    else if (now > was.percent + EPSILON_POINTS) gains.push(line);
  };
  check('overall', baseline.overall, results.agree, results.scored);
  for (const [name, was] of Object.entries(baseline.functions)) {
    const tally = results.functions[name];
    if (tally === undefined || tally.cells === 0)
      drops.push(`${name}: no longer scored (baseline ${show(was.percent)} of ${was.cells} cells)`);
    else check(name, was, tally.agree, tally.cells);
  }
  return { drops, gains };
}
