// Browser-test support: Debian's Chromium driven by playwright-core, a fresh Gridbook server
// per test serving the built UI, console-error collection and screenshots. Tests skip with a
// clear reason when /usr/bin/chromium is missing (`.ci/run` installs it).
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApp, type RunningApp, type StartAppOptions } from '../support/index.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
export const SKIP_REASON = `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium fonts-dejavu-core\`; .ci/run does)`;

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIR = path.join(ROOT, 'dist', 'web');
export const SCREENSHOT_DIR = path.join(ROOT, 'test', 'e2e', 'screenshots');

if (!hasChromium) process.stderr.write(`\n[e2e] ${SKIP_REASON}\n`);

const BUILD_LOCK = path.join(ROOT, 'dist', '.build-web.lock');
const BUILD_WAIT_STEPS = 600; // × 200 ms: two minutes at most

/**
 * Build dist/web when it is missing or older than web/ (the same check `npm start` makes).
 * Test files run in parallel processes: a lock file lets one of them build while the others
 * wait, so no server ever serves a half-written dist/web.
 */
export async function ensureWebBuilt(): Promise<void> {
  mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (let step = 0; step < BUILD_WAIT_STEPS; step += 1) {
    let lock: number;
    try {
      lock = openSync(BUILD_LOCK, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a killed run is older than any build: take it over.
      const age =
        Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(BUILD_LOCK, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-web.mjs'), '--if-stale'], {
        stdio: 'inherit',
        timeout: 120_000,
      });
    } finally {
      closeSync(lock);
      rmSync(BUILD_LOCK, { force: true });
    }
    return;
  }
  throw new Error(
    `dist/web was still being built after two minutes (lock ${BUILD_LOCK}); delete the lock if no build is running.`,
  );
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function startUiServer(options: StartAppOptions = {}): Promise<RunningApp> {
  return startApp({ ...options, deps: { webDir: WEB_DIR, ...options.deps } });
}

export interface UiPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** "Failed to load resource: … status of 404" — the browser's own note on an HTTP error, reported with its URL by the response listener instead. */
function isHttpErrorNote(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of \d{3}/.test(text);
}

export async function openPage(
  browser: Browser,
  url: string,
  options: { width?: number; height?: number; allowHttpErrors?: readonly number[] } = {},
): Promise<UiPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    deviceScaleFactor: 1,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed = options.allowHttpErrors ?? [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isHttpErrorNote(message.text())) errors.push(message.text());
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !allowed.includes(status)) {
      const { pathname, search } = new URL(response.url());
      errors.push(`HTTP ${status} ${response.request().method()} ${pathname}${search}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}

/** The workbook page's address on a server (the landing page is at /). */
export function workbookUrl(url: string): string {
  return `${url}/workbook`;
}

/** Open the workbook page and wait until the first cells are on screen. */
export async function openWorkbook(ui: UiPage, url: string): Promise<number> {
  await ui.page.goto(workbookUrl(url));
  await ui.page.waitForFunction(
    () => document.documentElement.dataset['interactiveMs'] !== undefined,
    undefined,
    { timeout: 15_000 },
  );
  return ui.page.evaluate(() => {
    const mark = performance.getEntriesByName('gridbook:interactive')[0];
    return mark === undefined ? Number.NaN : mark.startTime;
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
