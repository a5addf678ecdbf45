// The live result of a formula being typed (web/src/grid/formula-preview.ts, docs/ui-rules.md
// EDIT-12): debounced dry runs, stale answers dropped, errors as their text.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FormulaPreview,
  PREVIEW_DELAY_MS,
  previewText,
  type PreviewRequest,
  type PreviewShown,
} from '../../web/src/grid/formula-preview.js';

type Answer = { result: string | number | boolean | null; error: string | null };

/** A preview whose dry runs wait until the test answers them. */
function previewWithManualServer() {
  const asked: { request: PreviewRequest; answer: (value: Answer) => void }[] = [];
  const shown: (PreviewShown | undefined)[] = [];
  const preview = new FormulaPreview(
    (request) => new Promise<Answer>((resolve) => asked.push({ request, answer: resolve })),
    (next) => shown.push(next),
  );
  return { preview, asked, shown, last: () => shown.at(-1)?.text, lastShown: () => shown.at(-1) };
}

const at = (text: string): PreviewRequest => ({ sheet: 'Sheet1', cell: 'B1', text });

describe('live formula result', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[EDIT-12] asks once the typing rests, and shows the answer as the cell would', async () => {
    const { preview, asked, last } = previewWithManualServer();
    preview.update(at('=A'));
    preview.update(at('=A1'));
    preview.update(at('=A1*2'));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS - 1);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((entry) => entry.request)).toEqual([at('=A1*2')]);
    asked[0]!.answer({ result: 42, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toBe('42');
  });

  it('[EDIT-12] drops an answer to text typed over since', async () => {
    const { preview, asked, last } = previewWithManualServer();
    preview.update(at('=A1'));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    preview.update(at('=A1+1'));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    asked[1]!.answer({ result: 22, error: null });
    asked[0]!.answer({ result: 21, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toBe('22');
    // The edit ends while a dry run is out: its answer shows nothing.
    preview.update(at('=A1+2'));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    preview.update(null);
    asked[2]!.answer({ result: 23, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toBeUndefined();
  });

  it('[EDIT-12] keeps the last result, marked stale, while the next text waits for its answer: the hint does not blink', async () => {
    const { preview, asked, shown, lastShown } = previewWithManualServer();
    preview.update(at('=A1*2'));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    asked[0]!.answer({ result: 42, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(lastShown()).toEqual({ text: '42', stale: false });
    const before = shown.length;
    preview.update(at('=A1*2+'));
    preview.update(at('=A1*2+1'));
    // Every key in between shows the old result dimmed, never nothing.
    expect(shown.slice(before)).toEqual([
      { text: '42', stale: true },
      { text: '42', stale: true },
    ]);
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    asked[1]!.answer({ result: 43, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(lastShown()).toEqual({ text: '43', stale: false });
    // Text that is no formula any more hides it at once.
    preview.update(at('43'));
    expect(lastShown()).toBeUndefined();
  });

  it('[EDIT-12] asks nothing for text that is no formula, or a lone =', async () => {
    const { preview, asked } = previewWithManualServer();
    preview.update(at('hello'));
    preview.update(at('= '));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS * 2);
    expect(asked).toHaveLength(0);
  });

  it('[EDIT-12] shows errors as their text, an empty result as 0, and nothing for an unfinished formula', () => {
    expect(previewText({ result: null, error: '#DIV/0!' })).toBe('#DIV/0!');
    expect(previewText({ result: null, error: '#PARSE_ERROR!' })).toBeUndefined();
    expect(previewText({ result: null, error: null })).toBe('0');
    expect(previewText({ result: true, error: null })).toBe('TRUE');
    expect(previewText({ result: 'abc', error: null })).toBe('abc');
    // As the cell would show it, when the server says how (its number format).
    expect(previewText({ result: 46053, error: null, display: '1/31/2026' })).toBe('1/31/2026');
  });
});
