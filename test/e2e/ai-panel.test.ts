// The AI panel against a fake model (the fake Groq server of test/fakes, never a real vendor):
// the preview paints proposed cells before anything is written, Apply writes them, guardrail
// refusals read as sentences with links, Stop aborts (a chain keeps its written steps), a chain
// streams its steps, the model picker, Enter/Shift+Enter and the busy state, quick prompts.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import {
  cell,
  expectCellText,
  goTo,
  holdBackgroundReads,
  recordRequestBodies,
} from './grid-actions.js';
import { storedValues, useBrowserSuite, useBrowserSuiteWithFakeModel } from './suite.js';

describe.skipIf(!hasChromium)('the AI panel in the browser', () => {
  const { suite, fakes } = useBrowserSuiteWithFakeModel({ allowHttpErrors: [422] });

  async function ask(prompt: string): Promise<void> {
    const page = suite.ui.page;
    await page.locator('[data-testid="model-select"]').waitFor();
    await page.getByTestId('chat-input').fill(prompt);
    await page.getByTestId('chat-input').press('Enter');
  }

  it('[AI-07][AI-09] the preview highlights proposed cells without writing; Apply writes them once', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'Budget' });
    fakes.groq.replyText(
      JSON.stringify({
        reasoning: 'Two amounts under the title.',
        target_cell: 'B2',
        values: [[10], [20]],
      }),
    );
    await suite.open();
    const page = suite.ui.page;
    const chat = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await ask('add two amounts');
    const body = (await chat).postDataJSON() as {
      prompt: string;
      scope: string;
      sheet: string;
      model_id?: string;
    };
    expect(body).toMatchObject({ prompt: 'add two amounts', scope: 'sheet', sheet: 'Sheet1' });
    expect(typeof body.model_id).toBe('string');
    const card = page.getByTestId('preview-card');
    await expect(card.getByTestId('preview-reasoning').textContent()).resolves.toBe(
      'Two amounts under the title.',
    );
    await expect(card.getByTestId('preview-target').textContent()).resolves.toBe('B2:B3');
    await expect(cell(page, 'B2').getAttribute('data-preview')).resolves.toBe('true');
    await expectCellText(page, 'B2', '10');
    await expectCellText(page, 'B3', '20');
    expect(await storedValues(suite.server, 'B2:B3')).toEqual({});

    const applies = recordRequestBodies(page, '/agent/apply');
    await card.getByTestId('preview-apply').dblclick();
    await expect(card.getByTestId('outcome-badge').textContent()).resolves.toBe('Applied');
    expect(applies).toHaveLength(1);
    expect(JSON.parse(applies[0]!)).toMatchObject({
      target_cell: 'B2',
      values: [[10], [20]],
      shift_direction: 'right',
    });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-preview="true"]').length === 0,
    );
    await expectCellText(page, 'B3', '20');
    expect(await storedValues(suite.server, 'B2:B3')).toEqual({ B2: 10, B3: 20 });
    await expect(card.getByTestId('preview-apply').count()).resolves.toBe(0);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-12] a guardrail refusal names the cells in words, and the cell links select them', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'B2', value: '5' });
    fakes.groq.replyText(
      JSON.stringify({ reasoning: 'A ratio.', target_cell: 'B4', values: [['=B2/B9']] }),
    );
    await suite.open();
    const page = suite.ui.page;
    await ask('divide B2 by B9');
    const error = page.getByTestId('thread-error');
    await error.waitFor();
    await expect(error.getByTestId('blocked-item').first().textContent()).resolves.toContain(
      'B4 is blocked: it refers to the empty cell B9',
    );
    await expect(page.locator('body').textContent()).resolves.not.toContain('[object Object]');
    await error.getByTestId('cell-link-B9').click();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('B9');
    expect(await storedValues(suite.server, 'B4')).toEqual({});
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-05] Stop aborts a request that hangs; nothing is written and the composer works again', async () => {
    fakes.groq.enqueue({ kind: 'hang' });
    await suite.open();
    const page = suite.ui.page;
    await ask('take your time');
    await page.locator('[data-testid="chat-send"][aria-label="Stop"]').waitFor();
    await page.getByTestId('chat-busy').waitFor();
    await page.getByTestId('chat-send').click();
    await page.getByTestId('thread-note').filter({ hasText: 'Cancelled' }).waitFor();
    await expect(page.getByTestId('preview-card').count()).resolves.toBe(0);
    await expect(page.getByTestId('chat-send').getAttribute('aria-label')).resolves.toBe('Send');
  });

  it('[AI-17] a chain streams its steps; the written cells show; one Ctrl+Z takes the chain back', async () => {
    fakes.groq.replyText(
      JSON.stringify({ reasoning: 'Sum first.', target_cell: 'A3', values: [['=SUM(10, 20)']] }),
    );
    fakes.groq.replyText(
      JSON.stringify({
        reasoning: 'Then the max.',
        target_cell: 'B3',
        values: [['=MAX(A3, 100)']],
      }),
    );
    fakes.groq.replyText(JSON.stringify({ reasoning: 'Done.', target_cell: 'B3', values: [['']] }));
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('chain-toggle').check();
    await page.getByTestId('chain-max').fill('3');
    const chain = page.waitForRequest((request) => request.url().endsWith('/agent/chat/chain'));
    await ask('Write =SUM(10, 20) in A3. Then write =MAX(A3, 100) in B3.');
    expect((await chain).postDataJSON()).toMatchObject({ max_iterations: 3 });
    await page.locator('[data-testid="chain-card"][data-running="false"]').waitFor();
    await expect(page.getByTestId('chain-step').count()).resolves.toBe(3);
    await expect(page.getByTestId('chain-observation').first().textContent()).resolves.toContain(
      'A3 = 30',
    );
    // The chain's own check of what it wrote, and the tokens its three model calls used.
    await expect(page.getByTestId('chain-verification').textContent()).resolves.toBe(
      'Checked 2 cells: no errors. 45 tokens.',
    );
    await expectCellText(page, 'A3', '30');
    await expectCellText(page, 'B3', '100');
    await goTo(page, 'D1');
    await page.keyboard.press('Control+z');
    await expectCellText(page, 'A3', '');
    await expectCellText(page, 'B3', '');
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-03] the picker lists only available models; the chosen one is sent as model_id and is still chosen after a reload', async () => {
    fakes.groq.replyText(JSON.stringify({ reasoning: 'One.', target_cell: 'A1', values: [[1]] }));
    await suite.open();
    const page = suite.ui.page;
    const catalog = (await suite.server.http.get('/models/available')).body as {
      models: { id: string; available: boolean }[];
      default_model_id: string;
    };
    const available = catalog.models.filter((model) => model.available).map((model) => model.id);
    expect(catalog.models.length).toBeGreaterThan(available.length);
    const picker = page.getByTestId('model-select');
    await picker.waitFor();
    await expect.poll(() => picker.locator('option').count()).toBe(available.length);
    const listed = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect([...listed].sort()).toEqual([...available].sort());

    const chosen = available.find((id) => id !== catalog.default_model_id)!;
    await picker.selectOption(chosen);
    const chat = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await ask('one number');
    expect(((await chat).postDataJSON() as { model_id?: string }).model_id).toBe(chosen);
    await page.getByTestId('preview-card').waitFor();

    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.dataset['interactiveMs'] !== undefined,
    );
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe(chosen);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-04] Enter sends and Shift+Enter adds a line; Stop and the progress indicator show in the next frame', async () => {
    fakes.groq.enqueue({ kind: 'hang' });
    await suite.open();
    const page = suite.ui.page;
    let chats = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/agent/chat')) chats += 1;
    });
    const input = page.getByTestId('chat-input');
    await page.locator('[data-testid="model-select"]').waitFor();
    await input.fill('first line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    await expect(input.inputValue()).resolves.toBe('first line\nsecond line');
    expect(chats).toBe(0);

    // Look at the page in the first animation frame after the Enter keydown, and note when
    // the indicator appeared: React renders the busy state during the key event itself.
    await page.evaluate(() => {
      const probe = {
        keyAt: Number.NaN,
        busyAt: Number.NaN,
        nextFrame: null as null | { busy: boolean; label: string | null },
      };
      Reflect.set(window, 'sendProbe', probe);
      window.addEventListener(
        'keydown',
        () => {
          probe.keyAt = performance.now();
          requestAnimationFrame(() => {
            probe.nextFrame = {
              busy: document.querySelector('[data-testid="chat-busy"]') !== null,
              label:
                document.querySelector('[data-testid="chat-send"]')?.getAttribute('aria-label') ??
                null,
            };
          });
        },
        { capture: true, once: true },
      );
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('[data-testid="chat-busy"]') === null) return;
        probe.busyAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const chat = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await input.press('Enter');
    expect(((await chat).postDataJSON() as { prompt: string }).prompt).toBe(
      'first line\nsecond line',
    );
    await page.waitForFunction(
      () => (Reflect.get(window, 'sendProbe') as { nextFrame: unknown }).nextFrame !== null,
    );
    const probe = (await page.evaluate(() => Reflect.get(window, 'sendProbe'))) as {
      keyAt: number;
      busyAt: number;
      nextFrame: { busy: boolean; label: string | null };
    };
    process.stdout.write(
      `[AI-04] Enter → progress indicator: ${(probe.busyAt - probe.keyAt).toFixed(1)} ms (target ≤ 100 ms)\n`,
    );
    expect(probe.nextFrame).toEqual({ busy: true, label: 'Stop' });
    await expect(input.inputValue()).resolves.toBe('');
    await expect(page.getByTestId('user-message').textContent()).resolves.toContain(
      'first line\nsecond line',
    );

    await page.getByTestId('chat-send').click();
    await page.locator('[data-testid="chat-send"][aria-label="Send"]').waitFor();
    await expect(page.getByTestId('chat-busy').count()).resolves.toBe(0);
    expect(chats).toBe(1);
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-18] Stop during a chain says the steps already written are kept, then re-reads the grid', async () => {
    fakes.groq.replyText(
      JSON.stringify({ reasoning: 'Sum first.', target_cell: 'A3', values: [['=SUM(10, 20)']] }),
    );
    fakes.groq.enqueue({ kind: 'hang' });
    await suite.open();
    const page = suite.ui.page;
    // The heartbeat (every 4 s) and the commit stream also re-read the grid; holding
    // them leaves Stop as the only thing that can re-read it once the chain's polling ends.
    await holdBackgroundReads(page);
    await page.getByTestId('chain-toggle').check();
    await ask('Write =SUM(10, 20) in A3, then keep going.');
    await page.getByTestId('chain-step').first().waitFor();
    await expectCellText(page, 'A3', '30');
    const reread = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/grid' && request.method() === 'GET',
    );
    await page.locator('[data-testid="chat-send"][aria-label="Stop"]').click();
    await expect(page.getByTestId('thread-note').last().textContent()).resolves.toBe(
      'Stopped: steps already written are kept.',
    );
    await reread;
    await page.locator('[data-testid="chain-card"][data-running="false"]').waitFor();
    await expect(page.getByTestId('chat-send').getAttribute('aria-label')).resolves.toBe('Send');
    await expectCellText(page, 'A3', '30');
    expect(await storedValues(suite.server, 'A3')).toEqual({ A3: 30 });
    expect(suite.ui.errors).toEqual([]);
  });

  it('[AI-21] an empty conversation shows four prompt chips; a chip fills the input and sends nothing', async () => {
    await suite.open();
    const page = suite.ui.page;
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/agent/')) sent += 1;
    });
    const chips = page.getByTestId('quick-prompt');
    await chips.first().waitFor();
    await expect(chips.count()).resolves.toBe(4);
    const filled: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      await chips.nth(index).click();
      filled.push(await page.getByTestId('chat-input').inputValue());
    }
    expect(filled.every((text) => text.trim() !== '')).toBe(true);
    expect(new Set(filled).size).toBe(4);
    await expect(page.getByTestId('user-message').count()).resolves.toBe(0);
    await expect(page.getByTestId('chat-send').getAttribute('aria-label')).resolves.toBe('Send');
    expect(sent).toBe(0);
    expect(suite.ui.errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('the AI panel without any key', () => {
  const suite = useBrowserSuite();

  it('[AI-02][KEYS-01] says a key is needed, keeps Send disabled, and the notice opens Settings', async () => {
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('no-key-notice').waitFor();
    await page.getByTestId('chat-input').fill('hello');
    await expect(page.getByTestId('chat-send').isDisabled()).resolves.toBe(true);
    await page.getByTestId('no-key-notice').click();
    await page.getByTestId('settings-dialog').waitFor();
    await expect(page.getByTestId('provider-row').count()).resolves.toBe(4);
    await expect(
      page
        .locator(
          '[data-testid="provider-row"][data-provider="groq"] [data-testid="provider-status"]',
        )
        .textContent(),
    ).resolves.toBe('Not configured');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
  });
});
