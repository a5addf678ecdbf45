// A replace prepared ahead (an import built a slice at a time beside the workbook) must install
// exactly what the same replace installs in one pass, change nothing until it is committed, and
// fall back to the one-pass build when what it prepared went stale.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { Workbook } from '../workbook.js';
import { writeRangeOps } from './builders.js';
import { replaceWorkbookOps } from './chart-builders.js';
import type { SnapshotCell, WorkbookDocument } from './op.js';
import { checkedDocument, validateDocument } from './workbook-document.js';

const { open } = useWorkbooks();

/** 3,000 rows of values beside formulas reading them, text, booleans, an error and a second sheet reading the first. */
function documentWithFormulas(): WorkbookDocument {
  const cells: SnapshotCell[] = [];
  for (let row = 0; row < 3_000; row += 1) {
    cells.push({ row, col: 0, input: row + 1, version: 0, locked: false });
    cells.push({ row, col: 1, input: { formula: `=A${row + 1}*2+C1` }, version: 0, locked: false });
  }
  cells.splice(1, 0, { row: 0, col: 2, input: 7, version: 2, locked: true });
  cells.push({ row: 3_000, col: 0, input: 'text', version: 0, locked: false });
  cells.push({ row: 3_000, col: 1, input: true, version: 0, locked: false });
  cells.push({ row: 3_000, col: 2, input: { error: '#N/A' }, version: 0, locked: false });
  return {
    name: 'Imported',
    activeSheet: 'Summary',
    sheets: [
      { name: 'Data', cells, charts: [] },
      {
        name: 'Summary',
        cells: [
          { row: 0, col: 0, input: { formula: '=SUM(Data!B1:B3000)' }, version: 0, locked: false },
          { row: 1, col: 0, input: { formula: '=SEQUENCE(3)' }, version: 0, locked: false },
        ],
        charts: [],
      },
    ],
  };
}

/** Prepares the replace a few slices per step, as the server does across turns; answers the step count. */
function prepareInSteps(
  workbook: Workbook,
  document: WorkbookDocument,
  check?: () => void,
): number {
  const preparing = workbook.prepareReplace(document);
  let steps = 0;
  for (;;) {
    let slices = 3;
    steps += 1;
    if (preparing.step(() => slices-- > 0)) return steps;
    check?.();
  }
}

function everything(workbook: Workbook): unknown {
  return {
    document: workbook.document(),
    values: workbook.sheetNames.map((name) => {
      const sheet = workbook.sheet(name);
      return sheet
        .occupiedCells()
        .map((cell) => [cell.row, cell.col, sheet.value(cell.row, cell.col)]);
    }),
  };
}

describe('a replace prepared ahead', () => {
  it('installs what the one-pass replace installs: inputs, versions, locks, formulas computed, spills', () => {
    const document = documentWithFormulas();
    const onePass = open();
    onePass.apply(replaceWorkbookOps(document));
    const prepared = open();
    const ops = replaceWorkbookOps(document);
    expect(prepareInSteps(prepared, document)).toBeGreaterThan(3);
    prepared.apply(ops);
    expect(everything(prepared)).toEqual(everything(onePass));
    expect(prepared.sheet('Summary').value(0, 0)).toBe(2 * ((3_000 * 3_001) / 2) + 3_000 * 7);
    expect(prepared.sheet('Summary').value(3, 0)).toBe(3);
  });

  it('changes nothing readers see until the commit, and writes meanwhile go to the workbook as it is', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[1, '=A1+1']]));
    const document = documentWithFormulas();
    let writes = 0;
    prepareInSteps(workbook, document, () => {
      expect(workbook.sheetNames).toEqual(['Sheet1']);
      writes += 1;
      workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[writes]]));
      expect(workbook.sheet('Sheet1').value(0, 1)).toBe(writes + 1);
    });
    workbook.apply(replaceWorkbookOps(document));
    expect(workbook.sheetNames).toEqual(['Data', 'Summary']);
    workbook.undo();
    expect(workbook.sheet('Sheet1').value(0, 1)).toBe(writes + 1);
  });

  it('is built again in one pass when its engine went stale (the document brings another character set)', () => {
    const macRoman: WorkbookDocument = {
      name: 'Mac',
      activeSheet: 'S',
      characterSet: 'mac-roman',
      sheets: [
        {
          name: 'S',
          cells: [
            { row: 0, col: 0, input: { formula: '=CHAR(200)' }, version: 0, locked: false },
            { row: 0, col: 1, input: 1, version: 0, locked: false },
            { row: 0, col: 2, input: 2, version: 0, locked: false },
          ],
          charts: [],
        },
      ],
    };
    const onePass = open();
    onePass.apply(replaceWorkbookOps(macRoman));
    const prepared = open();
    prepareInSteps(prepared, macRoman);
    prepared.apply(replaceWorkbookOps(macRoman));
    expect(prepared.sheet('S').value(0, 0)).toBe(onePass.sheet('S').value(0, 0));
    expect(prepared.sheet('S').value(0, 0)).not.toBe(open().evaluate(undefined, '=CHAR(200)'));
    expect(everything(prepared)).toEqual(everything(onePass));
  });

  it('refuses a document the replace would refuse, before anything changes', () => {
    const workbook = open();
    const document = documentWithFormulas();
    const twice = { ...document, sheets: [document.sheets[0]!, document.sheets[0]!] };
    expect(() => prepareInSteps(workbook, twice)).toThrow(/appears twice/);
    expect(workbook.sheetNames).toEqual(['Sheet1']);
  });

  it('checks a large document across steps, and still refuses a bad cell near its end', () => {
    const cells: SnapshotCell[] = Array.from({ length: 100_000 }, (_, row) => ({
      row,
      col: 0,
      input: row,
      version: 0,
      locked: false,
    }));
    const large: WorkbookDocument = {
      name: 'Large',
      activeSheet: 'S',
      sheets: [{ name: 'S', cells, charts: [] }],
    };
    // Checking 100,000 cells pauses several times (each pause is a turn of the event loop for
    // the server), and the checked document is what the one-call check returns.
    const steps = checkedDocument(large);
    let pauses = 0;
    let next = steps.next();
    for (; next.done !== true; next = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(3);
    expect(next.value).toEqual(validateDocument(large));
    const bad = [...cells];
    bad[99_990] = { ...bad[99_990]!, input: Number.NaN };
    const workbook = open();
    expect(() =>
      prepareInSteps(workbook, { ...large, sheets: [{ name: 'S', cells: bad, charts: [] }] }),
    ).toThrow(/finite/);
    expect(workbook.sheetNames).toEqual(['Sheet1']);
  });
});
