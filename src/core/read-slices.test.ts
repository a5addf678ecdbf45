import { describe, expect, it } from 'vitest';
import {
  READ_ATTEMPTS,
  SLICE_MS,
  readConsistently,
  ReadInterruptedError,
  type SliceClock,
} from './read-slices.js';

/** A clock that advances only when told, and a turn that runs `meanwhile` (a commit landing). */
function fakeClock(meanwhile: () => void = () => undefined) {
  let time = 0;
  let turns = 0;
  const clock: SliceClock = {
    now: () => time,
    turn: async () => {
      turns += 1;
      meanwhile();
    },
  };
  return {
    clock,
    advance: (ms: number) => {
      time += ms;
    },
    turns: () => turns,
  };
}

describe('readConsistently', () => {
  it('lets the event loop turn only once a slice has run its time', async () => {
    const state = { generation: 0 };
    const { clock, advance, turns } = fakeClock();
    const answer = await readConsistently(state, clock, async (slices) => {
      await slices.pause();
      expect(turns()).toBe(0);
      advance(SLICE_MS);
      await slices.pause();
      expect(turns()).toBe(1);
      await slices.pause();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(turns()).toBe(1);
  });

  it('starts the read again when a commit lands between two slices, and answers from the new state', async () => {
    const state = { generation: 0 };
    let commits = 1;
    const { clock, advance } = fakeClock(() => {
      if (commits > 0) {
        commits -= 1;
        state.generation += 1;
      }
    });
    const seen: number[] = [];
    const answer = await readConsistently(state, clock, async (slices) => {
      seen.push(state.generation);
      advance(SLICE_MS);
      await slices.pause();
      return state.generation;
    });
    expect(seen).toEqual([0, 1]);
    expect(answer).toBe(1);
  });

  it('gives up with ReadInterruptedError when commits land under every attempt', async () => {
    const state = { generation: 0 };
    const { clock, advance } = fakeClock(() => {
      state.generation += 1;
    });
    let attempts = 0;
    const read = readConsistently(state, clock, async (slices) => {
      attempts += 1;
      advance(SLICE_MS);
      await slices.pause();
      return 'never';
    });
    await expect(read).rejects.toBeInstanceOf(ReadInterruptedError);
    expect(attempts).toBe(READ_ATTEMPTS);
  });

  it('passes on what the read itself throws, without retrying', async () => {
    const { clock } = fakeClock();
    let attempts = 0;
    const read = readConsistently({ generation: 0 }, clock, () => {
      attempts += 1;
      throw new RangeError('bad');
    });
    await expect(read).rejects.toBeInstanceOf(RangeError);
    expect(attempts).toBe(1);
  });
});

describe('readConsistently with lastAttemptWhole', () => {
  it('answers from its last attempt, made without a turn, when commits land under every sliced one', async () => {
    const state = { generation: 0 };
    const { clock, advance, turns } = fakeClock(() => {
      state.generation += 1;
    });
    const wholeAttempts: boolean[] = [];
    const answer = await readConsistently(
      state,
      clock,
      async (slices) => {
        const turnsBefore = turns();
        for (let slice = 0; slice < 3; slice += 1) {
          advance(SLICE_MS);
          await slices.pause();
        }
        wholeAttempts.push(turns() === turnsBefore);
        return state.generation;
      },
      { lastAttemptWhole: true },
    );
    expect(wholeAttempts).toEqual([true]);
    expect(answer).toBe(READ_ATTEMPTS - 1);
    expect(turns()).toBe(READ_ATTEMPTS - 1);
  });

  it('still refuses to mix states: a commit seen between two of its steps interrupts it', async () => {
    const state = { generation: 0 };
    const { clock, advance } = fakeClock(() => {
      state.generation += 1;
    });
    let attempts = 0;
    const read = readConsistently(
      state,
      clock,
      async (slices) => {
        attempts += 1;
        advance(SLICE_MS);
        await slices.pause();
        if (attempts === READ_ATTEMPTS) state.generation += 1;
        await slices.pause();
        return 'mixed';
      },
      { lastAttemptWhole: true },
    );
    await expect(read).rejects.toBeInstanceOf(ReadInterruptedError);
    expect(attempts).toBe(READ_ATTEMPTS);
  });
});
