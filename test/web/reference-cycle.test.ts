// F4 cycling the reference at the caret (web/src/grid/reference-cycle.ts, docs/ui-rules.md EDIT-13).
import { describe, expect, it } from 'vitest';
import { cycleReferenceAt } from '../../web/src/grid/reference-cycle.js';

/** The texts F4 gives pressed `times` times with the caret at `caret` (following it after each). */
function presses(text: string, caret: number, times: number): string[] {
  const seen: string[] = [];
  let current = { text, caret };
  for (let press = 0; press < times; press += 1) {
    const next = cycleReferenceAt(current.text, current.caret);
    if (next === undefined) break;
    seen.push(next.text);
    current = next;
  }
  return seen;
}

describe('F4 reference cycling', () => {
  it('[EDIT-13] cycles a cell reference A1 → $A$1 → A$1 → $A1 → A1, the caret after it', () => {
    expect(presses('=A1', 3, 4)).toEqual(['=$A$1', '=A$1', '=$A1', '=A1']);
    expect(cycleReferenceAt('=A1+1', 3)).toEqual({ text: '=$A$1+1', caret: 5, from: 1, to: 5 });
  });

  it('[EDIT-13] finds the reference with the caret before, inside or just after it', () => {
    expect(cycleReferenceAt('=B7*C2', 1)?.text).toBe('=$B$7*C2');
    expect(cycleReferenceAt('=B7*C2', 2)?.text).toBe('=$B$7*C2');
    expect(cycleReferenceAt('=B7*C2', 3)?.text).toBe('=$B$7*C2');
    expect(cycleReferenceAt('=B7*C2', 4)?.text).toBe('=B7*$C$2');
    expect(cycleReferenceAt('=B7*C2', 6)).toMatchObject({ text: '=B7*$C$2', caret: 8 });
  });

  it('[EDIT-13] cycles both ends of a range, from the form of its first end', () => {
    expect(presses('=SUM(A1:B3)', 8, 4)).toEqual([
      '=SUM($A$1:$B$3)',
      '=SUM(A$1:B$3)',
      '=SUM($A1:$B3)',
      '=SUM(A1:B3)',
    ]);
    expect(cycleReferenceAt('=SUM($A$1:B3)', 6)?.text).toBe('=SUM(A$1:B$3)');
    expect(cycleReferenceAt('=SUM(A1:B3)', 5)).toMatchObject({ caret: 14 });
  });

  it('[EDIT-13] keeps a sheet prefix, quoted or not, and cycles the reference after it', () => {
    expect(presses('=Data!C4', 8, 2)).toEqual(['=Data!$C$4', '=Data!C$4']);
    expect(cycleReferenceAt("='My data'!C4:D5", 2)).toEqual({
      text: "='My data'!$C$4:$D$5",
      caret: 20,
      from: 11,
      to: 20,
    });
  });

  it('[EDIT-13] toggles the $ of whole columns and rows', () => {
    expect(presses('=SUM(A:C)', 7, 2)).toEqual(['=SUM($A:$C)', '=SUM(A:C)']);
    expect(cycleReferenceAt('=SUM(2:5)', 8)?.text).toBe('=SUM($2:$5)');
  });

  it('[EDIT-13] leaves text alone where there is no reference: not a formula, a function name, a string', () => {
    expect(cycleReferenceAt('A1', 2)).toBeUndefined();
    expect(cycleReferenceAt('=SUM(A1)', 3)).toBeUndefined();
    expect(cycleReferenceAt('="A1"', 3)).toBeUndefined();
    expect(cycleReferenceAt('=1+2', 2)).toBeUndefined();
    expect(cycleReferenceAt('=', 1)).toBeUndefined();
  });

  it('[EDIT-13] keeps the letters as they were typed', () => {
    expect(cycleReferenceAt('=b2', 3)?.text).toBe('=$b$2');
  });
});
