// Notices at the bottom of the page: the same notice is shown once, however often it is raised.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../web/src/app/toasts.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('[FIRST-HOUR] toasts', () => {
  it('typing five keys into a locked cell shows its notice once, kept on screen while it repeats', () => {
    vi.useFakeTimers();
    const toasts = new Toasts(1000);
    for (let key = 0; key < 5; key += 1) {
      toasts.show('B2 is locked; unlock it to edit it.', 'error');
      vi.advanceTimersByTime(1000);
    }
    expect(toasts.list.get().map((toast) => toast.text)).toEqual([
      'B2 is locked; unlock it to edit it.',
    ]);
    vi.advanceTimersByTime(1700);
    expect(toasts.list.get()).toEqual([]);
  });

  it('different notices each get their own toast', () => {
    vi.useFakeTimers();
    const toasts = new Toasts(1000);
    toasts.show('Saved.');
    toasts.show('Saved.', 'error');
    toasts.show('Nothing to undo.');
    expect(toasts.list.get()).toHaveLength(3);
  });
});
