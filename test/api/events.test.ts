// GET /events, the commit stream, over a real socket: every durable commit once, in seq order,
// with the cells whose values changed (dependents included); a reconnect with Last-Event-ID gets
// what it missed; a start the server can no longer replay says `reset`; closing the server ends
// the streams instead of waiting for them.
import { afterEach, describe, expect, it } from 'vitest';
import { EventReader } from '../support/event-reader.js';
import { startApp, type RunningApp } from '../support/start-app.js';
import { MAX_STREAMS_PER_CALLER } from '../../src/http/routes/events.js';

const follow = (running: RunningApp, query = '', headers: Record<string, string> = {}) =>
  EventReader.open(`${running.url}/events${query}`, headers);

let running: RunningApp | undefined;
const readers: EventReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await running?.close();
  running = undefined;
});

async function opened(query = '', headers: Record<string, string> = {}) {
  running ??= await startApp();
  const reader = await follow(running, query, headers);
  readers.push(reader);
  return reader;
}

describe('GET /events', () => {
  it('sends hello with the current seq, then each commit once, in order, with the cells it changed and their dependents', async () => {
    const reader = await opened();
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [hello] = await reader.next();
    expect(hello).toEqual({ event: 'hello', id: undefined, data: { seq: 0 } });

    const http = running!.http;
    expect((await http.post('/grid/cell', { cell: 'A1', value: '2' })).status).toBe(200);
    expect((await http.post('/grid/cell', { cell: 'B1', value: '=A1*10' })).status).toBe(200);
    expect((await http.post('/grid/cell', { cell: 'A1', value: '3' })).status).toBe(200);

    const commits = await reader.next(3);
    expect(commits.map((event) => [event.event, event.id, event.data.seq])).toEqual([
      ['commit', '1', 1],
      ['commit', '2', 2],
      ['commit', '3', 3],
    ]);
    expect(commits[0]!.data).toMatchObject({
      kind: 'change',
      cells: [{ sheet: 'Sheet1', cells: [{ cell: 'A1', value: 2 }] }],
      cells_truncated: false,
      changed_sheets: ['Sheet1'],
      sheets: false,
      workbook_replaced: false,
    });
    // The write of A1 recomputed B1: the event carries both new values.
    expect(commits[2]!.data.cells[0].cells).toEqual(
      expect.arrayContaining([
        { cell: 'A1', value: 3 },
        { cell: 'B1', value: 30 },
      ]),
    );
    expect(reader.pending).toEqual([]);
  });

  it('a reconnect with Last-Event-ID gets the commits after it, then live ones', async () => {
    running = await startApp();
    for (const value of ['1', '2', '3'])
      await running.http.post('/grid/cell', { cell: 'A1', value });
    const reader = await opened('', { 'last-event-id': '1' });
    const events = await reader.next(3);
    expect(events.map((event) => [event.event, event.data.seq])).toEqual([
      ['hello', 3],
      ['commit', 2],
      ['commit', 3],
    ]);
    await running.http.post('/workbook/sheet', { name: 'Later' });
    const [added] = await reader.next();
    expect(added!.data).toMatchObject({ seq: 4, sheets: true });
  });

  it('from_seq replays like Last-Event-ID, and a seq the server never reached answers reset', async () => {
    running = await startApp();
    await running.http.post('/grid/cell', { cell: 'A1', value: '1' });
    await running.http.post('/grid/cell', { cell: 'A2', value: '2' });
    const replay = await opened('?from_seq=1');
    expect((await replay.next(2)).map((event) => [event.event, event.data.seq])).toEqual([
      ['hello', 2],
      ['commit', 2],
    ]);
    // A client that knew another copy of the workbook (a restart from an older checkpoint).
    const ahead = await opened('', { 'last-event-id': '99' });
    expect((await ahead.next(2)).map((event) => [event.event, event.data])).toEqual([
      ['hello', { seq: 2 }],
      ['reset', { seq: 2 }],
    ]);
    await running.http.post('/grid/cell', { cell: 'A3', value: '3' });
    expect((await ahead.next())[0]!.data.seq).toBe(3);
  });

  it('a commit writing more cells than an event lists says cells_truncated and names the sheet', async () => {
    const reader = await opened();
    await reader.next();
    const values = Array.from({ length: 1_001 }, (_, index) => [index]);
    const write = await running!.http.post('/grid/range', {
      target_cell: 'A1',
      values,
    });
    expect(write.status).toBe(200);
    const [commit] = await reader.next();
    expect(commit!.data).toMatchObject({
      cells: [],
      cells_truncated: true,
      changed_sheets: ['Sheet1'],
    });
  });

  it('names the client that made each commit, and a formula change that keeps its value still names the sheet', async () => {
    const reader = await opened();
    await reader.next();
    const url = running!.url;
    const post = (body: unknown) =>
      fetch(`${url}/grid/cell`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gridbook-client': 'tab-1' },
        body: JSON.stringify(body),
      });
    await post({ cell: 'C3', value: '2' });
    await post({ cell: 'C3', value: '=1+1' });
    const [first, second] = await reader.next(2);
    expect(first!.data.client).toBe('tab-1');
    expect(second!.data).toMatchObject({ client: 'tab-1', changed_sheets: ['Sheet1'] });
  });

  it('GET /grid and GET /api/workbook name in X-Gridbook-Seq the last commit they include, so following from it misses nothing', async () => {
    running = await startApp();
    await running.http.post('/grid/cell', { cell: 'A1', value: '1' });
    await running.http.post('/grid/cell', { cell: 'A2', value: '2' });
    const grid = await fetch(`${running.url}/grid?range=A1:B2`);
    const workbook = await fetch(`${running.url}/api/workbook`);
    expect(grid.headers.get('x-gridbook-seq')).toBe('2');
    expect(workbook.headers.get('x-gridbook-seq')).toBe('2');
    const reader = await opened('?from_seq=2');
    await running.http.post('/grid/cell', { cell: 'A3', value: '3' });
    const events = await reader.next(2);
    expect(events.map((event) => [event.event, event.data.seq])).toEqual([
      ['hello', 2],
      ['commit', 3],
    ]);
  });

  it('refuses a Last-Event-ID or a from_seq that is not a seq, naming it', async () => {
    running = await startApp();
    const header = await fetch(`${running.url}/events`, {
      headers: { 'last-event-id': 'yesterday' },
    });
    expect(header.status).toBe(400);
    expect(((await header.json()) as { detail: string }).detail).toMatch(/Last-Event-ID/);
    const query = await running.http.get('/events', { from_seq: '-1' });
    expect(query.status).toBeGreaterThanOrEqual(400);
    expect(query.status).toBeLessThan(500);
    expect(query.body.detail).toMatch(/from_seq/);
  });

  it(`one caller holds at most ${MAX_STREAMS_PER_CALLER} streams at once: the next is refused with 429, and closing one makes room`, async () => {
    running = await startApp();
    const held: EventReader[] = [];
    for (let index = 0; index < MAX_STREAMS_PER_CALLER; index += 1) {
      const reader = await opened();
      await reader.next();
      held.push(reader);
    }
    const refused = await fetch(`${running.url}/events`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /Too many open event streams/,
    );
    held[0]!.close();
    // The server hears of the close a moment later: bounded retries until the slot is free.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      const again = await opened();
      status = again.response.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const reader = await opened();
    await reader.next();
    const closing = running!.close();
    running = undefined;
    expect(await reader.ended()).toBe(true);
    await closing;
  });
});
