// A large paste's chunks (docs/ui-rules.md PERF-10): the next chunk is sent while the server
// applies the current one, and the commits counted for the paste's undo step match what the server
// wrote.
import { describe, expect, it } from 'vitest';
import { writeRangeChunks, type BlockChunk } from '../../web/src/app/cell-writes.js';
import type { Session } from '../../web/src/app/session.js';

interface Pending {
  readonly target: string;
  readonly settle: (ok: boolean) => void;
}

/** A session whose range writes wait until the test answers them, in any order. */
function sessionWithManualServer() {
  const pending: Pending[] = [];
  const sent: string[] = [];
  const commits: string[] = [];
  const errors: string[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  const session = {
    requireOnline: () => undefined,
    queueWrite: <T>(work: () => Promise<T>): Promise<T> => {
      const next = chain.then(work);
      chain = next.catch(() => undefined);
      return next;
    },
    store: { cell: () => undefined, patch: () => undefined, invalidate: () => undefined },
    grid: {
      writeRange: (body: { target_cell: string }) =>
        new Promise((resolve, reject) => {
          sent.push(body.target_cell);
          pending.push({
            target: body.target_cell,
            settle: (ok) =>
              ok
                ? resolve({ status: 'Success' })
                : reject(new Error(`${body.target_cell} refused`)),
          });
        }),
    },
    noteCommit: (sheet: string) => commits.push(sheet),
    reportError: (action: string, error: unknown) =>
      errors.push(`${action}: ${(error as Error).message}`),
  } as unknown as Session;
  const answer = async (target: string, ok: boolean): Promise<void> => {
    for (let tick = 0; tick < 20 && !pending.some((entry) => entry.target === target); tick += 1)
      await Promise.resolve();
    const index = pending.findIndex((entry) => entry.target === target);
    if (index === -1) throw new Error(`${target} was never sent`);
    pending.splice(index, 1)[0]!.settle(ok);
  };
  return { session, sent, commits, errors, answer };
}

const chunks: BlockChunk[] = [1, 3, 5].map((row) => ({
  anchor: { col: 0, row: row - 1 },
  values: [['x'], ['y']],
}));

describe('chunked paste writes', () => {
  it('[CLIP-02] sends the next chunk before the current one is answered, and commits each in order', async () => {
    const server = sessionWithManualServer();
    const progress: number[] = [];
    const done = writeRangeChunks(server.session, 'Sheet1', chunks, (committed) =>
      progress.push(committed),
    );
    await server.answer('A3', true);
    expect(server.sent).toEqual(['A1', 'A3']);
    expect(progress).toEqual([]);
    await server.answer('A1', true);
    await server.answer('A5', true);
    await expect(done).resolves.toBe(3);
    expect(server.sent).toEqual(['A1', 'A3', 'A5']);
    expect(progress).toEqual([1, 2, 3]);
    expect(server.commits).toHaveLength(3);
    expect(server.errors).toEqual([]);
  });

  it('a refused chunk stops the paste, but a chunk already written after it still counts toward the undo step', async () => {
    const server = sessionWithManualServer();
    const done = writeRangeChunks(server.session, 'Sheet1', chunks, () => undefined);
    await server.answer('A1', false);
    await server.answer('A3', true);
    await expect(done).resolves.toBe(1);
    expect(server.sent).toEqual(['A1', 'A3']);
    expect(server.errors).toEqual(['Paste failed: A1 refused']);
  });
});
