import { describe, expect, it } from 'vitest';
import { structureKeyChange } from '../../web/src/grid/structure-keys.js';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: true,
  metaKey: false,
  altKey: false,
  ...extra,
});
const rows2to3 = { col: 0, row: 1, width: 16_384, height: 2 };
const columnC = { col: 2, row: 0, width: 1, height: 1_048_576 };

describe('structureKeyChange', () => {
  it('Ctrl+- deletes the whole rows selected, Ctrl++ inserts as many above them', () => {
    expect(structureKeyChange(key('-'), rows2to3, '2:3')).toEqual({
      axis: 'row',
      kind: 'delete',
      at: 1,
      count: 2,
    });
    expect(structureKeyChange(key('+'), rows2to3, '2:3')).toEqual({
      axis: 'row',
      kind: 'insert',
      at: 1,
      count: 2,
    });
  });

  it('acts on whole columns when columns are selected', () => {
    expect(structureKeyChange(key('-'), columnC, 'C:C')).toEqual({
      axis: 'col',
      kind: 'delete',
      at: 2,
      count: 1,
    });
  });

  it('answers not-whole for a range of cells, and nothing for other keys or without Ctrl', () => {
    expect(structureKeyChange(key('-'), { col: 1, row: 1, width: 2, height: 2 }, 'B2:C3')).toBe(
      'not-whole',
    );
    expect(structureKeyChange(key('d'), rows2to3, '2:3')).toBeUndefined();
    expect(structureKeyChange(key('-', { ctrlKey: false }), rows2to3, '2:3')).toBeUndefined();
    expect(structureKeyChange(key('-', { altKey: true }), rows2to3, '2:3')).toBeUndefined();
  });
});
