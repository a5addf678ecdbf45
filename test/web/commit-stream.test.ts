// The page's side of the commit stream: one connection that reconnects from the last seq it saw,
// shared by a browser's tabs (the tab holding the lock follows it and relays), and the changes it
// reports gathered so a burst costs one re-read.
import { describe, expect, it } from 'vitest';
import {
  CommitFeed,
  FLASH_CELLS,
  type CommitSummary,
  type FeedMessage,
} from '../../web/src/realtime/commit-feed.js';
import { SharedFeed, type TabChannel, type TabPorts } from '../../web/src/realtime/shared-feed.js';
import { ChangeBatches } from '../../web/src/realtime/index.js';
import { VisibleFeed, type TabVisibility } from '../../web/src/realtime/visible-feed.js';
import { keptActiveSheet, OutsideChange } from '../../web/src/app/outside-change.js';
import type { CommitEventJson } from '../../web/src/api/types.js';

function commit(seq: number, fields: Partial<CommitEventJson> = {}): CommitEventJson {
  return {
    seq,
    kind: 'change',
    at: '2026-12-01T00:00:00.000Z',
    cells: [],
    cells_truncated: false,
    changed_sheets: ['Sheet1'],
    sheets: false,
    charts: [],
    layout: [],
    workbook_replaced: false,
    ...fields,
  };
}

const sse = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A server stand-in: each open is recorded and gets a stream the test writes events into. */
class FakeServer {
  readonly opens: (number | undefined)[] = [];
  readonly streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  readonly #waiters: (() => void)[] = [];

  readonly open = async (after: number | undefined, signal: AbortSignal) => {
    this.opens.push(after);
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.streams.push(controller);
        signal.addEventListener('abort', () => controller.error(new Error('aborted')));
        for (const wake of this.#waiters.splice(0)) wake();
      },
    });
  };

  async connected(count: number): Promise<ReadableStreamDefaultController<Uint8Array>> {
    for (let tries = 0; this.streams.length < count && tries < 100; tries += 1)
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    expect(this.streams.length).toBeGreaterThanOrEqual(count);
    return this.streams[count - 1]!;
  }

  send(stream: ReadableStreamDefaultController<Uint8Array>, name: string, data: unknown): void {
    stream.enqueue(new TextEncoder().encode(sse(name, data)));
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 200; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

const seqs = (messages: FeedMessage[]) =>
  messages.map((message) =>
    message.kind === 'commit'
      ? message.event.seq
      : `${message.kind}${'seq' in message ? message.seq : ''}`,
  );

describe('CommitFeed', () => {
  it('with nothing known, reads everything once at hello; then hands on each commit once, in order', async () => {
    const server = new FakeServer();
    const got: FeedMessage[] = [];
    const live: boolean[] = [];
    const feed = new CommitFeed(
      { open: server.open, onMessage: (m) => got.push(m), onLive: (l) => live.push(l) },
      undefined,
    );
    feed.start();
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 4 });
    const values = [{ sheet: 'Sheet1', cells: [{ cell: 'A1', value: 1 }] }];
    server.send(stream, 'commit', commit(5, { cells: values }));
    server.send(stream, 'commit', commit(5));
    server.send(stream, 'commit', commit(6));
    await until(() => got.length === 3);
    expect(seqs(got)).toEqual(['resync4', 5, 6]);
    // What changed is kept, not the values: the page reads what it shows again.
    expect(got[1]).toEqual({
      kind: 'commit',
      event: expect.not.objectContaining({ cells: values }),
    });
    expect(got[1]).toMatchObject({
      event: { seq: 5, changed_sheets: ['Sheet1'], touched: [{ sheet: 'Sheet1', cells: ['A1'] }] },
    });
    expect(live).toEqual([true]);
    feed.stop();
  });

  it(`keeps the addresses of at most ${FLASH_CELLS} changed cells a commit, to flash them`, async () => {
    const server = new FakeServer();
    const got: FeedMessage[] = [];
    const feed = new CommitFeed(
      { open: server.open, onMessage: (m) => got.push(m), onLive: () => undefined },
      0,
    );
    feed.start();
    const stream = await server.connected(1);
    const many = (sheet: string, count: number) => ({
      sheet,
      cells: Array.from({ length: count }, (_, row) => ({ cell: `A${row + 1}`, value: row })),
    });
    server.send(stream, 'commit', commit(1, { cells: [many('Sheet1', 60), many('Costs', 60)] }));
    await until(() => got.length === 1);
    const event = (got[0] as Extract<FeedMessage, { kind: 'commit' }>).event;
    expect(event.touched.map((part) => [part.sheet, part.cells.length])).toEqual([
      ['Sheet1', 60],
      ['Costs', FLASH_CELLS - 60],
    ]);
    feed.stop();
  });

  it('reconnects after a drop naming the last seq it saw, and a reset reads everything', async () => {
    const server = new FakeServer();
    const got: FeedMessage[] = [];
    const live: boolean[] = [];
    const feed = new CommitFeed(
      {
        open: server.open,
        onMessage: (m) => got.push(m),
        onLive: (l) => live.push(l),
        wait: async () => undefined,
      },
      10,
    );
    feed.start();
    const first = await server.connected(1);
    server.send(first, 'hello', { seq: 10 });
    server.send(first, 'commit', commit(11));
    await until(() => got.length === 1);
    first.close();
    const second = await server.connected(2);
    expect(server.opens).toEqual([10, 11]);
    server.send(second, 'hello', { seq: 12 });
    server.send(second, 'commit', commit(12));
    server.send(second, 'reset', { seq: 40 });
    await until(() => got.length === 3);
    expect(seqs(got)).toEqual([11, 12, 'resync40']);
    expect(live).toEqual([true, false, true]);
    expect(feed.lastSeq).toBe(40);
    feed.stop();
  });

  it('stops for good when the workbook is gone', async () => {
    const server = new FakeServer();
    const got: FeedMessage[] = [];
    const feed = new CommitFeed(
      {
        open: server.open,
        onMessage: (m) => got.push(m),
        onLive: () => undefined,
        wait: async () => undefined,
      },
      0,
    );
    feed.start();
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 0 });
    server.send(stream, 'gone', { detail: 'Workbook not found' });
    stream.close();
    await until(() => got.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(got).toEqual([{ kind: 'gone', detail: 'Workbook not found' }]);
    expect(server.opens).toHaveLength(1);
  });
});

/** Tabs of one browser: a lock only one holds at a time (released when its holder stops) and channels. */
class FakeBrowser {
  readonly #channels = new Set<FakeChannel>();
  #held = false;
  readonly #queue: (() => void)[] = [];

  ports(): TabPorts {
    return {
      lock: async (_name, signal, hold) => {
        if (this.#held) {
          await new Promise<void>((resolve, reject) => {
            this.#queue.push(resolve);
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          });
        }
        this.#held = true;
        try {
          await hold();
        } finally {
          this.#held = false;
          this.#queue.shift()?.();
        }
      },
      channel: () => {
        const channel = new FakeChannel(this.#channels);
        this.#channels.add(channel);
        return channel;
      },
      now: () => Date.now(),
    };
  }
}

class FakeChannel implements TabChannel {
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  constructor(private readonly all: Set<FakeChannel>) {}
  postMessage(message: unknown): void {
    const copy = structuredClone(message);
    for (const other of this.all)
      if (other !== this) setTimeout(() => other.onmessage?.({ data: copy }), 0);
  }
  close(): void {
    this.all.delete(this);
  }
}

function tab(browser: FakeBrowser, server: FakeServer, after: number | undefined) {
  const got: FeedMessage[] = [];
  const feed = new SharedFeed({
    name: 'gridbook:commits:local',
    ports: browser.ports(),
    open: server.open,
    deliver: (message) => got.push(message),
    after,
  });
  feed.start();
  return { feed, got };
}

describe('SharedFeed', () => {
  it('opens one stream for all tabs; a tab opened later gets what it missed since its reads', async () => {
    const browser = new FakeBrowser();
    const server = new FakeServer();
    const first = tab(browser, server, 3);
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 3 });
    server.send(stream, 'commit', commit(4));
    await until(() => first.got.length === 1);
    // The second tab read the workbook at seq 3, before commit 4 reached it.
    const second = tab(browser, server, 3);
    await until(() => second.got.length === 1 && second.feed.live);
    server.send(stream, 'commit', commit(5));
    await until(() => first.got.length === 2 && second.got.length === 2);
    expect(seqs(first.got)).toEqual([4, 5]);
    expect(seqs(second.got)).toEqual([4, 5]);
    expect(server.opens).toEqual([3]);
    expect([first.feed.leading, second.feed.leading]).toEqual([true, false]);
    first.feed.stop();
    second.feed.stop();
  });

  it('when the following tab closes, the next one takes over from the last seq it saw', async () => {
    const browser = new FakeBrowser();
    const server = new FakeServer();
    const first = tab(browser, server, 0);
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 0 });
    const second = tab(browser, server, 0);
    await until(() => second.feed.live);
    server.send(stream, 'commit', commit(1));
    await until(() => second.got.length === 1);
    first.feed.stop();
    const taken = await server.connected(2);
    expect(server.opens).toEqual([0, 1]);
    expect(second.feed.leading).toBe(true);
    server.send(taken, 'hello', { seq: 2 });
    server.send(taken, 'commit', commit(1));
    server.send(taken, 'commit', commit(2));
    await until(() => second.got.length === 2);
    expect(seqs(second.got)).toEqual([1, 2]);
    second.feed.stop();
  });

  it('a tab that missed more than the following tab keeps reads everything', async () => {
    const browser = new FakeBrowser();
    const server = new FakeServer();
    const first = tab(browser, server, 600);
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 600 });
    for (let seq = 601; seq <= 1200; seq += 1) server.send(stream, 'commit', commit(seq));
    await until(() => first.got.length === 600);
    const late = tab(browser, server, 2);
    await until(() => late.got.length === 1);
    expect(seqs(late.got)).toEqual(['resync1200']);
    first.feed.stop();
    late.feed.stop();
  });
});

/** A tab's visibility the test turns on and off. */
class FakeVisibility implements TabVisibility {
  readonly #listeners = new Set<() => void>();
  constructor(private shown: boolean) {}
  visible(): boolean {
    return this.shown;
  }
  watch(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  set(shown: boolean): void {
    this.shown = shown;
    for (const listener of this.#listeners) listener();
  }
}

describe('VisibleFeed (no Web Locks: plain http from another machine)', () => {
  it('follows the stream only while the tab is in view, and back in view goes on from the last seq it saw', async () => {
    const server = new FakeServer();
    const visibility = new FakeVisibility(false);
    const got: FeedMessage[] = [];
    const feed = new VisibleFeed({
      visibility,
      open: server.open,
      deliver: (message) => got.push(message),
      after: 3,
    });
    feed.start();
    // Out of view at start: no connection is taken.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.opens).toEqual([]);
    visibility.set(true);
    const first = await server.connected(1);
    server.send(first, 'hello', { seq: 3 });
    server.send(first, 'commit', commit(4));
    await until(() => got.length === 1 && feed.live);
    visibility.set(false);
    expect(feed.live).toBe(false);
    // Hidden, its connection is given back: the server's next commits reach it later.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.streams).toHaveLength(1);
    visibility.set(true);
    const second = await server.connected(2);
    expect(server.opens).toEqual([3, 4]);
    server.send(second, 'hello', { seq: 6 });
    server.send(second, 'commit', commit(5));
    server.send(second, 'commit', commit(6));
    await until(() => got.length === 3);
    expect(seqs(got)).toEqual([4, 5, 6]);
    feed.stop();
    visibility.set(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.opens).toHaveLength(2);
  });
});

describe('what the page reads again', () => {
  it('a burst of commits is applied as one change naming every sheet, chart and layout it touched', async () => {
    const applied: OutsideChange[] = [];
    const batches = new ChangeBatches(
      async (change) => {
        applied.push(change);
      },
      () => undefined,
      'web-me',
      10,
    );
    const summary = (seq: number, fields: Partial<CommitSummary> = {}): CommitSummary => {
      const { cells: _values, ...rest } = commit(seq);
      return { ...rest, touched: [], ...fields };
    };
    batches.take({
      kind: 'commit',
      event: summary(1, { client: 'web-other', touched: [{ sheet: 'Sheet1', cells: ['A1'] }] }),
    });
    batches.take({
      kind: 'commit',
      event: summary(2, {
        client: 'web-me',
        changed_sheets: ['Costs'],
        charts: ['Costs'],
        touched: [{ sheet: 'Costs', cells: ['B2'] }],
      }),
    });
    batches.take({ kind: 'commit', event: summary(3, { changed_sheets: [], layout: ['Sheet1'] }) });
    await until(() => applied.length === 1);
    const change = applied[0]!;
    expect([...change.cellSheets].sort()).toEqual(['Costs', 'Sheet1']);
    expect(change.changed('charts', 'Costs')).toBe(true);
    expect(change.changed('charts', 'Sheet1')).toBe(false);
    expect(change.changed('layout', 'Sheet1')).toBe(true);
    expect(change.sheetList || change.everything).toBe(false);
    // Another client's cells flash; this browser's own do not.
    expect(change.flashes).toEqual(new Map([['Sheet1', new Set(['A1'])]]));
    batches.take({ kind: 'resync', seq: 9 });
    await until(() => applied.length === 2);
    expect(applied[1]!.changed('layout', 'Anything')).toBe(true);
  });

  it('keeps the sheet this page shows, follows it through a rename, and else takes the active one', () => {
    const shown = { active: 'Costs', sheets: ['Sheet1', 'Costs'] };
    expect(
      keptActiveSheet(shown, { active_sheet: 'Sheet1', sheets: ['Sheet1', 'Costs', 'New'] }),
    ).toBe('Costs');
    expect(keptActiveSheet(shown, { active_sheet: 'Sheet1', sheets: ['Sheet1', 'Budget'] })).toBe(
      'Budget',
    );
    expect(keptActiveSheet(shown, { active_sheet: 'Sheet1', sheets: ['Sheet1'] })).toBe('Sheet1');
    expect(keptActiveSheet(null, { active_sheet: 'Sheet1', sheets: ['Sheet1'] })).toBe('Sheet1');
  });
});

describe('SharedFeed and presence (RT-02)', () => {
  it("relays a peer's selection from the following tab to the others, leaving the seq alone", async () => {
    const browser = new FakeBrowser();
    const server = new FakeServer();
    const first = tab(browser, server, 3);
    const stream = await server.connected(1);
    server.send(stream, 'hello', { seq: 3 });
    const second = tab(browser, server, 3);
    await until(() => second.feed.live);
    const presence = { peer: 'p1', user: 'ada@example.com', sheet: 'Sheet1', range: 'B2' };
    server.send(stream, 'presence', presence);
    server.send(stream, 'commit', commit(4));
    await until(() => first.got.length === 2 && second.got.length === 2);
    for (const got of [first.got, second.got])
      expect(got).toEqual([
        { kind: 'presence', presence },
        expect.objectContaining({ kind: 'commit' }),
      ]);
    first.feed.stop();
    second.feed.stop();
  });
});
