import { describe, expect, it } from 'vitest';
import { parseRange } from '../address/index.js';
import { moveBlockFormula, type BlockMove } from './move-block.js';

const move: BlockMove = { sheet: 'Sheet1', block: parseRange('A1:B4'), rows: 0, cols: 2 };

describe('[APPLY-COLLISION] moveBlockFormula', () => {
  it('moves references into the block with it', () => {
    expect(moveBlockFormula('=SUM(B2:B3)', move)).toBe('=SUM(D2:D3)');
  });

  it('keeps references to cells outside the block', () => {
    expect(moveBlockFormula('=B2*$Z$1+H9', move)).toBe('=D2*$Z$1+H9');
  });

  it('keeps $ markers while moving, and moves a range whose first cell is in the block', () => {
    expect(moveBlockFormula('=$B$2+SUM(B2:B100)', move)).toBe('=$D$2+SUM(D2:D100)');
  });

  it('moves qualified references to the same sheet only', () => {
    expect(moveBlockFormula('=Sheet1!A1+Other!A1', move)).toBe('=Sheet1!C1+Other!A1');
  });

  it('leaves string literals alone', () => {
    expect(moveBlockFormula('=IF(A1="B2", B2, 0)', move)).toBe('=IF(C1="B2", D2, 0)');
  });
});
