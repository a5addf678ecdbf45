import { describe, expect, it } from 'vitest';
import type { ListenHandlers } from './db/index.js';
import { openTestDatabase, useTestDatabaseForFile } from '../../test/support/test-database.js';
import { DatabaseCommitFollower } from './commit-follower.js';
import type { Relay } from './relay.js';

useTestDatabaseForFile();

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 250; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

/** A relay that refuses to send while `down`, recording what it sent and how often it was asked. */
function flakyRelay() {
  const state = {
    down: true,
    attempts: 0,
    sent: [] as string[][],
    handlers: undefined as ListenHandlers | undefined,
  };
  const relay: Relay = {
    send: async (_channel, messages) => {
      state.attempts += 1;
      if (state.down) throw new Error('Redis is down');
      state.sent.push([...messages]);
    },
    listen: async (_channel, handlers) => {
      state.handlers = handlers;
      handlers.connected();
      return async () => undefined;
    },
  };
  return { relay, state };
}

describe('DatabaseCommitFollower over a relay that fails to send', () => {
  it('keeps the heads it could not announce, reports the outage once, and sends them (highest seq per workbook) with the next announcement or when the relay is back', async () => {
    const test = await openTestDatabase({ migrated: false });
    const { relay, state } = flakyRelay();
    const reports: string[] = [];
    const follower = await DatabaseCommitFollower.open({
      database: test.database,
      relay,
      report: (problem) => reports.push(problem),
    });
    try {
      follower.announce('wb1', 1);
      follower.announce('wb1', 2);
      await until(() => state.attempts === 1);
      follower.announce('wb2', 5);
      await until(() => state.attempts === 2);
      expect(reports).toEqual(['telling other processes of commits failed (sent again later)']);

      state.down = false;
      state.handlers!.disconnected();
      state.handlers!.connected();
      await until(() => state.sent.length === 1);
      expect(state.sent[0]).toEqual(['2:wb1', '5:wb2']);

      // Sent once: the next announcement carries only itself.
      follower.announce('wb1', 3);
      await until(() => state.sent.length === 2);
      expect(state.sent[1]).toEqual(['3:wb1']);

      // A later failure is reported again, and a later announcement (not only a reconnection)
      // takes the lost one along.
      state.down = true;
      follower.announce('wb3', 1);
      await until(() => state.attempts === 5);
      state.down = false;
      follower.announce('wb1', 4);
      await until(() => state.sent.length === 3);
      expect(state.sent[2]).toEqual(['1:wb3', '4:wb1']);
      expect(reports).toHaveLength(2);
    } finally {
      await follower.close();
      await test.drop();
    }
  });
});
