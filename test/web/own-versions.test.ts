// The versions a page's own writes left (docs/ui-rules.md EDIT-09): remembered for the cells it
// wrote last, within a bound, so a page open all day does not grow without end.
import { describe, expect, it } from 'vitest';
import { Session } from '../../web/src/app/session.js';

describe('[EDIT-09] own-write versions', () => {
  it('remembers the last version of each cell the page wrote, and forgets the oldest past 10,000 cells', () => {
    const session = new Session(() => Promise.reject(new Error('no network in this test')));
    session.noteOwnVersion('Sheet1', 'A1', 1);
    session.noteOwnVersion('Sheet1', 'A1', 2);
    expect(session.ownVersion('Sheet1', 'A1')).toBe(2);
    expect(session.isOwnVersion('Sheet1', 'A1', 1)).toBe(false);
    for (let row = 1; row <= 10_000; row += 1) session.noteOwnVersion('Sheet1', `B${row}`, row);
    // A1 was written before the 10,000 B cells: the oldest, forgotten.
    expect(session.ownVersion('Sheet1', 'A1')).toBeUndefined();
    expect(session.ownVersion('Sheet1', 'B1')).toBe(1);
    // Writing B1 again makes it the newest: the next cell past the bound forgets B2, not B1.
    session.noteOwnVersion('Sheet1', 'B1', 7);
    session.noteOwnVersion('Sheet1', 'C1', 1);
    expect(session.ownVersion('Sheet1', 'B1')).toBe(7);
    expect(session.ownVersion('Sheet1', 'B2')).toBeUndefined();
    expect(session.ownVersion('Sheet1', 'C1')).toBe(1);
  });
});
