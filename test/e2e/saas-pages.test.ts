// SaaS mode in the browser (issue 15 step 7, docs/ui-rules.md SAAS-01, SAAS-02, SAAS-03): signing
// up and in, two people sharing a workbook, revoking, the workbook list and service tokens.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInFunctionNames } from '../../src/core/index.js';
import { PluginRegistry, PythonPluginHost } from '../../src/plugins/index.js';
import type { Page } from 'playwright-core';
import { SignJWT } from 'jose';
import { TEST_JWT_SECRET } from '../support/start-saas-app.js';
import { axeViolations } from './axe.js';
import { useBrowserSuite } from './suite.js';
import { hasChromium } from './browser.js';
import { expectCellText, typeInto } from './grid-actions.js';
import {
  openWorkbookId,
  submitPasswordForm,
  signUpInPage,
  useSaasBrowserSuite,
  waitForWorkbook,
} from './saas-browser.js';

/** The token the page keeps for its user (to check what the server stored, as that user). */
function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('gridbook.sign-in');
    if (stored === null) throw new Error('the page is not signed in');
    return (JSON.parse(stored) as { token: string }).token;
  });
}

async function openWorkbookList(page: Page): Promise<void> {
  await page.getByTestId('open-workbooks').click();
  await page.getByTestId('own-workbooks').waitFor();
}

describe.skipIf(!hasChromium)('SaaS pages', () => {
  const suite = useSaasBrowserSuite();

  it('[SAAS-02][SAAS-03] A shares a workbook with B, both edit it, A revokes and B loses it at once', async () => {
    const a = await suite.page();
    const b = await suite.page();
    await signUpInPage(a, suite.server.url, 'alice@example.com');
    await signUpInPage(b, suite.server.url, 'bob@example.com');
    await expect
      .poll(() => a.page.getByTestId('account-email').textContent())
      .toBe('alice@example.com');

    // A creates a workbook from the list and lands in it.
    const aDefault = openWorkbookId(a.page);
    await openWorkbookList(a.page);
    await a.page.getByTestId('new-workbook-title').fill('Team budget');
    await a.page.getByTestId('create-workbook').click();
    await a.page.waitForURL((url) => url.searchParams.get('id') !== aDefault);
    await waitForWorkbook(a.page);
    const shared = openWorkbookId(a.page);
    await typeInto(a.page, 'A1', '10');
    await expectCellText(a.page, 'A1', '10');

    // Inviting oneself is refused inline, with the server's words.
    await a.page.getByTestId('open-share').click();
    const invites = a.page.getByTestId('share-dialog');
    await invites.getByTestId('invite-email').fill('alice@example.com');
    await invites.getByTestId('invite').click();
    const refusal = invites.getByTestId('invite-outcome');
    await expect.poll(() => refusal.getAttribute('role')).toBe('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/yourself|own/i);

    // A invites B (typed in capitals: stored lowercased) and someone without an account.
    await invites.getByTestId('invite-email').fill('BOB@Example.com');
    await invites.getByTestId('invite').click();
    // The outcome still shows the refusal until the invite's answer arrives.
    await expect
      .poll(() => invites.getByTestId('invite-outcome').textContent())
      .toBe('bob@example.com can now open and edit this workbook.');
    await invites.getByTestId('invite-email').fill('carol@example.com');
    await invites.getByTestId('invite').click();
    await invites.getByText('Invited: waiting for carol@example.com to sign up.').waitFor();
    const carol = invites.locator('[data-testid="collaborator"][data-email="carol@example.com"]');
    await expect.poll(() => carol.getAttribute('data-kind')).toBe('pending');
    await expect.poll(() => carol.getByTestId('pending-badge').textContent()).toBe('PENDING');
    const bobRow = invites.locator('[data-testid="collaborator"][data-email="bob@example.com"]');
    await expect.poll(() => bobRow.getAttribute('data-kind')).toBe('active');
    await expect.poll(() => bobRow.getByTestId('pending-badge').count()).toBe(0);

    // Revoking the pending invite uses its own route.
    const pendingRevoke = a.page.waitForRequest(
      (request) => request.method() === 'DELETE' && request.url().includes('/pending-invites/'),
    );
    await carol.getByTestId('revoke').click();
    await carol.getByTestId('revoke-confirm').click();
    await pendingRevoke;
    await carol.waitFor({ state: 'detached' });
    await a.page.getByTestId('dialog-close').click();

    // B finds it under "Shared with me", opens it, sees A's cell and writes one of their own.
    await openWorkbookList(b.page);
    const sharedRow = b.page.locator(
      `[data-testid="shared-workbook"][data-workbook-id="${shared}"]`,
    );
    await expect.poll(() => sharedRow.textContent()).toContain('from alice@example.com');
    await sharedRow.getByTestId('open-workbook').click();
    await waitForWorkbook(b.page);
    expect(openWorkbookId(b.page)).toBe(shared);
    await expectCellText(b.page, 'A1', '10');
    await expect.poll(() => b.page.getByTestId('open-share').count()).toBe(0);
    // A's page follows the workbook's commit stream: with its heartbeat held, only the stream
    // can bring B's edit (RT-01).
    await a.page.route('**/healthz', () => {});
    await typeInto(b.page, 'B1', '=A1*2');
    await expectCellText(b.page, 'B1', '20');

    // A sees B's edit as it lands, and after a reload.
    await expectCellText(a.page, 'B1', '20', 3000);
    await a.page.unroute('**/healthz');
    await a.page.reload();
    await waitForWorkbook(a.page);
    await expectCellText(a.page, 'B1', '20');

    // A revokes B.
    await a.page.getByTestId('open-share').click();
    const bobAgain = a.page.locator('[data-testid="collaborator"][data-email="bob@example.com"]');
    const activeRevoke = a.page.waitForRequest(
      (request) => request.method() === 'DELETE' && request.url().includes('/collaborators/'),
    );
    await bobAgain.getByTestId('revoke').click();
    await bobAgain.getByTestId('revoke-confirm').click();
    await activeRevoke;
    await a.page.getByTestId('no-collaborators').waitFor();

    // B's next request is refused: the page says so, the write is not stored, the list lost it.
    await typeInto(b.page, 'C1', 'after revoke');
    await b.page.getByTestId('no-access').waitFor();
    const asAlice = suite.server.as(await pageToken(a.page), { 'x-workbook-id': shared });
    const stored = await asAlice.get('/grid', { range: 'A1:C1' });
    const inputs = (stored.body as { cells: { cell: string; input: string | null }[] }).cells;
    expect(inputs.find((cell) => cell.cell === 'C1')?.input ?? null).toBeNull();
    expect(inputs.find((cell) => cell.cell === 'B1')?.input).toBe('=A1*2');
    await openWorkbookList(b.page);
    await b.page.getByTestId('shared-empty').waitFor();
    expect(a.errors).toEqual([`HTTP 400 POST /workbook/${shared}/collaborators`]);
  });

  it('[SAAS-01] a 401 sends the page to sign in, and signing in returns to the same workbook', async () => {
    const ui = await suite.page();
    await signUpInPage(ui, suite.server.url, 'dana@example.com');
    await openWorkbookList(ui.page);
    await ui.page.getByTestId('new-workbook-title').fill('Second');
    const defaultId = openWorkbookId(ui.page);
    await ui.page.getByTestId('create-workbook').click();
    await ui.page.waitForURL((url) => url.searchParams.get('id') !== defaultId);
    await waitForWorkbook(ui.page);
    await typeInto(ui.page, 'A1', 'kept');
    const second = openWorkbookId(ui.page);

    // The stored session goes bad (a token the server refuses): the next load gets a 401.
    await ui.page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('gridbook.sign-in')!) as object;
      localStorage.setItem(
        'gridbook.sign-in',
        JSON.stringify({ ...stored, token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad-signature' }),
      );
    });
    await ui.page.reload();
    await ui.page.waitForURL(/\/signin\?next=/);
    expect(new URL(ui.page.url()).searchParams.get('next')).toBe(`/workbook?id=${second}`);
    await submitPasswordForm(ui.page, 'dana@example.com', 'sign-in');
    await waitForWorkbook(ui.page);
    expect(openWorkbookId(ui.page)).toBe(second);
    await expectCellText(ui.page, 'A1', 'kept');
  });

  it('the landing page asks a signed-out visitor to sign in, and reads the workbook once signed in', async () => {
    const ui = await suite.page();
    await ui.page.goto(suite.server.url);
    await expect
      .poll(() => ui.page.getByTestId('continue-sign-in').textContent())
      .toBe('Sign in or create an account to open your workbooks.');
    // Not an error: nothing went wrong, and the header's link says where to go.
    await expect(ui.page.getByTestId('continue-error').count()).resolves.toBe(0);
    await expect(ui.page.getByTestId('landing-open').textContent()).resolves.toBe('Sign in');
    await ui.page.getByTestId('continue-card').click();
    await ui.page.waitForURL(/\/signin\?next=%2Fworkbook$/);
    await submitPasswordForm(ui.page, 'kim@example.com', 'sign-up');
    await waitForWorkbook(ui.page);
    await ui.page.goto(suite.server.url);
    await ui.page.getByTestId('continue-sheets').waitFor();
    await expect.poll(() => ui.page.getByTestId('continue-sign-in').count()).toBe(0);
    await expect(ui.page.getByTestId('landing-open').textContent()).resolves.toBe(
      'Open the workbook',
    );
  });

  it('a wrong password is refused on the sign-in page with the server’s words', async () => {
    await suite.server.signUp('erin@example.com');
    const ui = await suite.page();
    await ui.page.goto(`${suite.server.url}/signin`);
    await ui.page.getByTestId('password-form').waitFor();
    await ui.page.getByTestId('signin-email').fill('erin@example.com');
    await ui.page.getByTestId('signin-password').fill('not the password');
    await ui.page.getByTestId('signin-submit').click();
    await ui.page.getByTestId('signin-error').waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/signin');
    await expect
      .poll(() => ui.page.evaluate(() => localStorage.getItem('gridbook.sign-in')))
      .toBe(null);
  });

  it('a service token is created (shown once, copyable), works, and stops working when revoked', async () => {
    const ui = await suite.page();
    await signUpInPage(ui, suite.server.url, 'frank@example.com');
    await ui.page.getByTestId('open-settings').click();
    const section = ui.page.getByTestId('tokens-section');
    await section.getByTestId('token-name').fill('ci script');
    await section.getByTestId('create-token').click();
    const token = await section.getByTestId('token-value').inputValue();
    expect(token).toMatch(/^gb_live_/);
    await section.getByTestId('copy-token').click();
    await expect.poll(() => ui.page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect((await suite.server.as(token).get('/workbooks')).status).toBe(200);

    const row = section.getByTestId('token-row');
    await expect.poll(() => row.textContent()).toContain('ci script');
    await expect(row.textContent()).resolves.not.toContain(token);
    await row.getByTestId('revoke-token').click();
    await row.getByTestId('revoke-token-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect((await suite.server.as(token).get('/workbooks')).status).toBe(401);
  });

  it('workbooks are renamed and deleted from the list; deleting the open one moves to another', async () => {
    const ui = await suite.page();
    await signUpInPage(ui, suite.server.url, 'gina@example.com');
    const first = openWorkbookId(ui.page);
    await openWorkbookList(ui.page);
    await ui.page.getByTestId('new-workbook-title').fill('Scratch');
    await ui.page.getByTestId('create-workbook').click();
    await ui.page.waitForURL((url) => url.searchParams.get('id') !== first);
    await waitForWorkbook(ui.page);
    const scratch = openWorkbookId(ui.page);

    // Renaming the open workbook: the list and the menu bar's name follow.
    await openWorkbookList(ui.page);
    const scratchRow = ui.page.locator(
      `[data-testid="own-workbook"][data-workbook-id="${scratch}"]`,
    );
    await scratchRow.getByTestId('rename-workbook').click();
    await scratchRow.getByTestId('rename-input').fill('Q3 forecast');
    await scratchRow.getByTestId('rename-input').press('Enter');
    await scratchRow.getByText('Q3 forecast').waitFor();
    await expect.poll(() => ui.page.getByTestId('workbook-title').inputValue()).toBe('Q3 forecast');
    const asGina = suite.server.as(await pageToken(ui.page));
    const titles = async () =>
      ((await asGina.get('/workbooks')).body as { workbooks: { id: string; title: string }[] })
        .workbooks;
    expect((await titles()).find((workbook) => workbook.id === scratch)?.title).toBe('Q3 forecast');

    // Deleting another workbook removes it from the list and the server (the server makes a new
    // default workbook when the default one is gone).
    const firstRow = ui.page.locator(`[data-testid="own-workbook"][data-workbook-id="${first}"]`);
    await firstRow.getByTestId('delete-workbook').click();
    await firstRow.getByTestId('delete-confirm').click();
    await firstRow.waitFor({ state: 'detached' });
    const left = (await titles()).map((workbook) => workbook.id);
    expect(left).toContain(scratch);
    expect(left).not.toContain(first);

    // Deleting the open workbook: the page moves to the user's remaining (a new default) one.
    await scratchRow.getByTestId('delete-workbook').click();
    await scratchRow.getByTestId('delete-confirm').click();
    await ui.page.waitForURL((url) => {
      const id = url.searchParams.get('id');
      return id !== null && id !== scratch;
    });
    await waitForWorkbook(ui.page);
    expect((await titles()).map((workbook) => workbook.id)).not.toContain(scratch);
  });
});

describe.skipIf(!hasChromium)('SaaS pages: accessibility', () => {
  const suite = useSaasBrowserSuite();

  it('[A11Y-03] axe finds nothing serious or critical on sign-in, the workbook list, Share and Settings', async () => {
    const ui = await suite.page();
    const page = ui.page;
    await page.goto(`${suite.server.url}/signin`);
    await page.getByTestId('password-form').waitFor();
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
    await page.getByTestId('signin-switch').click();
    await page.getByText('Create your account').waitFor();
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);

    await signUpInPage(ui, suite.server.url, 'hana@example.com');
    await openWorkbookList(page);
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
    await page.getByTestId('dialog-close').click();

    await page.getByTestId('open-share').click();
    await page.getByTestId('invite-email').fill('ivan@example.com');
    await page.getByTestId('invite').click();
    await page.getByTestId('pending-badge').waitFor();
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
    await page.getByTestId('dialog-close').click();

    await page.getByTestId('open-settings').click();
    await page.getByTestId('token-name').fill('scan');
    await page.getByTestId('create-token').click();
    await page.getByTestId('token-row').waitFor();
    expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
    expect(ui.errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('SaaS pages with an external identity provider', () => {
  const suite = useSaasBrowserSuite({ env: { GRIDBOOK_JWT_SECRET: TEST_JWT_SECRET } });

  it('the sign-in page takes the provider’s token instead of a password, and the workbook opens', async () => {
    const token = await new SignJWT({ sub: 'idp-user-1', email: 'jo@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const ui = await suite.page();
    await ui.page.goto(`${suite.server.url}/workbook`);
    await ui.page.waitForURL(/\/signin\?next=/);
    await ui.page.getByTestId('token-form').waitFor();
    await expect.poll(() => ui.page.getByTestId('password-form').count()).toBe(0);

    await ui.page.getByTestId('signin-token').fill('not-a-token');
    await ui.page.getByTestId('signin-submit').click();
    await expect
      .poll(() => ui.page.getByTestId('signin-error').textContent())
      .toContain('Malformed token');

    await ui.page.getByTestId('signin-token').fill(token);
    await ui.page.getByTestId('signin-submit').click();
    await waitForWorkbook(ui.page);
    await expect
      .poll(() => ui.page.getByTestId('account-email').textContent())
      .toBe('jo@example.com');
    await typeInto(ui.page, 'A1', '42');
    // The write is on its way once Enter is pressed: read until it has been stored.
    const storedA1 = async () =>
      (
        (
          await suite.server
            .as(token, { 'x-workbook-id': openWorkbookId(ui.page) })
            .get('/grid', { range: 'A1' })
        ).body as { cells: { value: unknown }[] }
      ).cells[0]?.value;
    await expect.poll(storedA1).toBe(42);
  });
});

describe.skipIf(!hasChromium)('OSS mode keeps its page', () => {
  const suite = useBrowserSuite({ page: { allowHttpErrors: [404] } });

  it('no sign-in, no workbook list, no Share; /signin goes straight to the workbook', async () => {
    const asked: string[] = [];
    suite.ui.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await suite.open();
    const page = suite.ui.page;
    for (const control of ['open-workbooks', 'open-share', 'sign-out', 'account-email'])
      await expect(page.getByTestId(control).count(), control).resolves.toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(asked.filter((path) => path.startsWith('/auth') || path === '/workbooks')).toEqual([]);
    await page.getByTestId('open-settings').click();
    await page.getByTestId('provider-row').first().waitFor();
    await expect.poll(() => page.getByTestId('tokens-section').count()).toBe(0);
    await expect.poll(() => page.getByTestId('plugin-secrets-section').count()).toBe(0);

    await page.goto(`${suite.server.url}/signin?next=%2Fworkbook`);
    await page.waitForURL((url) => url.pathname === '/workbook');
    expect(suite.ui.errors).toEqual([]);

    // A sign-in left from a SaaS server once on this address is dropped: the page stays OSS.
    await page.evaluate(() =>
      localStorage.setItem(
        'gridbook.sign-in',
        JSON.stringify({ token: 'old', expiresAt: null, email: 'old@example.com', via: 'session' }),
      ),
    );
    await suite.open();
    await page.waitForFunction(() => localStorage.getItem('gridbook.sign-in') === null);
    await suite.open();
    await expect.poll(() => page.getByTestId('open-workbooks').count()).toBe(0);
  });
});

const hasPython = spawnSync('python3', ['--version']).status === 0;

/** A plugin that declares two secrets and shows which token its call ran with (a fingerprint). */
const VAULT_MANIFEST = {
  name: 'Vault',
  description: 'Reads its secret back (a test plugin).',
  secrets: [
    { key: 'TOKEN', label: 'Token', placeholder: 'tok_…', help: 'From the vault.' },
    { key: 'REGION', label: 'Region' },
  ],
};
const VAULT_PLUGIN = `import hashlib


def register(kernel):
    @kernel.formula("VAULT_TOKEN")
    def vault_token():
        token = kernel.get_secret("vault", "TOKEN", "")
        return hashlib.sha256(token.encode()).hexdigest()[:16] if token else "none"
`;

describe.skipIf(!hasChromium || !hasPython)('SaaS pages: plugin secrets form', () => {
  let pluginDir = '';
  beforeAll(async () => {
    pluginDir = await mkdtemp(path.join(tmpdir(), 'gridbook-e2e-vault-'));
    await mkdir(path.join(pluginDir, 'vault'));
    await writeFile(path.join(pluginDir, 'vault', 'manifest.json'), JSON.stringify(VAULT_MANIFEST));
    await writeFile(path.join(pluginDir, 'vault', 'plugin.py'), VAULT_PLUGIN);
  });
  afterAll(() => rm(pluginDir, { recursive: true, force: true }));
  const suite = useSaasBrowserSuite({
    plugins: async (secrets) =>
      PluginRegistry.open({
        host: await PythonPluginHost.start({ python: 'python3', timeoutMs: 5_000 }),
        bundledDir: undefined,
        dataDir: pluginDir,
        budgetMs: 10_000,
        reservedNames: builtInFunctionNames(),
        secrets,
      }),
  });

  it('[SAAS-04] one password field per declared slot; Save sends only typed fields, Clear sends "", Disconnect DELETEs', async () => {
    const ui = await suite.page();
    const page = ui.page;
    const sent: { method: string; body: unknown }[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/settings/plugin-secrets/vault')) return;
      if (request.method() === 'GET') return;
      sent.push({ method: request.method(), body: request.postDataJSON() as unknown });
    });
    await signUpInPage(ui, suite.server.url, 'lee@example.com');
    const asLee = suite.server.as(await pageToken(page));
    const setKeys = async () =>
      ((await asLee.get('/settings/plugin-secrets/vault')).body as { set_keys: string[] }).set_keys;
    const vaultToken = async () =>
      (
        (await asLee.post('/eval', { formulas: [{ cell: 'Z1', formula: '=VAULT_TOKEN()' }] }))
          .body as { results: { result: unknown }[] }
      ).results[0]?.result;

    await page.getByTestId('open-settings').click();
    const form = page.locator('[data-testid="plugin-secrets"][data-plugin="vault"]');
    const slot = (key: string) => form.locator(`[data-testid="secret-slot"][data-key="${key}"]`);
    await form.waitFor();
    await expect.poll(() => form.locator('input[type="password"]').count()).toBe(2);
    await expect.poll(() => form.getByTestId('secrets-save').isDisabled()).toBe(true);

    await slot('TOKEN').getByTestId('secret-input').fill('k-secret-1');
    await form.getByTestId('secrets-save').click();
    await slot('TOKEN').getByTestId('secret-stored').waitFor();
    expect(sent).toEqual([{ method: 'PUT', body: { secrets: { TOKEN: 'k-secret-1' } } }]);
    expect(await setKeys()).toEqual(['TOKEN']);
    expect(await vaultToken()).toBe(
      createHash('sha256').update('k-secret-1').digest('hex').slice(0, 16),
    );
    await expect.poll(() => slot('TOKEN').getByTestId('secret-input').inputValue()).toBe('');
    await expect.poll(() => slot('REGION').getByTestId('secret-stored').count()).toBe(0);
    expect(await page.content()).not.toContain('k-secret-1');

    await slot('TOKEN').getByTestId('secret-clear').click();
    await slot('TOKEN').getByTestId('secret-stored').waitFor({ state: 'detached' });
    expect(sent[1]).toEqual({ method: 'PUT', body: { secrets: { TOKEN: '' } } });
    expect(await setKeys()).toEqual([]);

    await slot('REGION').getByTestId('secret-input').fill('eu-west');
    await form.getByTestId('secrets-save').click();
    await slot('REGION').getByTestId('secret-stored').waitFor();
    expect(sent[2]).toEqual({ method: 'PUT', body: { secrets: { REGION: 'eu-west' } } });
    await form.getByTestId('secrets-disconnect').click();
    await slot('REGION').getByTestId('secret-stored').waitFor({ state: 'detached' });
    expect(sent[3]).toEqual({ method: 'DELETE', body: null });
    expect(await setKeys()).toEqual([]);
  });
});
