// One browser per test file and a fresh server + page per test, so tests never share state.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser } from 'playwright-core';
import { providersOnFakes, useFakeProviders, type FakeProviders } from '../fakes/index.js';
import type { RunningApp, StartAppOptions } from '../support/index.js';
import {
  ensureWebBuilt,
  launchBrowser,
  openPage,
  openWorkbook,
  startUiServer,
  type UiPage,
} from './browser.js';

export interface SuiteContext {
  browser: Browser;
  server: RunningApp;
  ui: UiPage;
  /** Open the workbook page (after seeding data through server.http if the test needs to). */
  open(): Promise<number>;
}

export function useBrowserSuite(
  options: {
    page?: Parameters<typeof openPage>[2];
    server?: StartAppOptions | (() => Promise<StartAppOptions>);
  } = {},
): SuiteContext {
  const context = {} as SuiteContext;
  beforeAll(async () => {
    await ensureWebBuilt();
    context.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => context.browser?.close());
  beforeEach(async () => {
    context.server = await startUiServer(
      typeof options.server === 'function' ? await options.server() : options.server,
    );
    context.ui = await openPage(context.browser, context.server.url, options.page);
    context.open = () => openWorkbook(context.ui, context.server.url);
  });
  afterEach(async () => {
    await context.ui?.close();
    await context.server?.close();
  });
  return context;
}

/**
 * A browser suite whose server reaches the AI vendors only at the fakes, with Groq configured:
 * the "model" is `fakes.groq`'s reply queue (reset before each test).
 */
export function useBrowserSuiteWithFakeModel(page?: Parameters<typeof openPage>[2]): {
  suite: SuiteContext;
  fakes: FakeProviders;
} {
  const fakes = useFakeProviders();
  const suite = useBrowserSuite({
    ...(page === undefined ? {} : { page }),
    server: async () => ({
      deps: { providers: await providersOnFakes(fakes, { groq: 'gsk_e2e-test-key-0001' }) },
    }),
  });
  return { suite, fakes };
}

/** The cells of a range as the server stores them: address → computed value. */
export async function storedValues(
  server: RunningApp,
  range: string,
  sheet?: string,
): Promise<Record<string, unknown>> {
  const response = await server.http.get('/grid', {
    range,
    ...(sheet === undefined ? {} : { sheet }),
  });
  const cells = (
    response.body as { cells: { cell: string; value: unknown; input: string | null }[] }
  ).cells;
  return Object.fromEntries(
    cells.filter((cell) => cell.input !== null).map((cell) => [cell.cell, cell.value]),
  );
}
