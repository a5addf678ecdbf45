import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSharedPglite,
  openTestDatabase,
  sharedPglite,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
} from '../../test/support/test-database.js';
import { DatabasePresenceRelay, type RelayedPresence } from './presence-relay.js';

beforeAll(async () => {
  if (TEST_DATABASE_URL === undefined) await sharedPglite();
});
afterAll(closeSharedPglite);

const at = (peer: string, range: string): RelayedPresence => ({
  peer,
  user: `${peer}@example.com`,
  sheet: 'Sheet1',
  range,
});

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 250; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

describe(`DatabasePresenceRelay on ${TEST_DATABASE_KIND}`, () => {
  it("carries each peer's last selection of a turn to the other processes, not back to its own, and skips what is not its payload", async () => {
    const test = await openTestDatabase();
    const first = await DatabasePresenceRelay.open({ database: test.database });
    const other = test.reconnect();
    const second = await DatabasePresenceRelay.open({ database: other });
    try {
      const heardFirst: [string, RelayedPresence][] = [];
      const heardSecond: [string, RelayedPresence][] = [];
      first.follow((workbookId, presence) => heardFirst.push([workbookId, presence]));
      second.follow((workbookId, presence) => heardSecond.push([workbookId, presence]));

      first.publish('wb1', at('ada', 'A1'));
      first.publish('wb1', at('ada', 'A2'));
      first.publish('wb2', at('bob', 'B1'));
      await until(() => heardSecond.length >= 2);
      expect(heardSecond).toEqual([
        ['wb1', at('ada', 'A2')],
        ['wb2', at('bob', 'B1')],
      ]);

      await test.database.query(`SELECT pg_notify('gridbook_presence_' || current_schema(), 'x')`);
      second.publish('wb1', at('cy', 'C3'));
      await until(() => heardFirst.length >= 1);
      // Its own three came first on the channel and were dropped, as was the stranger's payload.
      expect(heardFirst).toEqual([['wb1', at('cy', 'C3')]]);

      // A departure replaces the peer's selection of the same turn and reaches the others.
      first.publish('wb1', at('ada', 'A3'));
      first.publish('wb1', { peer: 'ada', left: true });
      await until(() => heardSecond.length >= 3);
      expect(heardSecond[2]).toEqual(['wb1', { peer: 'ada', left: true }]);
    } finally {
      await second.close();
      await first.close();
      await test.drop();
    }
  });
});
