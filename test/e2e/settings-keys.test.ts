// Settings — AI providers when the server refuses a key: the reason shows under that
// provider's row and nothing pretends the key was stored.
import { describe, expect, it } from 'vitest';
import { providersOnFakes } from '../fakes/index.js';
import { hasChromium } from './browser.js';
import { useBrowserSuite } from './suite.js';

const REFUSAL = 'Could not initialize groq: the key is not in the expected format';

describe.skipIf(!hasChromium)('a refused provider key in the browser', () => {
  const suite = useBrowserSuite({
    page: { allowHttpErrors: [400] },
    server: async () => ({ deps: { providers: await providersOnFakes(undefined) } }),
  });

  it('[KEYS-03] a 400 on save shows the server’s message under that row; the provider stays Not configured', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.route('**/settings/keys/save', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: REFUSAL }),
      }),
    );
    await page.getByTestId('no-key-notice').waitFor();
    await page.getByTestId('open-settings').click();
    const row = page.locator('[data-testid="provider-row"][data-provider="groq"]');
    await row.getByTestId('provider-key-input').fill('gsk_not-a-real-key');
    const save = page.waitForRequest((request) => request.url().endsWith('/settings/keys/save'));
    await row.getByTestId('provider-save').click();
    expect((await save).postDataJSON()).toEqual({
      provider: 'groq',
      api_key: 'gsk_not-a-real-key',
    });
    await expect(row.getByTestId('provider-error').textContent()).resolves.toBe(REFUSAL);
    await expect(page.getByTestId('provider-error').count()).resolves.toBe(1);
    await expect(row.getAttribute('data-configured')).resolves.toBe('false');
    await expect(row.getByTestId('provider-status').textContent()).resolves.toBe('Not configured');
    await expect(row.getByTestId('provider-masked-key').count()).resolves.toBe(0);
    const stored = (await suite.server.http.get('/settings/providers')).body as {
      providers: { id: string; configured: boolean }[];
    };
    expect(stored.providers.find((provider) => provider.id === 'groq')?.configured).toBe(false);
    await page.getByTestId('dialog-close').click();
    await page.getByTestId('no-key-notice').waitFor();
    expect(suite.ui.errors).toEqual([]);
  });
});
