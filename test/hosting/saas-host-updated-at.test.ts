// The workbook list's `updated_at`: written at most once an interval per workbook, and never
// left behind the last change (a commit inside the interval is written when it ends).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCell, writeCellOps, type Op } from '../../src/core/index.js';
import { SaasHost } from '../../src/hosting/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const meta = { actor: 'User' };
const write = (cell: string, value: number): Op[] => writeCellOps('Sheet1', parseCell(cell), value);

function hostWithClock(options: { memoryBudgetBytes?: number } = {}) {
  let clock = 1_000_000;
  const touches: { workbookId: string; at: number }[] = [];
  const host = new SaasHost({
    directory: {
      roleOf: async () => 'owner',
      defaultFor: async () => 'wb-default',
      ownerOf: async () => 'u1',
      touch: async (workbookId) => {
        touches.push({ workbookId, at: clock });
      },
    },
    journal: new MemoryJournal(),
    memoryBudgetBytes: options.memoryBudgetBytes ?? 1 << 30,
    minIdleMs: 0,
    touchIntervalMs: 10_000,

    now: () => new Date(clock),
  });
  const advance = async (ms: number): Promise<void> => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { host, touches, advance };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SaaS workbooks' updated_at", () => {
  it('the last of a burst of commits is written when the interval ends, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { host, touches, advance } = hostWithClock();
    const handle = await host.handleFor({ userId: 'u1', workbookId: 'wb1' });
    await handle.commit(write('A1', 1), meta);
    expect(touches.map((touch) => touch.at)).toEqual([1_000_000]);
    await advance(3_000);
    await handle.commit(write('A2', 2), meta);
    await advance(1_000);
    await handle.commit(write('A3', 3), meta);
    // Inside the interval: nothing written yet for the two later commits…
    expect(touches).toHaveLength(1);
    // …and one write when it ends, so the list does not stop at the first commit.
    await advance(6_000);
    expect(touches.map((touch) => touch.at)).toEqual([1_000_000, 1_010_000]);
    await advance(60_000);
    expect(touches).toHaveLength(2);
  });

  it('a commit after a quiet interval is written at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { host, touches, advance } = hostWithClock();
    const handle = await host.handleFor({ userId: 'u1', workbookId: 'wb1' });
    await handle.commit(write('A1', 1), meta);
    await advance(15_000);
    await handle.commit(write('A2', 2), meta);
    expect(touches.map((touch) => touch.at)).toEqual([1_000_000, 1_015_000]);
  });

  it('a workbook evicted with a change not yet written writes it as it leaves memory', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { host, touches, advance } = hostWithClock({ memoryBudgetBytes: 0 });
    // A request holds the workbook while it writes (as a route does), then lets go.
    let release = (): void => undefined;
    const handle = await host.handleFor({
      userId: 'u1',
      workbookId: 'wb1',
      hold: (done) => {
        release = done;
      },
    });
    await handle.commit(write('A1', 1), meta);
    await advance(2_000);
    await handle.commit(write('A2', 2), meta);
    expect(touches).toHaveLength(1);
    release();
    expect(await host.evictIdle()).toEqual(['wb1']);
    expect(touches.map((touch) => touch.at)).toEqual([1_000_000, 1_002_000]);
    await advance(60_000);
    expect(touches).toHaveLength(2);
  });
});
