// Support for the performance suite (docs/ui-rules.md PERF, MEAS): the e2e browser helpers with one
// server per file (seeding 100k × 50 takes most of a minute, too long to repeat per test), a fresh
// page per run, in-page samplers for frames and long tasks, median-of-three runs and the `[perf]
// name: value (CI gate X)` report lines.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp, StartAppOptions } from '../support/index.js';
import {
  ensureWebBuilt,
  launchBrowser,
  openPage,
  openWorkbook,
  startUiServer,
  type UiPage,
} from '../e2e/browser.js';
import { percentile } from '../e2e/timings.js';

export { percentile, startSampler, stopSampler, type FrameSample } from '../e2e/timings.js';

export interface PerfSuite {
  readonly browser: Browser;
  readonly server: RunningApp;
  /** The page of the current run (undefined before the first `open`). */
  readonly ui: UiPage;
  /**
   * A fresh browser context (empty caches) on the workbook page; resolves with the interactive
   * mark (ms). `beforeLoad` runs in the page before any of its scripts (a recorder, say).
   */
  open(beforeLoad?: () => void): Promise<number>;
}

export interface PerfSuiteOptions {
  readonly server?: () => Promise<StartAppOptions>;
  /** Runs once after the server starts (seeding). */
  readonly seed?: (server: RunningApp) => Promise<void>;
  readonly page?: Parameters<typeof openPage>[2];
}

/**
 * The 100k × 50 import is about 30 MB of JSON; the default body limit is 64 MB, kept explicit here.
 */
const PERF_ENV = { GRIDBOOK_MAX_BODY_BYTES: String(256 * 1024 * 1024) };

export function usePerfSuite(options: PerfSuiteOptions = {}): PerfSuite {
  const state: { browser?: Browser; server?: RunningApp; ui?: UiPage } = {};
  beforeAll(async () => {
    await ensureWebBuilt();
    state.browser = await launchBrowser();
    const serverOptions = (await options.server?.()) ?? {};
    state.server = await startUiServer({
      ...serverOptions,
      env: { ...PERF_ENV, ...serverOptions.env },
    });
    await options.seed?.(state.server);
  }, 600_000);
  afterEach(async () => {
    await state.ui?.close();
    state.ui = undefined;
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return {
    get browser() {
      return state.browser!;
    },
    get server() {
      return state.server!;
    },
    get ui() {
      return state.ui!;
    },
    async open(beforeLoad) {
      for (let attempt = 1; ; attempt += 1) {
        await state.ui?.close();
        state.ui = await openPage(state.browser!, state.server!.url, {
          width: 1920,
          height: 1080,
          ...options.page,
        });
        if (beforeLoad !== undefined) await state.ui.page.addInitScript(beforeLoad);
        try {
          return await openWorkbook(state.ui, state.server!.url);
        } catch (error) {
          // A shared two-core machine can stall a page load past openWorkbook's 15 s; say so and
          // try once more.
          if (attempt === 2) throw error;
          process.stdout.write(
            `[perf] note: the workbook page did not open in time (${(error as Error).message.split('\n')[0]}); opening it again\n`,
          );
        }
      }
    },
  };
}

/**
 * Run `measure` three times and keep the run whose `key` is the median (docs/ui-rules.md MEAS-04).
 */
export async function medianOfThree<T>(
  measure: (run: number) => Promise<T>,
  key: (result: T) => number,
): Promise<T> {
  const runs = await threeRuns(measure);
  return [...runs].sort((a, b) => key(a) - key(b))[1]!;
}

export async function threeRuns<T>(measure: (run: number) => Promise<T>): Promise<T[]> {
  const runs: T[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await measure(run));
  return runs;
}

/** The median of one figure over the runs (each figure of a multi-figure test on its own). */
export function medianOf<T>(runs: readonly T[], key: (run: T) => number): number {
  return percentile(runs.map(key), 0.5);
}

/** One report line per metric, in the shape the docs table is built from. */
export function report(name: string, value: string, gate: string): void {
  process.stdout.write(`[perf] ${name}: ${value} (CI gate ${gate})\n`);
}

export const ms = (value: number): string => `${value.toFixed(0)} ms`;

/**
 * Resolves with the page clock (performance.now()) at the first frame where the mirror shows
 * the rows the grid is scrolled to (it catches up in idle time, so after a scroll it may still
 * show the old place) and every visible mirror cell holds a value (no loading placeholder).
 */
export async function valuesVisibleAt(page: Page, timeout = 20_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const grid = document.querySelector<HTMLElement>('[data-testid="grid"]');
      const scroller = document.querySelector<HTMLElement>(
        '[data-testid="grid-area"] .dvn-scroller',
      );
      const rowHeader = grid?.querySelector('[role="rowheader"]');
      if (grid === null || scroller === null || rowHeader === null || rowHeader === undefined)
        return false;
      const scrolledTo =
        Math.floor(scroller.scrollTop / rowHeader.getBoundingClientRect().height) + 1;
      if (Math.abs(Number(grid.dataset['firstRow']) - scrolledTo) > 1) return false;
      const cells = grid.querySelectorAll('[role="gridcell"]');
      const loading = grid.querySelectorAll('[data-loading="true"]');
      return cells.length > 0 && loading.length === 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** Page clock when `address`'s mirror cell shows `text` (polled every frame). */
export async function cellTextAt(
  page: Page,
  address: string,
  text: string,
  timeout = 20_000,
): Promise<number> {
  const handle = await page.waitForFunction(
    ({ address, text }) =>
      document.querySelector(`[data-testid="cell-${address}"]`)?.textContent === text
        ? performance.now()
        : false,
    { address, text },
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** Page clock of the next keydown of `key` (listening from now on, in the capture phase). */
export async function armKeyClock(page: Page, key: string): Promise<void> {
  await page.evaluate((key) => {
    const state = window as unknown as { perfKeyAt: number | undefined };
    state.perfKeyAt = undefined;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === key && state.perfKeyAt === undefined) state.perfKeyAt = event.timeStamp;
      },
      { capture: true },
    );
  }, key);
}

export async function keyClock(page: Page): Promise<number> {
  const at = await page.evaluate(
    () => (window as unknown as { perfKeyAt: number | undefined }).perfKeyAt,
  );
  if (at === undefined) throw new Error('the armed key (or pointer) was never pressed');
  return at;
}

/** Requests to GET /grid seen by the page: bytes received and the most in flight at once. */
export class GridReadLog {
  private inFlight = 0;
  maxInFlight = 0;
  bytes = 0;
  requests = 0;
  readonly ranges: { range: string; sentAt: number; doneAt: number | undefined }[] = [];

  constructor(page: Page) {
    const isRead = (url: string) => new URL(url).pathname === '/grid';
    const entries = new Map<
      object,
      { range: string; sentAt: number; doneAt: number | undefined }
    >();
    page.on('request', (request) => {
      if (request.method() !== 'GET' || !isRead(request.url())) return;
      this.inFlight += 1;
      this.requests += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const entry = {
        range: new URL(request.url()).searchParams.get('range') ?? '',
        sentAt: Date.now(),
        doneAt: undefined,
      };
      entries.set(request, entry);
      this.ranges.push(entry);
    });
    const done = (request: import('playwright-core').Request, failed: boolean) => {
      const entry = entries.get(request);
      if (entry === undefined) return;
      entries.delete(request);
      this.inFlight -= 1;
      entry.doneAt = failed ? undefined : Date.now();
    };
    page.on('requestfinished', (request) => {
      done(request, false);
      void request
        .sizes()
        .then((sizes) => (this.bytes += sizes.responseBodySize + sizes.responseHeadersSize))
        .catch(() => undefined);
    });
    page.on('requestfailed', (request) => done(request, true));
  }
}

/**
 * The GET /grid reads the page made after `since` (page clock): when each was sent and answered,
 * relative to `since`.
 */
export async function readTimeline(page: Page, since: number): Promise<string> {
  const reads = await page.evaluate((since) => {
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname === '/grid')
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          range: new URL(entry.name).searchParams.get('range') ?? '',
          sent: timing.startTime - since,
          answered: timing.responseEnd - since,
          bytes: timing.encodedBodySize,
        };
      });
  }, since);
  return reads
    .map(
      (read) =>
        `${read.range} sent +${read.sent.toFixed(0)} answered +${read.answered.toFixed(0)} ms (${Math.round(read.bytes / 1024)} KB)`,
    )
    .join('; ');
}

/**
 * Scroll the grid from the top to the bottom in `durationMs`, moving the scroll container once
 * per frame the way a scrollbar drag does (headless Chromium hides scrollbars, so there is no
 * thumb to grab). Resolves with the frame intervals seen during the pass.
 */
export async function scrollPass(page: Page, durationMs: number): Promise<number[]> {
  return page.evaluate(async (durationMs) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="grid-area"] .dvn-scroller');
    if (scroller === null) throw new Error('no grid scroller on the page');
    scroller.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const bottom = scroller.scrollHeight - scroller.clientHeight;
    const frames: number[] = [];
    await new Promise<void>((resolve) => {
      let started: number | undefined;
      const step = (time: number) => {
        started ??= time;
        frames.push(time);
        const progress = Math.min(1, (time - started) / durationMs);
        scroller.scrollTop = Math.round(bottom * progress);
        if (progress < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    return frames.slice(1).map((time, index) => time - frames[index]!);
  }, durationMs);
}

/** The JS heap after a forced garbage collection (CDP), in MB. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize / (1024 * 1024);
  } finally {
    await cdp.detach();
  }
}

/** Page clock of the next pointerdown (capture phase, before the grid sees it). */
export async function armPointerClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { perfKeyAt: number | undefined };
    state.perfKeyAt = undefined;
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (state.perfKeyAt === undefined) state.perfKeyAt = event.timeStamp;
      },
      { capture: true },
    );
  });
}

/** Page clock when `testId`'s text equals `text` (polled every frame). */
export async function textAt(
  page: Page,
  testId: string,
  text: string,
  timeout = 20_000,
): Promise<number> {
  const handle = await page.waitForFunction(
    ({ testId, text }) =>
      document.querySelector(`[data-testid="${testId}"]`)?.textContent === text
        ? performance.now()
        : false,
    { testId, text },
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}
