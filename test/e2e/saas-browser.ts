// Browser tests of SaaS mode: one browser per file, a SaaS server (the test database: PGlite, or
// TEST_DATABASE_URL's Postgres) serving the built UI per test, and the steps a person takes to
// sign up or in through the page.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PluginRegistry, PluginSecretStore } from '../../src/plugins/index.js';
import { startSaasApp, type RunningSaasApp } from '../support/start-saas-app.js';
import { closeSharedPglite, sharedPglite, TEST_DATABASE_URL } from '../support/test-database.js';
import { ensureWebBuilt, launchBrowser, openPage, WEB_DIR, type UiPage } from './browser.js';

export const PASSWORD = 'correct horse battery';

/** 401 sends the page to sign in; 404 is SaaS mode's answer for a workbook one cannot use. */
export const SAAS_HTTP_ERRORS = [401, 404] as const;

export interface SaasSuite {
  browser: Browser;
  server: RunningSaasApp;
  /** Pages opened through `page()`, closed after each test. */
  pages: UiPage[];
  /** A fresh browser context (its own storage: another person). */
  page(): Promise<UiPage>;
}

export function useSaasBrowserSuite(
  options: {
    env?: Readonly<Record<string, string>>;
    allowHttpErrors?: readonly number[];
    /** The plugins the server loads (as startSaasApp opens them). */
    plugins?: (secrets: PluginSecretStore) => Promise<PluginRegistry>;
  } = {},
): SaasSuite {
  const suite = { pages: [] } as unknown as SaasSuite;
  beforeAll(async () => {
    await ensureWebBuilt();
    suite.browser = await launchBrowser();
    if (TEST_DATABASE_URL === undefined) await sharedPglite();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await closeSharedPglite();
  });
  beforeEach(async () => {
    suite.server = await startSaasApp({
      webDir: WEB_DIR,
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
    });
    suite.pages = [];
    suite.page = async () => {
      const ui = await openPage(suite.browser, suite.server.url, {
        allowHttpErrors: options.allowHttpErrors ?? SAAS_HTTP_ERRORS,
      });
      suite.pages.push(ui);
      return ui;
    };
  });
  afterEach(async () => {
    for (const ui of suite.pages) await ui.close();
    await suite.server?.close();
  });
  return suite;
}

/** Wait until the workbook page shows its first cells. */
export async function waitForWorkbook(page: Page): Promise<void> {
  await page.waitForURL(/\/workbook\?id=/, { timeout: 15_000 });
  await page.waitForFunction(
    () => document.documentElement.dataset['interactiveMs'] !== undefined,
    undefined,
    { timeout: 15_000 },
  );
}

/** Fill the sign-in page's form: create an account or sign in to one. */
export async function submitPasswordForm(
  page: Page,
  email: string,
  mode: 'sign-up' | 'sign-in',
): Promise<void> {
  await page.getByTestId('password-form').waitFor();
  if (mode === 'sign-up') await page.getByTestId('signin-switch').click();
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(PASSWORD);
  await page.getByTestId('signin-submit').click();
}

/** Visit the workbook page signed out, get sent to sign in, create the account, come back. */
export async function signUpInPage(ui: UiPage, url: string, email: string): Promise<void> {
  await ui.page.goto(`${url}/workbook`);
  await ui.page.waitForURL(/\/signin\?next=/);
  await submitPasswordForm(ui.page, email, 'sign-up');
  await waitForWorkbook(ui.page);
}

/** The workbook id the page's address names. */
export function openWorkbookId(page: Page): string {
  const id = new URL(page.url()).searchParams.get('id');
  if (id === null) throw new Error(`no workbook id in ${page.url()}`);
  return id;
}
