// The page's side of presence (RT-02): its own selection published at most once per 80 ms (first
// and last move kept) and every 4 s while in view; peers kept until unheard for 8 s; each peer's
// colour from its identity; boxes only for the sheet shown, cut to the view, 600 cells at most.
import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_MS,
  LatestThrottle,
  oneAtATime,
  PUBLISH_EVERY_MS,
  SelectionPublisher,
  type SharedSelection,
  type Timers,
} from '../../web/src/realtime/selection-publisher.js';
import { PeerSelections, PEER_TTL_MS } from '../../web/src/realtime/peer-selections.js';
import { peerColour } from '../../web/src/realtime/peer-colour.js';
import { MAX_PAINTED_CELLS, peerBoxes, visibleSpan } from '../../web/src/grid/peer-boxes.js';
import { ColumnLayout, RowLayout } from '../../web/src/grid/geometry.js';
import { CommitFeed, type FeedMessage } from '../../web/src/realtime/commit-feed.js';
import type { TabVisibility } from '../../web/src/realtime/visible-feed.js';

/** Timers that run when the test moves the clock. */
class FakeTimers implements Timers {
  now = 0;
  #next = 1;
  readonly #due = new Map<number, { at: number; run: () => void }>();

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#due.set(id, { at: this.now + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#due.delete(handle as number);
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const [id, timer] =
        [...this.#due].filter(([, due]) => due.at <= end).sort((a, b) => a[1].at - b[1].at)[0] ??
        [];
      if (id === undefined || timer === undefined) break;
      this.#due.delete(id);
      this.now = timer.at;
      timer.run();
    }
    this.now = end;
  }
}

function visibility(initially = true) {
  let visible = initially;
  let listener: (() => void) | undefined;
  const port: TabVisibility = {
    visible: () => visible,
    watch: (next) => {
      listener = next;
      return () => (listener = undefined);
    },
  };
  return {
    port,
    set(next: boolean) {
      visible = next;
      listener?.();
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 200; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('LatestThrottle', () => {
  it('sends the first value at once, then at most one per interval, and never loses the last', () => {
    const timers = new FakeTimers();
    const sent: number[] = [];
    const throttle = new LatestThrottle<number>((value) => sent.push(value), 80, timers);
    throttle.push(1);
    expect(sent).toEqual([1]);
    throttle.push(2);
    throttle.push(3);
    timers.advance(79);
    expect(sent).toEqual([1]);
    timers.advance(1);
    expect(sent).toEqual([1, 3]);
    timers.advance(80);
    expect(sent).toEqual([1, 3]);
    // Idle again: the next one goes at once.
    throttle.push(4);
    expect(sent).toEqual([1, 3, 4]);
  });
});

describe('oneAtATime', () => {
  it('sends one at a time: while one is on its way only the latest waiting one goes next, even after a failure', async () => {
    const sent: number[] = [];
    const answers: (() => void)[] = [];
    const send = oneAtATime<number>((value) => {
      sent.push(value);
      return new Promise<void>((resolve, reject) =>
        answers.push(value === 1 ? () => reject(new Error('refused')) : resolve),
      );
    });
    send(1);
    send(2);
    send(3);
    expect(sent).toEqual([1]);
    answers.shift()!();
    await until(() => sent.length === 2);
    expect(sent).toEqual([1, 3]);
    answers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([1, 3]);
    send(4);
    expect(sent).toEqual([1, 3, 4]);
  });
});

describe('SelectionPublisher', () => {
  const at = (range: string, sheet = 'Sheet1'): SharedSelection => ({ sheet, range });

  function started(initiallyVisible = true) {
    const timers = new FakeTimers();
    const sent: SharedSelection[] = [];
    const left = { count: 0 };
    const view = visibility(initiallyVisible);
    const publisher = new SelectionPublisher({
      publish: (selection) => sent.push(selection),
      leave: () => (left.count += 1),
      visibility: view.port,
      timers,
    });
    publisher.start();
    return { timers, sent, left, view, publisher };
  }

  it('publishes a burst of moves as its first and last, and an unchanged selection not again', () => {
    const { timers, sent, publisher } = started();
    for (const range of ['A1', 'A2', 'A3', 'A4']) publisher.select(at(range));
    timers.advance(PUBLISH_EVERY_MS);
    expect(sent).toEqual([at('A1'), at('A4')]);
    publisher.select(at('A4'));
    timers.advance(PUBLISH_EVERY_MS);
    expect(sent).toHaveLength(2);
    publisher.select(at('A4', 'Costs'));
    expect(sent.at(-1)).toEqual(at('A4', 'Costs'));
  });

  it('repeats a standing selection every 4 s, only while the tab is in view, and at once when it comes back', () => {
    const { timers, sent, view, publisher } = started();
    publisher.select(at('B2'));
    timers.advance(HEARTBEAT_MS * 2);
    expect(sent).toEqual([at('B2'), at('B2'), at('B2')]);
    view.set(false);
    publisher.select(at('C3'));
    timers.advance(HEARTBEAT_MS * 3);
    expect(sent).toHaveLength(3);
    view.set(true);
    expect(sent.at(-1)).toEqual(at('C3'));
    publisher.stop();
    timers.advance(HEARTBEAT_MS * 3);
    expect(sent).toHaveLength(4);
  });

  it('takes the selection down when the page goes, drops a move still waiting, and publishes again when back in view', () => {
    const { timers, sent, left, view, publisher } = started();
    publisher.leave();
    expect(left.count).toBe(0); // nothing was shown to take down
    publisher.select(at('A1'));
    publisher.select(at('A2'));
    view.set(false);
    publisher.leave();
    expect(left.count).toBe(1);
    timers.advance(PUBLISH_EVERY_MS);
    expect(sent).toEqual([at('A1')]); // A2 waited for the throttle and was dropped
    publisher.leave();
    expect(left.count).toBe(1);
    view.set(true);
    expect(sent.at(-1)).toEqual(at('A2'));
    publisher.stop();
    expect(left.count).toBe(2);
    timers.advance(HEARTBEAT_MS * 2);
    expect(sent).toHaveLength(2);
  });
});

describe('PeerSelections', () => {
  const presence = (peer: string, range: string) => ({
    peer,
    user: `${peer}@example.com`,
    sheet: 'Sheet1',
    range,
  });

  it('keeps the last selection of each peer, and drops a peer unheard for 8 s', () => {
    const peers = new PeerSelections();
    peers.hear(presence('ada', 'A1'), 0);
    peers.hear(presence('bob', 'B1'), 1_000);
    peers.hear(presence('ada', 'A2'), 4_000);
    expect(peers.peers.map((peer) => [peer.peer, peer.range])).toEqual([
      ['bob', 'B1'],
      ['ada', 'A2'],
    ]);
    expect(peers.expire(PEER_TTL_MS + 999)).toBe(false);
    expect(peers.expire(PEER_TTL_MS + 1_000)).toBe(true);
    expect(peers.peers.map((peer) => peer.peer)).toEqual(['ada']);
    expect(peers.expire(4_000 + PEER_TTL_MS)).toBe(true);
    expect(peers.peers).toEqual([]);
  });

  it('drops a peer whose page closed at once, and leaves the others', () => {
    const peers = new PeerSelections();
    peers.hear(presence('ada', 'A1'), 0);
    peers.hear(presence('bob', 'B1'), 0);
    expect(peers.leave('ada').map((peer) => peer.peer)).toEqual(['bob']);
    expect(peers.leave('cy').map((peer) => peer.peer)).toEqual(['bob']);
  });
});

describe('peerColour', () => {
  it('gives one identity the same colour every time, and different identities different ones', () => {
    expect(peerColour('ada@example.com')).toEqual(peerColour('ada@example.com'));
    const hues = new Set(
      ['ada', 'bob', 'cy', 'dee', 'eve', 'fay'].map(
        (name) => peerColour(`${name}@example.com`).line,
      ),
    );
    expect(hues.size).toBe(6);
  });

  it('leaves the blue of the page’s own selection to it', () => {
    for (let index = 0; index < 500; index += 1) {
      const hue = Number(/^hsl\((\d+) /.exec(peerColour(`user${index}`).line)![1]);
      expect(hue < 185 || hue >= 245).toBe(true);
    }
  });
});

describe('peerBoxes', () => {
  const layout = new ColumnLayout(new Array(30).fill(100), new RowLayout());
  const view = { col: 0, row: 0, width: 10, height: 20 };
  const peer = (name: string, range: string, sheet = 'Sheet1', heardAt = 0) => ({
    peer: name,
    user: `${name}@example.com`,
    sheet,
    range,
    heardAt,
  });

  it('draws only the peers on the sheet shown, each as one box over its cells', () => {
    const boxes = peerBoxes(
      [peer('ada', 'B2:C3'), peer('bob', 'A1', 'Costs')],
      'sheet1',
      layout,
      view,
    );
    expect(boxes).toHaveLength(1);
    const one = peerBoxes([peer('ada', 'B2')], 'Sheet1', layout, view)[0]!;
    expect(boxes[0]).toMatchObject({ peer: 'ada', user: 'ada@example.com', range: 'B2:C3' });
    expect(boxes[0]!.left).toBe(one.left);
    expect(boxes[0]!.top).toBe(one.top);
    expect(boxes[0]!.width).toBe(one.width * 2);
    expect(boxes[0]!.height).toBe(one.height * 2);
  });

  it('cuts a selection to the cells in view, and draws none out of view', () => {
    const whole = peerBoxes([peer('ada', 'A1:Z1000')], 'Sheet1', layout, view)[0]!;
    const cell = peerBoxes([peer('ada', 'A1')], 'Sheet1', layout, view)[0]!;
    expect(whole.width).toBe(cell.width * 11);
    expect(whole.height).toBe(cell.height * 21);
    expect(peerBoxes([peer('ada', 'A500')], 'Sheet1', layout, view)).toEqual([]);
  });

  it('stops painting once 600 cells are covered, the most recently heard first', () => {
    const wide = { col: 0, row: 0, width: 29, height: 40 };
    const peers = [peer('old', 'A1:B2'), peer('big', 'A1:T30'), peer('new', 'A1:C3')];
    const boxes = peerBoxes(peers, 'Sheet1', layout, wide);
    // 9 + 600 cells would pass the limit: the big one is left out, the small ones drawn.
    expect(boxes.map((box) => box.peer)).toEqual(['new', 'old']);
    expect(MAX_PAINTED_CELLS).toBe(600);
  });

  it('keeps frozen lines in view and ends a span reaching into scrolled-away lines at the last frozen one', () => {
    expect(visibleSpan(0, 5, 2, 10, 5)).toEqual([0, 1]);
    expect(visibleSpan(0, 12, 2, 10, 5)).toEqual([0, 12]);
    expect(visibleSpan(3, 8, 2, 10, 5)).toEqual(undefined);
    expect(visibleSpan(12, 40, 0, 10, 5)).toEqual([12, 15]);
  });
});

describe('CommitFeed', () => {
  it('hands presence and presence_left events on as messages, without touching the seq, and drops malformed ones', async () => {
    const messages: FeedMessage[] = [];
    const text = [
      'event: hello\ndata: {"seq":4}\n\n',
      'event: presence\ndata: {"peer":"p1","user":"ada@example.com","sheet":"Sheet1","range":"B2"}\n\n',
      'event: presence\ndata: {"peer":"p1"}\n\n',
      'event: presence\ndata: {"peer":"p2","user":"bob","sheet":"Sheet1","range":"C3"}\n\n',
      'event: presence_left\ndata: {}\n\n',
      'event: presence_left\ndata: {"peer":"p1"}\n\n',
    ].join('');
    const feed = new CommitFeed(
      {
        open: async () =>
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode(text)),
          }),
        onMessage: (message) => messages.push(message),
        onLive: () => undefined,
      },
      4,
    );
    feed.start();
    for (let tries = 0; messages.length < 3 && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    feed.stop();
    expect(messages).toEqual([
      {
        kind: 'presence',
        presence: { peer: 'p1', user: 'ada@example.com', sheet: 'Sheet1', range: 'B2' },
      },
      // One without all its fields is dropped.
      { kind: 'presence', presence: { peer: 'p2', user: 'bob', sheet: 'Sheet1', range: 'C3' } },
      // A departure without its peer is dropped too.
      { kind: 'presence_left', peer: 'p1' },
    ]);
    expect(feed.lastSeq).toBe(4);
  });
});
