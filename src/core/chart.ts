// Charts: overlays pinned to a cell of one sheet, drawn from an A1 range (docs/contract.md §2
// Chart). The fields use the contract's names because a chart is a contract resource shown as it is
// stored. Validation lives here so every path (create, patch, import, load, undo) applies the same
// rules.
import {
  formatCell,
  formatSpan,
  quoteSheetName,
  sheetQuotingHint,
  tryParseCell,
  tryParseSpan,
} from './address/index.js';
import { InvalidChartError } from './errors.js';

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_ORIENTATIONS = ['columns', 'rows'] as const;
export type ChartOrientation = (typeof CHART_ORIENTATIONS)[number];

export interface Chart {
  readonly id: string;
  readonly title: string;
  readonly chart_type: ChartType;
  /** Canonical A1 range (`A1:B5`, or `Data!A1:B5` when it names a sheet). */
  readonly data_range: string;
  readonly anchor_cell: string;
  readonly width: number;
  readonly height: number;
  readonly orientation: ChartOrientation;
}

export const CHART_DEFAULTS = {
  title: '',
  chart_type: 'bar',
  anchor_cell: 'F2',
  width: 400,
  height: 280,
  orientation: 'columns',
} as const satisfies Omit<Chart, 'id' | 'data_range'>;

/** Pixel sizes beyond this are a typo, not a chart anyone can see. */
export const MAX_CHART_SIZE = 10_000;
export const MAX_CHART_TITLE = 500;
export const MAX_CHART_ID = 100;

/** Chart fields as they arrive from a client or a file: anything, checked by `validateChart`. */
export type ChartDraft = { readonly [K in keyof Chart]?: unknown };

function text(value: unknown, field: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string')
    throw new InvalidChartError(field, `expected text, got ${describe(value)}.`);
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return value === null
    ? 'null'
    : typeof value === 'object'
      ? 'an object'
      : `${typeof value} ${JSON.stringify(value)}`;
}

function oneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = text(value, field, fallback).trim().toLowerCase();
  const match = allowed.find((option) => option === raw);
  if (match === undefined) {
    throw new InvalidChartError(field, `"${String(value)}" is not one of ${allowed.join(', ')}.`);
  }
  return match;
}

function size(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value <= 0 ||
    value > MAX_CHART_SIZE
  ) {
    throw new InvalidChartError(
      field,
      `expected a whole number of pixels from 1 to ${MAX_CHART_SIZE}, got ${describe(value)}.`,
    );
  }
  return value;
}

/**
 * `a1:b5` → `A1:B5`; `'Q3 data'!b2:a1` → `'Q3 data'!A1:B2`. Whole columns or rows stay so
 * (`$a:$b` → `A:B`), as in Excel's charts: they plot as far as the sheet is used, and they stay
 * whole when rows or columns are inserted or deleted.
 */
export function canonicalDataRange(value: unknown, field = 'data_range'): string {
  const raw = typeof value === 'string' ? value.trim() : undefined;
  const range = raw === undefined || raw === '' ? undefined : tryParseSpan(raw);
  if (range === undefined) {
    const hint = raw === undefined ? undefined : sheetQuotingHint(raw);
    throw new InvalidChartError(
      field,
      `${describe(value)} is not an A1 range; send something like "A1:B5" or "Data!A1:C9".` +
        (hint === undefined ? '' : ` ${hint}`),
    );
  }
  const cells = formatSpan(range);
  return range.sheet === undefined ? cells : `${quoteSheetName(range.sheet)}!${cells}`;
}

function anchor(value: unknown, field: string): string {
  if (value === undefined || value === null) return CHART_DEFAULTS.anchor_cell;
  const address = typeof value === 'string' ? tryParseCell(value) : undefined;
  if (address === undefined)
    throw new InvalidChartError(
      field,
      `${describe(value)} is not one A1 cell; send something like "F2".`,
    );
  return formatCell(address);
}

function chartId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_CHART_ID) {
    throw new InvalidChartError(
      field,
      `a chart needs an id of 1 to ${MAX_CHART_ID} characters, got ${describe(value)}.`,
    );
  }
  return value;
}

/**
 * A complete, canonical chart from a draft, with the contract's defaults for missing (or null)
 * fields; InvalidChartError names the field otherwise. `prefix` locates the chart in a file.
 */
export function validateChart(draft: ChartDraft, prefix = ''): Chart {
  const title = text(draft.title, `${prefix}title`, CHART_DEFAULTS.title);
  if (title.length > MAX_CHART_TITLE) {
    throw new InvalidChartError(
      `${prefix}title`,
      `the title is ${title.length} characters; the limit is ${MAX_CHART_TITLE}.`,
    );
  }
  return {
    id: chartId(draft.id, `${prefix}id`),
    title,
    chart_type: oneOf(
      draft.chart_type,
      `${prefix}chart_type`,
      CHART_TYPES,
      CHART_DEFAULTS.chart_type,
    ),
    data_range: canonicalDataRange(draft.data_range, `${prefix}data_range`),
    anchor_cell: anchor(draft.anchor_cell, `${prefix}anchor_cell`),
    width: size(draft.width, `${prefix}width`, CHART_DEFAULTS.width),
    height: size(draft.height, `${prefix}height`, CHART_DEFAULTS.height),
    orientation: oneOf(
      draft.orientation,
      `${prefix}orientation`,
      CHART_ORIENTATIONS,
      CHART_DEFAULTS.orientation,
    ),
  };
}

/** The chart with the sent fields changed; `undefined` and `null` mean "not sent". */
export function patchChart(chart: Chart, patch: Omit<ChartDraft, 'id'>): Chart {
  const merged: Record<string, unknown> = { ...chart };
  for (const [field, value] of Object.entries(patch)) {
    if (field !== 'id' && field in chart && value !== undefined && value !== null)
      merged[field] = value;
  }
  return validateChart(merged as ChartDraft);
}

export function sameChart(a: Chart, b: Chart): boolean {
  return (Object.keys(a) as (keyof Chart)[]).every((field) => a[field] === b[field]);
}

/** The chart with its data range pointing at `to` when it named sheet `from` (a rename). */
export function renameChartSheet(chart: Chart, from: string, to: string): Chart {
  const range = tryParseSpan(chart.data_range);
  if (range?.sheet === undefined || range.sheet.toLowerCase() !== from.toLowerCase()) return chart;
  return { ...chart, data_range: `${quoteSheetName(to)}!${formatSpan(range)}` };
}

/**
 * A chart made or changed by a person or tool plots a sheet the workbook has: a range naming a
 * sheet that is not there (a typo) would draw empty axes and say nothing. Files keep what they
 * hold (a sheet deleted later leaves its charts' ranges as they were).
 */
export function checkDataRangeSheet(dataRange: string, sheetNames: readonly string[]): void {
  const sheet = tryParseSpan(dataRange)?.sheet;
  if (sheet === undefined) return;
  if (sheetNames.some((name) => name.toLowerCase() === sheet.toLowerCase())) return;
  throw new InvalidChartError(
    'data_range',
    `there is no sheet named "${sheet}"; the sheets are ${sheetNames.map((name) => `"${name}"`).join(', ')}.`,
  );
}

/** A plotted value as a number: a number, or text that reads as one ("12"); else none (a gap). */
export function plottedNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/**
 * Whether the first cells of a range's series (each series' first cell, `shown` as text) name
 * them: some say something and none is a number. The page's drawing and the xlsx export read a
 * data range by this one rule.
 */
export function namesSeries(
  firsts: readonly unknown[],
  shown: (value: unknown) => string,
): boolean {
  return (
    firsts.length > 0 &&
    firsts.some((value) => shown(value) !== '') &&
    firsts.every((value) => plottedNumber(value) === null)
  );
}
