// The Plugins dialog against the real server: the slug is checked before anything is sent, an
// uploaded plugin's formula works in the test box and in the grid, the server's SyntaxError is
// shown as it came, and deleting the plugin turns its callers into #NAME? (docs/ui-rules.md
// DEV-01). Needs python3 for the plugin host as well as Chromium. The server runs as its own
// process (src/main.ts): that is where the plugin host and registry are wired, which the
// in-process startApp of the other browser tests leaves out.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ensureWebBuilt,
  hasChromium,
  launchBrowser,
  openPage,
  openWorkbook,
  type UiPage,
} from './browser.js';
import { expectCellText, typeInto } from './grid-actions.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

function python3OnPath(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const HAS_PYTHON = python3OnPath();
if (!HAS_PYTHON)
  process.stderr.write(
    '\n[e2e] plugin portal browser tests skipped: no python3 on PATH (install CPython 3.9 or newer)\n',
  );

const DOUBLER = `def register(kernel):
    @kernel.formula("DOUBLE_IT")
    def double_it(x):
        return x * 2
`;
const BROKEN = 'def register(kernel):\n    x = (';

/** Uploads start the Python host and import the code: slower than a cell write. */
const PLUGIN_WAIT_MS = 20_000;

function pluginRow(page: Page, slug: string) {
  return page.locator(`[data-testid="plugin-row"][data-slug="${slug}"]`);
}

/** Wait until the element's text satisfies `matches` (bounded), then return it. */
async function waitForText(
  page: Page,
  testId: string,
  matches: (text: string) => boolean,
  what: string,
  timeout = PLUGIN_WAIT_MS,
): Promise<string> {
  const element = page.getByTestId(testId);
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = (await element.count()) === 0 ? null : await element.textContent();
    if (text !== null && matches(text)) return text;
    if (Date.now() > deadline)
      throw new Error(`${testId} never showed ${what} within ${timeout} ms (last: ${text})`);
    await page.waitForTimeout(100);
  }
}

async function openPlugins(page: Page): Promise<void> {
  await page.getByTestId('plugins-menu-item').click();
  await page.getByTestId('plugins-dialog').waitFor({ timeout: 5000 });
}

interface ProcessSuite {
  server: ServerProcess;
  ui: UiPage;
  open(): Promise<number>;
}

/**
 * One browser per file; per test a fresh data directory, the real server on it with `env`, and
 * a fresh page. The server's log is printed when a test fails, since that is where a plugin
 * host's trouble shows.
 */
function useServerProcessSuite(
  env: Readonly<Record<string, string>>,
  page: Parameters<typeof openPage>[2] = {},
): ProcessSuite {
  const suite = {} as ProcessSuite;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    await ensureWebBuilt();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => browser?.close());
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-e2e-plugins-'));
    suite.server = await startServerProcess(dataDir, { GRIDBOOK_LOG_LEVEL: 'warn', ...env });
    suite.ui = await openPage(browser!, suite.server.url, page);
    suite.open = () => openWorkbook(suite.ui, suite.server.url);
  }, 90_000);
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && suite.server !== undefined)
      process.stderr.write(`\n[e2e] server output:\n${suite.server.output()}\n`);
    await suite.ui?.close();
    await suite.server?.stop('SIGTERM');
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);
  return suite;
}

describe.skipIf(!hasChromium || !HAS_PYTHON)('the developer plugin portal in the browser', () => {
  // The broken upload is a 400 the dialog shows; nothing else may fail.
  const suite = useServerProcessSuite(
    { GRIDBOOK_DEV_PORTAL_ENABLED: '1' },
    { allowHttpErrors: [400] },
  );

  it('[DEV-01] upload checks the slug, a formula runs in the test box and the grid, a SyntaxError shows, delete brings back #NAME?', async () => {
    await suite.open();
    const page = suite.ui.page;
    await openPlugins(page);
    const upload = page.getByTestId('plugin-upload');
    await upload.waitFor({ timeout: 5000 });

    // The slug rule is enforced before anything is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/dev/plugins/upload')) sent.push(request.postData() ?? '');
    });
    await page.getByTestId('plugin-slug').fill('Bad-Slug');
    const rule = await waitForText(
      page,
      'plugin-slug-error',
      (text) => text.includes('^[a-z][a-z0-9_]{1,39}$'),
      'the slug rule',
      5000,
    );
    expect(rule).toMatch(/lowercase letter/);
    await expect(upload.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('plugin-slug').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );

    // A good plugin: the row lists its formula.
    await page.getByTestId('plugin-slug').fill('doubler');
    await expect(page.getByTestId('plugin-slug-error').count()).resolves.toBe(0);
    await page.getByTestId('plugin-source').fill(DOUBLER);
    const request = page.waitForRequest((r) => r.url().endsWith('/dev/plugins/upload'), {
      timeout: 5000,
    });
    await upload.click();
    const uploadRequest = await request;
    expect(uploadRequest.postDataJSON()).toEqual({ slug: 'doubler', plugin_py: DOUBLER });
    const headers = await uploadRequest.allHeaders();
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-gridbook-client']).toMatch(/^web-/);
    await pluginRow(page, 'doubler').waitFor({ timeout: PLUGIN_WAIT_MS });
    await expect(
      pluginRow(page, 'doubler').getByTestId('plugin-formula').allTextContents(),
    ).resolves.toEqual(['=DOUBLE_IT()']);
    await waitForText(
      page,
      'plugin-upload-done',
      (text) => text.includes('doubler'),
      'a confirmation',
    );
    expect(sent).toHaveLength(1);

    // The test box runs it in a throwaway kernel.
    await page.getByTestId('plugin-test-formula').fill('=DOUBLE_IT(21)');
    await page.getByTestId('plugin-test-run').click();
    await waitForText(page, 'plugin-test-result', (text) => text === '42', '42');
    await expect(page.getByTestId('plugin-test-result').getAttribute('data-ok')).resolves.toBe(
      'true',
    );

    // Code that does not parse: the server's words under the form, and no row for it.
    await page.getByTestId('plugin-slug').fill('broken');
    await page.getByTestId('plugin-source').fill(BROKEN);
    await upload.click();
    const refusal = await waitForText(
      page,
      'plugin-upload-error',
      (text) => text.includes('SyntaxError'),
      'a SyntaxError',
    );
    expect(refusal).not.toContain('[object Object]');
    await expect(page.getByTestId('plugin-upload-error').getAttribute('role')).resolves.toBe(
      'alert',
    );
    await expect(pluginRow(page, 'broken').count()).resolves.toBe(0);
    await expect(pluginRow(page, 'doubler').count()).resolves.toBe(1);

    // The grid uses the uploaded formula.
    await page.getByTestId('dialog-close').click();
    await page.getByTestId('plugins-dialog').waitFor({ state: 'detached', timeout: 5000 });
    await typeInto(page, 'A1', '=DOUBLE_IT(4)');
    await expectCellText(page, 'A1', '8', PLUGIN_WAIT_MS);

    // Deleting it (after a confirmation) leaves its caller without a function.
    await openPlugins(page);
    const row = pluginRow(page, 'doubler');
    await row.waitFor({ timeout: PLUGIN_WAIT_MS });
    await row.getByTestId('plugin-delete').click();
    await row.getByTestId('plugin-delete-confirm').click();
    await row.waitFor({ state: 'detached', timeout: PLUGIN_WAIT_MS });
    await page.getByTestId('dialog-close').click();
    await expectCellText(page, 'A1', '#NAME?', 10_000);
    expect(suite.ui.errors).toEqual([]);
  }, 120_000);
});

describe.skipIf(!hasChromium)('the Plugins dialog with the developer portal off', () => {
  const suite = useServerProcessSuite({ GRIDBOOK_DEV_PORTAL_ENABLED: '0' });

  it('[DEV-01] lists what is loaded, offers no upload or delete, and names the variable that turns the portal on', async () => {
    await suite.open();
    const page = suite.ui.page;
    await openPlugins(page);
    await waitForText(
      page,
      'plugins-portal-off',
      (text) => text.includes('GRIDBOOK_DEV_PORTAL_ENABLED=1'),
      'the variable that enables the portal',
      10_000,
    );
    await expect(page.getByTestId('plugin-upload').count()).resolves.toBe(0);
    await expect(page.getByTestId('plugin-delete').count()).resolves.toBe(0);
    await expect(page.getByTestId('plugin-test-run').count()).resolves.toBe(0);
    // Escape closes it and gives the focus back to the entry that opened it (A11Y-02).
    await page.keyboard.press('Escape');
    await page.getByTestId('plugins-dialog').waitFor({ state: 'detached', timeout: 5000 });
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('plugins-menu-item');
    expect(suite.ui.errors).toEqual([]);
  });
});
