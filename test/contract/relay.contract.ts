// The Relay contract (saas's port for waking other server processes up): every implementation
// (Postgres NOTIFY, Redis pub/sub) runs these cases. `open()` gives two relays as two processes
// would hold them (connections of their own to one database or one Redis) and the cleanup.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Relay } from '../../src/saas/index.js';

export interface RelayPair {
  readonly first: Relay;
  readonly second: Relay;
  cleanup(): Promise<void>;
}

interface Heard {
  readonly messages: string[];
  connected: number;
}

/** Listens on `channel`, collecting what is heard. */
async function hear(relay: Relay, channel: string): Promise<Heard & { stop(): Promise<void> }> {
  const heard: Heard = { messages: [], connected: 0 };
  const stop = await relay.listen(channel, {
    notify: (message) => heard.messages.push(message),
    connected: () => (heard.connected += 1),
    disconnected: () => undefined,
  });
  return Object.assign(heard, { stop });
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 250; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

/** Long enough for a message in flight to arrive (what must not arrive is checked after it). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));

/** `skipReason`: the contract is skipped, its title saying why (no server to run against). */
export function relayContract(
  name: string,
  open: () => Promise<RelayPair>,
  skipReason?: string,
): void {
  const title = `Relay contract: ${name}${skipReason === undefined ? '' : ` (${skipReason})`}`;
  describe.skipIf(skipReason !== undefined)(title, () => {
    let pair: RelayPair;
    // Channels of this test alone (NOTIFY's identifiers stay under 63 bytes).
    const channel = (topic: string): string => `gbtest_${topic}_${randomBytes(4).toString('hex')}`;

    beforeEach(async () => {
      pair = await open();
    });
    afterEach(async () => {
      await pair.cleanup();
    });

    it("delivers one process's messages to a listener in the other, in order, once it says it is connected", async () => {
      const commits = channel('commits');
      const other = await hear(pair.second, commits);
      expect(other.connected).toBe(1);
      await pair.first.send(commits, ['1:wb1', '2:wb1', '1:wb2']);
      await pair.first.send(commits, ['3:wb1']);
      await until(() => other.messages.length >= 4);
      expect(other.messages).toEqual(['1:wb1', '2:wb1', '1:wb2', '3:wb1']);
    });

    it("hears the sender's own messages too, and only those of its channel", async () => {
      const mine = channel('commits');
      const theirs = channel('presence');
      const own = await hear(pair.first, mine);
      await pair.first.send(theirs, ['not for this channel']);
      await pair.first.send(mine, ['7:wb1']);
      await until(() => own.messages.length >= 1);
      await settle();
      expect(own.messages).toEqual(['7:wb1']);
    });

    it('a stopped listener hears nothing more; another on the same channel still does', async () => {
      const commits = channel('commits');
      const stopped = await hear(pair.second, commits);
      const still = await hear(pair.second, commits);
      await pair.first.send(commits, ['1:wb1']);
      await until(() => stopped.messages.length === 1 && still.messages.length === 1);
      await stopped.stop();
      await pair.first.send(commits, ['2:wb1']);
      await until(() => still.messages.length === 2);
      await settle();
      expect(stopped.messages).toEqual(['1:wb1']);
      expect(still.messages).toEqual(['1:wb1', '2:wb1']);
    });
  });
}
