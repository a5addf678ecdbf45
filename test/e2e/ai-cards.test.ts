// The AI panel's cards against a fake model: dismiss and supersede, history sent oldest
// first, errors with Retry, selection scope, replies with nothing to apply, chart, plan and
// macro proposals.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { goTo } from './grid-actions.js';
import { storedValues, useBrowserSuiteWithFakeModel } from './suite.js';

const reply = (fields: Record<string, unknown>) => JSON.stringify({ reasoning: 'ok', ...fields });

describe.skipIf(!hasChromium)('AI panel cards in the browser', () => {
  const { suite, fakes } = useBrowserSuiteWithFakeModel({ allowHttpErrors: [500, 503] });

  async function ask(prompt: string): Promise<void> {
    const page = suite.ui.page;
    await page.locator('[data-testid="model-select"]').waitFor();
    await page.getByTestId('chat-input').fill(prompt);
    await page.getByTestId('chat-input').press('Enter');
    await page.locator('[data-testid="chat-send"][aria-label="Send"]').waitFor();
  }

  it('[AI-11][AI-19] Dismiss clears the preview; a new prompt supersedes an open card; history goes oldest first', async () => {
    fakes.groq.replyText(reply({ reasoning: 'first', target_cell: 'A1', values: [[1]] }));
    fakes.groq.replyText(reply({ reasoning: 'second', target_cell: 'A2', values: [[2]] }));
    fakes.groq.replyText(reply({ reasoning: 'third', target_cell: 'A3', values: [[3]] }));
    await suite.open();
    const page = suite.ui.page;
    await ask('one');
    await page.getByTestId('preview-dismiss').click();
    await expect(page.getByTestId('outcome-badge').first().textContent()).resolves.toBe(
      'Dismissed',
    );
    await expect(page.locator('[data-preview="true"]').count()).resolves.toBe(0);
    await ask('two');
    const third = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await ask('three');
    const cards = page.getByTestId('preview-card');
    await expect(cards.nth(1).getByTestId('outcome-badge').textContent()).resolves.toBe(
      'Superseded',
    );
    const history = (
      (await third).postDataJSON() as { history: { role: string; content: string }[] }
    ).history;
    expect(history.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(history[0]!.content).toBe('one');
    expect(history[1]!.content).toContain('first');
    expect(await storedValues(suite.server, 'A1:A3')).toEqual({});
  });

  it('[AI-20] a failing request shows the server’s reason and Retry sends the same prompt once', async () => {
    fakes.groq.replyError(500, 'the vendor fell over');
    fakes.groq.replyError(500, 'the vendor fell over');
    fakes.groq.replyError(500, 'the vendor fell over');
    fakes.groq.replyError(500, 'the vendor fell over');
    fakes.groq.replyError(500, 'the vendor fell over');
    await suite.open();
    const page = suite.ui.page;
    await ask('make a table');
    const error = page.getByTestId('thread-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.not.toContain('[object Object]');
    fakes.reset();
    fakes.groq.replyText(reply({ reasoning: 'worked now', target_cell: 'A1', values: [['x']] }));
    const retried = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await error.getByTestId('retry').click();
    expect(((await retried).postDataJSON() as { prompt: string }).prompt).toBe('make a table');
    await page.getByTestId('preview-card').waitFor();
  });

  it('[AI-06] scope Selection sends the selected cells', async () => {
    fakes.groq.replyText(reply({ reasoning: 'nothing to change', values: null }));
    await suite.open();
    const page = suite.ui.page;
    await goTo(page, 'B2:C3');
    await page.getByTestId('scope-selection').click();
    const chat = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await ask('look at these');
    const body = (await chat).postDataJSON() as { scope: string; selected_cells: string[] };
    expect(body.scope).toBe('selection');
    expect([...body.selected_cells].sort()).toEqual(['B2', 'B3', 'C2', 'C3']);
  });

  it('[ENTRY-02] “New sheet” builds the answer in a new, active sheet and leaves the others untouched', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'A1', value: 'keep me' });
    fakes.groq.replyText(
      reply({ reasoning: 'A budget.', target_cell: 'A1', values: [['Budget']] }),
    );
    await suite.open();
    const page = suite.ui.page;
    await page.getByTestId('new-sheet-toggle').check();
    const chat = page.waitForRequest((request) => request.url().endsWith('/agent/chat'));
    await ask('Build a budget');
    expect((await chat).postDataJSON()).toMatchObject({ sheet: 'Sheet2', scope: 'sheet' });
    await page.locator('[data-testid="sheet-tab-Sheet2"][aria-selected="true"]').waitFor();
    await page.getByTestId('preview-apply').click();
    await page.getByTestId('outcome-badge').filter({ hasText: 'Applied' }).waitFor();
    expect(await storedValues(suite.server, 'A1', 'Sheet1')).toEqual({ A1: 'keep me' });
    expect(await storedValues(suite.server, 'A1', 'Sheet2')).toEqual({ A1: 'Budget' });
    await expect(page.getByTestId('new-sheet-toggle').isChecked()).resolves.toBe(false);
  });

  it('[AI-08][AI-10] a target moved around existing data says so, and Apply reports where the data went', async () => {
    await suite.server.http.post('/grid/cell', { cell: 'B3', value: 'taken' });
    fakes.groq.replyText(
      reply({ reasoning: 'Two numbers.', target_cell: 'B2', values: [[10], [20]] }),
    );
    await suite.open();
    const page = suite.ui.page;
    await ask('two numbers at B2');
    const card = page.getByTestId('preview-card');
    const moved = card.getByTestId('preview-moved');
    await moved.waitFor();
    await expect(moved.textContent()).resolves.toMatch(/moved from B2 to [C-Z]+2/);
    const target = (await card.getByTestId('preview-target').textContent())!;
    expect(target.startsWith('B2')).toBe(false);
    await card.getByTestId('shift-direction').selectOption('down');
    const apply = page.waitForRequest((request) => request.url().endsWith('/agent/apply'));
    await card.getByTestId('preview-apply').click();
    expect((await apply).postDataJSON()).toMatchObject({ shift_direction: 'down' });
    await card.getByTestId('outcome-badge').filter({ hasText: 'Applied' }).waitFor();
    await expect(card.getByTestId('apply-result').textContent()).resolves.toMatch(/[A-Z]+2/);
    expect(await storedValues(suite.server, 'B3')).toEqual({ B3: 'taken' });
  });

  it('[AI-13][AI-15][AI-16] a reply with only a plan and a macro has no Apply; plan targets select their range', async () => {
    fakes.groq.replyText(
      reply({
        reasoning: 'Here is how I would lay it out.',
        values: null,
        plan: {
          title: 'Budget',
          anchor: 'A1',
          sections: [
            { label: 'Inputs', target: 'A1:B4', notes: 'amounts' },
            { label: 'Totals', target: 'A6:B6', notes: '' },
            { label: 'Chart', target: 'D2', notes: '' },
          ],
        },
        macro_spec: {
          name: 'MARGIN',
          params: ['A', 'B'],
          description: 'Share of A in B',
          body: '=A/B',
        },
      }),
    );
    await suite.open();
    const page = suite.ui.page;
    await ask('plan a budget');
    const card = page.getByTestId('preview-card');
    await expect(card.getByTestId('preview-apply').count()).resolves.toBe(0);
    await expect(card.getByTestId('plan-section').count()).resolves.toBe(3);
    await card.getByTestId('plan-target').first().click();
    await expect(page.getByTestId('name-box').inputValue()).resolves.toBe('A1:B4');
    const macro = card.getByTestId('preview-macro');
    if ((await macro.count()) > 0)
      await expect(card.getByTestId('macro-signature').textContent()).resolves.toBe('MARGIN(A, B)');
    else await card.getByTestId('macro-error').waitFor();
  });

  it('[AI-14] a chart-only proposal offers “Add chart”, shows a placeholder, and Apply creates the chart', async () => {
    await suite.server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Month', 'Cost'],
        ['Jan', 5],
        ['Feb', 7],
      ],
    });
    fakes.groq.replyText(
      reply({
        reasoning: 'A chart of costs.',
        values: null,
        chart_spec: { data_range: 'A1:B3', chart_type: 'line', title: 'Costs', anchor_cell: 'D2' },
      }),
    );
    await suite.open();
    const page = suite.ui.page;
    await ask('chart it');
    const card = page.getByTestId('preview-card');
    await expect(card.getByTestId('preview-apply').textContent()).resolves.toBe('Add chart');
    await page.getByTestId('chart-placeholder').waitFor();
    await card.getByTestId('preview-apply').click();
    await page.locator('[data-testid="chart-overlay"][data-chart-type="line"]').waitFor();
    await page.getByTestId('chart-placeholder').waitFor({ state: 'detached' });
    const charts = (
      (await suite.server.http.get('/system/charts')).body as {
        charts: { data_range: string; anchor_cell: string }[];
      }
    ).charts;
    expect(charts).toMatchObject([{ data_range: 'A1:B3', anchor_cell: 'D2' }]);
  });
});
