import { describe, expect, it } from 'vitest';
import {
  PresenceBoard,
  type PeerPresence,
  type PresenceNews,
  type PresenceRelay,
} from './presence-board.js';

const at = (peer: string, range = 'A1', sheet = 'Sheet1'): PeerPresence => ({
  peer,
  user: `${peer}@example.com`,
  sheet,
  range,
});

function boardAt(start = 0, options: { maxPeers?: number; relay?: PresenceRelay } = {}) {
  const clock = { now: start };
  const board = new PresenceBoard({ now: () => clock.now, ttlMs: 8_000, ...options });
  return { board, clock };
}

describe('PresenceBoard', () => {
  it("tells a workbook's listeners of each publication on it, and no other workbook's", () => {
    const { board } = boardAt();
    const heard: PresenceNews[] = [];
    const other: PresenceNews[] = [];
    board.follow('wb1', (presence) => heard.push(presence));
    board.follow('wb2', (presence) => other.push(presence));
    board.publish('wb1', at('ada', 'B2:C3'));
    expect(heard).toEqual([at('ada', 'B2:C3')]);
    expect(other).toEqual([]);
  });

  it('keeps the last selection of each peer for a newcomer, until it is 8 s old', () => {
    const { board, clock } = boardAt();
    board.publish('wb1', at('ada', 'A1'));
    board.publish('wb1', at('bob', 'B1'));
    clock.now = 3_000;
    board.publish('wb1', at('ada', 'A2'));
    expect(board.present('wb1')).toEqual([at('bob', 'B1'), at('ada', 'A2')]);
    clock.now = 8_000;
    expect(board.present('wb1')).toEqual([at('ada', 'A2')]);
    clock.now = 11_000;
    expect(board.present('wb1')).toEqual([]);
    expect(board.size).toBe(0);
  });

  it('holds at most maxPeers per workbook: the peer heard least recently gives way', () => {
    const { board } = boardAt(0, { maxPeers: 2 });
    board.publish('wb1', at('ada'));
    board.publish('wb1', at('bob'));
    board.publish('wb1', at('ada', 'C3'));
    board.publish('wb1', at('cy'));
    expect(board.present('wb1').map((presence) => presence.peer)).toEqual(['ada', 'cy']);
  });

  it('forgets workbooks nobody follows or publishes to once their publications expire', () => {
    const { board, clock } = boardAt();
    for (let index = 0; index < 50; index += 1) board.publish(`wb${index}`, at('ada'));
    expect(board.size).toBe(50);
    clock.now = 9_000;
    board.publish('fresh', at('bob'));
    expect(board.size).toBe(1);
  });

  it('stops telling a listener once it stops following', () => {
    const { board } = boardAt();
    const heard: PresenceNews[] = [];
    const stop = board.follow('wb1', (presence) => heard.push(presence));
    stop();
    board.publish('wb1', at('ada'));
    expect(heard).toEqual([]);
  });

  it("relays its own publications and tells its listeners of the relay's, without relaying them back", () => {
    const sent: [string, PresenceNews][] = [];
    let hear: ((workbookId: string, news: PresenceNews) => void) | undefined;
    const relay: PresenceRelay = {
      publish: (workbookId, presence) => sent.push([workbookId, presence]),
      follow: (heard) => (hear = heard),
    };
    const { board } = boardAt(0, { relay });
    const heard: PresenceNews[] = [];
    board.follow('wb1', (presence) => heard.push(presence));
    board.publish('wb1', at('ada'));
    hear!('wb1', at('bob'));
    expect(sent).toEqual([['wb1', at('ada')]]);
    expect(heard).toEqual([at('ada'), at('bob')]);
    expect(board.present('wb1').map((presence) => presence.peer)).toEqual(['ada', 'bob']);
  });

  it("takes a peer's selection down when it leaves, tells the listeners once, and relays it", () => {
    const sent: [string, PresenceNews][] = [];
    let hear: ((workbookId: string, news: PresenceNews) => void) | undefined;
    const relay: PresenceRelay = {
      publish: (workbookId, news) => sent.push([workbookId, news]),
      follow: (heard) => (hear = heard),
    };
    const { board } = boardAt(0, { relay });
    const heard: PresenceNews[] = [];
    board.follow('wb1', (news) => heard.push(news));
    board.publish('wb1', at('ada'));
    board.publish('wb1', at('bob'));
    board.leave('wb1', 'ada');
    board.leave('wb1', 'ada');
    expect(board.present('wb1')).toEqual([at('bob')]);
    expect(heard).toEqual([at('ada'), at('bob'), { peer: 'ada', left: true }]);
    // Both departures are relayed (another process may hold a selection this one lost).
    expect(sent.slice(2)).toEqual([
      ['wb1', { peer: 'ada', left: true }],
      ['wb1', { peer: 'ada', left: true }],
    ]);
    // A departure another process relays takes the selection down here too, and only once.
    hear!('wb1', { peer: 'bob', left: true });
    hear!('wb1', { peer: 'bob', left: true });
    expect(board.present('wb1')).toEqual([]);
    expect(heard.slice(3)).toEqual([{ peer: 'bob', left: true }]);
    expect(sent).toHaveLength(4);
  });

  it('forgets a workbook whose last peer left and that nobody follows', () => {
    const { board } = boardAt();
    board.publish('wb1', at('ada'));
    board.leave('wb1', 'ada');
    board.leave('wb2', 'ada');
    expect(board.size).toBe(0);
  });
});
