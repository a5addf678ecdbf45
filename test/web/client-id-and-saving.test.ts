// Issue 12: the page names itself with one id for the browser profile (so undo after a reload
// is still the user's own), and "All changes saved" means every write was answered.
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  CLIENT_HEADER,
  storedClientId,
  type KeyValueStorage,
} from '../../web/src/api/client.js';
import { ApiError, ConnectionLostError } from '../../web/src/api/errors.js';
import { isWorkbookWrite, WriteTracker, type WriteState } from '../../web/src/api/write-tracker.js';

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the client id', () => {
  it('is kept in storage: a second page load of the same profile gets the same id', () => {
    const storage = memoryStorage();
    const first = storedClientId(storage);
    expect(first).toMatch(/^web-[0-9a-f]{24}$/);
    expect(storedClientId(storage)).toBe(first);
  });

  it('replaces a stored value that is not a valid id', () => {
    const storage = memoryStorage();
    storage.setItem('gridbook.client-id', 'not valid!');
    const id = storedClientId(storage);
    expect(id).toMatch(/^web-/);
    expect(storage.items.get('gridbook.client-id')).toBe(id);
  });

  it('falls back to an id of its own when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(storedClientId(refusing)).toMatch(/^web-/);
  });

  it('goes with every request', async () => {
    const sent: Headers[] = [];
    const client = new ApiClient(
      async (_url, init) => {
        sent.push(new Headers(init?.headers));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
      '',
      'web-abc',
    );
    await client.post('/grid/cell', { cell: 'A1', value: '1' });
    await client.get('/grid');
    expect(sent.map((headers) => headers.get(CLIENT_HEADER))).toEqual(['web-abc', 'web-abc']);
  });
});

describe('the save state', () => {
  it('is "saving" while writes are in flight and "saved" once each is answered', async () => {
    const tracker = new WriteTracker();
    const seen: WriteState['kind'][] = [];
    tracker.onChange((state) => seen.push(state.kind));
    let answer: () => void = () => undefined;
    const write = tracker.track(new Promise<void>((resolve) => (answer = resolve)));
    expect(tracker.state).toEqual({ kind: 'saving', pending: 1 });
    answer();
    await write;
    expect(tracker.state).toEqual({ kind: 'saved' });
    expect(seen).toEqual(['saving', 'saved']);
  });

  it('stays "saving" while a change waits its turn behind an answered write', async () => {
    const tracker = new WriteTracker();
    const seen: WriteState['kind'][] = [];
    tracker.onChange((state) => seen.push(state.kind));
    let answerFirst: () => void = () => undefined;
    let answerSecond: () => void = () => undefined;
    const first = tracker.track(new Promise<void>((resolve) => (answerFirst = resolve)));
    // The second is shown in its cell at once and sent once the first is answered.
    const second = tracker.waitingTurn(
      first.then(() => tracker.track(new Promise<void>((resolve) => (answerSecond = resolve)))),
    );
    answerFirst();
    await first;
    await Promise.resolve();
    expect(tracker.state.kind).toBe('saving');
    answerSecond();
    await second;
    expect(tracker.state).toEqual({ kind: 'saved' });
    expect(seen.slice(0, -1)).not.toContain('saved');
  });

  it('is an error after a write the server never stored, until a later write is', async () => {
    const tracker = new WriteTracker();
    await expect(
      tracker.track(Promise.reject(new ApiError(503, 'down', 'down'))),
    ).rejects.toThrow();
    expect(tracker.state).toEqual({ kind: 'error', message: 'the server answered 503' });
    await tracker.track(Promise.resolve());
    expect(tracker.state).toEqual({ kind: 'saved' });
  });

  it('a refused write (4xx) stored nothing and lost nothing: still saved', async () => {
    const tracker = new WriteTracker();
    await expect(
      tracker.track(Promise.reject(new ApiError(400, 'locked', 'locked'))),
    ).rejects.toThrow();
    expect(tracker.state.kind).toBe('saved');
  });

  it('counts workbook writes only, not reads, dry runs, previews or the selection shown to others', async () => {
    expect(
      ['/grid/cell', '/system/import', '/workbook/undo', '/agent/chat/chain', '/agent/apply'].every(
        (path) => isWorkbookWrite('POST', path),
      ),
    ).toBe(true);
    expect(isWorkbookWrite('DELETE', '/system/charts/c1')).toBe(true);
    expect(
      [
        ['GET', '/grid'],
        ['POST', '/eval'],
        ['POST', '/agent/chat'],
        ['POST', '/settings/keys/save'],
        ['POST', '/presence'],
        ['DELETE', '/presence'],
      ].some(([method, path]) => isWorkbookWrite(method!, path!)),
    ).toBe(false);
    const client = new ApiClient(
      async () =>
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      '',
      'web-abc',
    );
    const kinds: string[] = [];
    client.writes.onChange((state) => kinds.push(state.kind));
    await client.get('/grid');
    await client.post('/eval', { formulas: [] });
    expect(kinds).toEqual([]);
    await client.post('/grid/cell', { cell: 'A1', value: '1' });
    expect(kinds).toEqual(['saving', 'saved']);
  });
});

describe('[FIRST-HOUR] a lost connection reads as one plain sentence', () => {
  it('says the server did not answer, without request paths or a doubled "the server"', async () => {
    const client = new ApiClient(
      async () => {
        throw new TypeError('fetch failed');
      },
      '',
      'web-abc',
    );
    const failure = await client
      .post('/grid/cell', { cell: 'A1', value: '1' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionLostError);
    expect((failure as ConnectionLostError).message).toBe(
      'Connection lost — the server did not answer. Retrying in the background; try again in a moment.',
    );
    expect((failure as ConnectionLostError).path).toBe('/grid/cell');
  });
});
