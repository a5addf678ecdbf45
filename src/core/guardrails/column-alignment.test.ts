import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import type { Workbook } from '../workbook.js';
import { cellReaderOf } from './cell-reader.js';
import { columnAlignmentWarning } from './column-alignment.js';

const { open } = useWorkbooks();

function budget(): Workbook {
  const workbook = open();
  writeRows(workbook, 'A1', [
    ['Item', 'Jan', 'Feb'],
    ['Rent', 100, 110],
  ]);
  return workbook;
}

describe('[CHAIN-OBS] column-alignment warning', () => {
  it('names the cell, the label it reads and the column it must use', () => {
    const workbook = budget();
    const warning = columnAlignmentWarning(
      'Sheet1',
      parseCell('C3'),
      '=B1*1.1',
      cellReaderOf(workbook),
    );
    expect(warning).toContain("B1='Jan'");
    expect(warning).toContain('column-alignment');
    expect(warning).toContain('column C must use the cells of column C');
  });

  it('is null for a formula over numbers', () => {
    expect(
      columnAlignmentWarning('Sheet1', parseCell('C3'), '=C2*1.1', cellReaderOf(budget())),
    ).toBeNull();
  });

  it('is not hidden by a wrapper: IFERROR(A2*2, 0) over a label computes a silent 0', () => {
    expect(
      columnAlignmentWarning(
        'Sheet1',
        parseCell('D2'),
        '=IFERROR(A2*2, 0)',
        cellReaderOf(budget()),
      ),
    ).toContain("A2='Rent'");
  });

  it('ignores labels used as labels and references to other sheets', () => {
    const reader = cellReaderOf(budget());
    expect(
      columnAlignmentWarning('Sheet1', parseCell('D2'), '=IF(A2="Rent", B2, 0)', reader),
    ).toBeNull();
    expect(columnAlignmentWarning('Sheet1', parseCell('D2'), '=Other!A2*2', reader)).toBeNull();
  });
});
