import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import { formatCell, TooLargeError } from '../core/index.js';
import { blocksOf, MAX_AGENT_WRITE_CELLS, placeBlocks, writeOps } from './write-plan.js';

const { open } = useWorkbooks();

const defaults = { sheet: 'Sheet1', fallbackTarget: 'A1' };

describe('[APPLY-COLLISION] write plan', () => {
  it('merges the rectangles of one sheet into one block anchored at their top-left; later ones win', () => {
    const [block] = blocksOf(
      open(),
      [
        { target: 'B2', values: [['x', 'y']] },
        { target: 'A3', values: [[1]] },
        { target: 'C2', values: [['z']] },
      ],
      defaults,
    );
    expect(formatCell(block!.requested)).toBe('A2');
    expect(block!.values).toEqual([[null, 'x', 'z'], [1]]);
  });

  it('a target on a sheet that does not exist creates it; one block per sheet', () => {
    const blocks = blocksOf(
      open(),
      [
        { target: "'New one'!A1", values: [[1]] },
        { target: null, values: [[2]] },
      ],
      defaults,
    );
    expect(blocks.map((block) => [block.sheet, block.createsSheet, block.originalRequest])).toEqual(
      [
        ['New one', true, "'New one'!A1"],
        ['Sheet1', false, 'A1'],
      ],
    );
    expect(writeOps(placeBlocks(open(), blocks, 'right')).map((op) => op.type)).toEqual([
      'add-sheet',
      'set-cells',
      'set-cells',
    ]);
  });

  it("a model's value with spaces before = is the formula it meant (a person's stays text)", () => {
    const blocks = placeBlocks(
      open(),
      blocksOf(open(), [{ target: 'A1', values: [[' =1+1', 'label']] }], defaults),
      'right',
    );
    const [op] = writeOps(blocks);
    expect(op).toMatchObject({
      type: 'set-cells',
      runs: [{ inputs: [{ formula: '=1+1' }, 'label'] }],
    });
  });

  it("a model's typed money, percent or date gets the number format a person's would", () => {
    const blocks = placeBlocks(
      open(),
      blocksOf(open(), [{ target: 'A1', values: [['$1,200', '15%', 'label', 3]] }], defaults),
      'right',
    );
    const ops = writeOps(blocks);
    expect(ops[0]).toMatchObject({
      type: 'set-cells',
      runs: [{ inputs: [1200, 0.15, 'label', 3] }],
    });
    expect(ops.slice(1)).toEqual([
      {
        type: 'set-format',
        sheet: 'Sheet1',
        range: { start: { row: 0, col: 0 }, end: { row: 0, col: 0 } },
        format: { number_format: '$#,##0' },
      },
      {
        type: 'set-format',
        sheet: 'Sheet1',
        range: { start: { row: 0, col: 1 }, end: { row: 0, col: 1 } },
        format: { number_format: '0%' },
      },
    ]);
  });

  it('cells the same apply replaces count as free', () => {
    const workbook = open();
    writeRows(workbook, 'A1', [['old']]);
    const blocks = blocksOf(workbook, [{ target: 'A1', values: [['new']] }], defaults);
    expect(formatCell(placeBlocks(workbook, blocks, 'right')[0]!.target)).toBe('B1');
    const replaceable = new Map([['sheet1', new Set([0])]]);
    expect(formatCell(placeBlocks(workbook, blocks, 'right', replaceable)[0]!.target)).toBe('A1');
  });

  it('refuses a write larger than the agent limit', () => {
    const row = new Array(1000).fill(1);
    const values = Array.from({ length: MAX_AGENT_WRITE_CELLS / 1000 + 1 }, () => row);
    expect(() => blocksOf(open(), [{ target: 'A1', values }], defaults)).toThrow(TooLargeError);
  });
});
