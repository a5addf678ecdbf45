// An error beside an array in array arithmetic is an array of that error, as in Excel: it spills,
// and is #SPILL! when its area is taken whether the area was taken before or after the formula
// was entered, so a workbook rebuilt from its document (as a restart does) shows what it showed.
import { describe, expect, it } from 'vitest';
import { replaceWorkbookOps, WorkbookError, type Op, type Workbook } from '../index.js';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

const USER = { actor: 'User', origin: 'client-2' };

/** Applies each change, as the kernel property test does: a refused one is skipped. */
function applyAll(book: Workbook, changes: readonly Op[][]): void {
  for (const ops of changes)
    try {
      book.apply(ops, USER);
    } catch (error) {
      if (!(error instanceof WorkbookError)) throw error;
    }
}

describe('an error beside an array in a dynamic-array formula', () => {
  it('is #SPILL! when its area is taken before it is entered', () => {
    const book = bed.open();
    writeCell(book, 'D9', '=1+1');
    writeCell(book, 'D8', '=21/0/D7/D5:D1');
    expect(valueAt(book, 'D8')).toBe('#SPILL!');
  });

  it('is #SPILL! with the array on the left too', () => {
    const book = bed.open();
    writeCell(book, 'C2', 'taken');
    writeCell(book, 'C1', '=A1:A3+NA()');
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
  });

  it('the kernel property test’s seed 838: live and rebuilt both show #SPILL! where a formula takes its area', () => {
    const book = bed.open();
    applyAll(book, [
      replaceWorkbookOps({
        name: 'Import',
        activeSheet: 'Data',
        sheets: [
          {
            name: 'Data',
            cells: [
              { row: 0, col: 0, input: 1, version: 1, locked: false },
              { row: 1, col: 0, input: { formula: '=A1*2' }, version: 2, locked: false },
            ],
          },
        ],
      }),
      [
        {
          type: 'set-cells',
          sheet: 'Data',
          runs: [
            {
              row: 6,
              col: 2,
              inputs: [-64.28571428571429, { formula: '=IF(C3>2,E3,"no")' }],
            },
            {
              row: 7,
              col: 2,
              inputs: [
                { formula: '=DYNAMIC.ARRAY(IF(E12>2,D4:A2,"no"))' },
                { formula: '=DYNAMIC.ARRAY(21/0/D7/D5:D1)' },
                false,
              ],
            },
          ],
        },
      ],
      [{ type: 'rename-sheet', from: 'Data', to: 'R41' }],
      [{ type: 'rename-sheet', from: 'R41', to: 'R53' }],
      [
        {
          type: 'set-cells',
          sheet: 'R53',
          runs: [
            {
              row: 8,
              col: 3,
              inputs: [
                { formula: '=SUM(A1:XFD1048576)' },
                // The generator's pathological chain, cut at 8,000 characters as it cuts it.
                { formula: `=${Array(3_000).fill('C10').join('^')}`.slice(0, 8_000) },
                { formula: '=SUM(28,D3:A10)' },
              ],
            },
          ],
        },
      ],
    ]);
    const rebuilt = bed.open();
    rebuilt.apply(replaceWorkbookOps(book.document()));
    // D8's area D8:D12 holds D9's formula, so D8 is #SPILL! in Excel, live and rebuilt.
    expect([valueAt(book, 'D8', 'R53'), valueAt(rebuilt, 'D8', 'R53')]).toEqual([
      '#SPILL!',
      '#SPILL!',
    ]);
  });
});
