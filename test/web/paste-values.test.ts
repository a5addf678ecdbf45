// Paste values only (docs/ui-rules.md CLIP-06): what each copied cell's computed value is written
// as, and the block a paste of values writes (web/src/grid/paste-values.ts).
import { describe, expect, it } from 'vitest';
import { fillSelection, outsideTextValues, pastedValue } from '../../web/src/grid/paste-values.js';

describe('paste values only', () => {
  it('[CLIP-06] writes numbers and logicals as themselves, text as text, errors as error constants', () => {
    expect(pastedValue(4, null)).toBe(4);
    expect(pastedValue(false, null)).toBe(false);
    // Text that would read as a number, a logical, a date or a formula stays that text.
    expect(pastedValue('00123', null)).toBe("'00123");
    expect(pastedValue('TRUE', null)).toBe("'TRUE");
    expect(pastedValue('=A1', null)).toBe("'=A1");
    expect(pastedValue('abc', null)).toBe("'abc");
    expect(pastedValue(null, '#DIV/0!')).toBe('#DIV/0!');
    expect(pastedValue(null, '#N/A')).toBe('#N/A');
    expect(pastedValue(null, '#REF! (Invalid A1 notation)')).toBe('#REF!');
    // Gridbook's own sentinels have no constant: the text shown.
    expect(pastedValue(null, '#CIRCULAR!')).toBe("'#CIRCULAR!");
    expect(pastedValue(null, null)).toBe('');
    expect(pastedValue('', null)).toBe('');
  });

  it('[CLIP-06] one value fills a larger selection; a block lands as it is', () => {
    expect(fillSelection([[4]], { col: 3, row: 0, width: 2, height: 2 })).toEqual([
      [4, 4],
      [4, 4],
    ]);
    expect(fillSelection([[4, "'x"]], { col: 3, row: 0, width: 1, height: 1 })).toEqual([
      [4, "'x"],
    ]);
  });

  it('[CLIP-06] text from elsewhere is written as it reads, a formula in it as text', () => {
    expect(
      outsideTextValues([
        ['=A1', '5'],
        ['hi', ' =x'],
      ]),
    ).toEqual([
      ["'=A1", '5'],
      ['hi', ' =x'],
    ]);
  });
});
