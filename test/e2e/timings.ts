// Timings the browser tests print and the performance suite (test/perf) holds to the CI
// gates of docs/ui-rules.md (MEAS-05): both measure the same way, from the page's own clock.
import type { Page } from 'playwright-core';
import { workbookUrl, type UiPage } from './browser.js';

/**
 * PERF-03: open the workbook page cold, wait until A1 shows `shows`, click it, type one key and
 * Enter; both times are in the page's clock from navigation start. Few driver round trips
 * (one key, the click point read with the text) so the figure is the page's, not the driver's.
 */
export async function loadThenType(
  ui: UiPage,
  url: string,
  shows: string,
  key: string,
): Promise<{ interactiveMs: number; typedMs: number }> {
  const page = ui.page;
  await page.goto(workbookUrl(url), { waitUntil: 'commit' });
  const centre = await page.waitForFunction(
    (text) => {
      const element = document.querySelector('[data-testid="cell-A1"]');
      if (element?.textContent !== text) return false;
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    shows,
    { timeout: 15_000 },
  );
  const { x, y } = (await centre.jsonValue()) as { x: number; y: number };
  await page.mouse.click(x, y);
  await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  const shown = await page.waitForFunction(
    (text) =>
      document.querySelector('[data-testid="cell-A1"]')?.textContent === text && performance.now(),
    key,
    { timeout: 5000 },
  );
  const typedMs = (await shown.jsonValue()) as number;
  await page.waitForFunction(() => document.documentElement.dataset['interactiveMs'] !== undefined);
  const interactiveMs = await page.evaluate(
    () => performance.getEntriesByName('gridbook:interactive')[0]?.startTime ?? Number.NaN,
  );
  return { interactiveMs, typedMs };
}

/**
 * PERF-04: with a cell editor open, press `count` digit keys 30 ms apart; each latency runs from
 * the keydown's timestamp to the frame after the one that painted it. Sorted ascending.
 */
export async function keypressToPaint(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => {
    const state = window as unknown as { latencies: number[] };
    state.latencies = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const typed = event.timeStamp;
        requestAnimationFrame(() =>
          requestAnimationFrame((painted) => state.latencies.push(painted - typed)),
        );
      },
      true,
    );
  });
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press(String(index % 10));
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(100);
  return (await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)).sort(
    (a, b) => a - b,
  );
}

/** The value at `fraction` of the values in ascending order (0.5 the median, 0.95 the p95). */
/** The largest contentful paint so far, in ms from navigation start. */
export function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN),
        ).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Start recording rAF timestamps and long tasks inside the page. */
export async function startSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as {
      perfFrames: number[];
      perfLongTasks: number[];
      perfSampling: boolean;
    };
    state.perfFrames = [];
    state.perfLongTasks = [];
    state.perfSampling = true;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => state.perfLongTasks.push(entry.duration)),
    ).observe({ type: 'longtask' });
    const tick = (time: number) => {
      if (!state.perfSampling) return;
      state.perfFrames.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export interface FrameSample {
  /** Intervals between consecutive frames (ms). */
  readonly intervals: number[];
  readonly longTasks: number[];
}

export async function stopSampler(page: Page): Promise<FrameSample> {
  const { frames, longTasks } = await page.evaluate(() => {
    const state = window as unknown as {
      perfFrames: number[];
      perfLongTasks: number[];
      perfSampling: boolean;
    };
    state.perfSampling = false;
    return { frames: state.perfFrames, longTasks: state.perfLongTasks };
  });
  return { intervals: frames.slice(1).map((time, index) => time - frames[index]!), longTasks };
}
