// The AI preview overlay of 1,000 proposed cells (docs/ui-rules.md PERF-25): from the (stubbed)
// chat answer reaching the page to the proposed cells painted. The model is the fake Groq server of
// test/fakes, never a real vendor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyStore, ProviderService } from '../../src/providers/index.js';
import { startFakeProviders, type FakeProviders } from '../fakes/index.js';
import { hasChromium } from '../e2e/browser.js';
import { medianOfThree, ms, report, usePerfSuite } from './perf-suite.js';

const ROWS = 100;
const COLS = 10;

describe.skipIf(!hasChromium)('performance of the AI preview', () => {
  let fakes: FakeProviders;
  beforeAll(async () => {
    fakes = await startFakeProviders();
  });
  afterAll(async () => fakes?.close());

  const perf = usePerfSuite({
    page: { allowHttpErrors: [422] },
    server: async () => {
      const providers = await ProviderService.open({
        keyStore: new MemoryKeyStore(),
        envKeys: { groq: 'gsk_perf-test-key-0001' },
        baseUrls: fakes.baseUrls,
        sleep: async () => {},
      });
      return { deps: { providers } };
    },
  });

  it('[AI-07] a proposal of 1,000 cells is painted as a preview within 200 ms of the answer', async () => {
    const values = Array.from({ length: ROWS }, (_, row) =>
      Array.from({ length: COLS }, (_, col) => row * COLS + col + 1),
    );
    const run = await medianOfThree(
      async () => {
        fakes.reset();
        fakes.groq.replyText(
          JSON.stringify({ reasoning: 'A block of numbers.', target_cell: 'A1', values }),
        );
        await perf.open();
        const page = perf.ui.page;
        await page.locator('[data-testid="model-select"]').waitFor();
        await page.getByTestId('chat-input').fill('fill a 100 by 10 block');
        await page.getByTestId('chat-input').press('Enter');
        // Every mirror cell of the proposal that is on screen is marked as a preview with its
        // value.
        const painted = (await (
          await page.waitForFunction(
            ({ rows, cols }) => {
              const cells = [
                ...document.querySelectorAll<HTMLElement>('[data-testid="grid"] [role="gridcell"]'),
              ].filter((cell) => {
                const match = /^([A-Z]+)(\d+)$/.exec(cell.dataset['cell'] ?? '');
                return (
                  match !== null &&
                  match[1]!.length === 1 &&
                  match[1]!.charCodeAt(0) - 65 < cols &&
                  Number(match[2]) <= rows
                );
              });
              return cells.length > 0 && cells.every((cell) => cell.dataset['preview'] === 'true')
                ? performance.now()
                : false;
            },
            { rows: ROWS, cols: COLS },
            { polling: 'raf', timeout: 30_000 },
          )
        ).jsonValue()) as number;
        const answered = await page.evaluate(() => {
          const chat = performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname === '/agent/chat');
          return (chat[chat.length - 1] as PerformanceResourceTiming | undefined)?.responseEnd;
        });
        if (answered === undefined) throw new Error('the page never asked /agent/chat');
        await expect(page.getByTestId('cell-J3').textContent()).resolves.toBe('30');
        return { preview: painted - answered };
      },
      (result) => result.preview,
    );
    report(
      'preview overlay of 1,000 proposed cells (answer → painted)',
      ms(run.preview),
      '≤ 200 ms',
    );
    expect(perf.ui.errors).toEqual([]);
    expect(run.preview).toBeLessThanOrEqual(200);
  });
});
