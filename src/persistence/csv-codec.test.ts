import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import {
  CellLockedError,
  parseRange,
  ReadSlices,
  setLocksOps,
  typedFormatOps,
  valueToJson,
  Workbook,
  writeRangeOps,
} from '../core/index.js';
import { decodeCsv, encodeCsv, encodeCsvInSlices } from './csv-codec.js';
import { InvalidDocumentError } from './errors.js';
import { importCsvOps } from './workbook-transfer.js';

const { open } = useWorkbooks();

function sheetWithEverything(): Workbook {
  const workbook = open({ sheetNames: ['Data', 'Other'] });
  workbook.apply(writeRangeOps('Other', { row: 0, col: 0 }, [[5]]));
  workbook.apply(
    writeRangeOps('Data', { row: 0, col: 0 }, [
      ['Name', 'Amount', 'Note'],
      ['Ann', 1.5, 'say "hi", ok'],
      ['Bob', '=B2*2', "'123"],
      ['x', '=Other!A1+1', "'=cmd|' /C calc'!A0"],
      [true, '=1/0', "'-minus"],
      [null, null, '@sum'],
    ]),
  );
  return workbook;
}

describe('CSV export', () => {
  it('in slices writes exactly what one pass writes, lines encoded apart joined by CRLF', async () => {
    const workbook = open({ sheetNames: ['Big'] });
    const rows = Array.from({ length: 3_000 }, (_, row) => [
      row,
      `t "${row}", x`,
      row % 2 === 0 ? null : '=A1*2',
      "'=cmd",
    ]);
    workbook.apply(writeRangeOps('Big', { row: 0, col: 0 }, rows));
    // A clock for which every slice has run its time: the encoding turns between all stretches.
    let turns = 0;
    let time = 0;
    const clock = {
      now: () => (time += 20),
      turn: async () => {
        turns += 1;
      },
    };
    for (const mode of ['values', 'formulas'] as const) {
      const sliced = await encodeCsvInSlices(
        workbook.sheet('Big'),
        mode,
        new ReadSlices(workbook, clock),
      );
      expect(Buffer.concat(sliced).toString('utf8')).toBe(encodeCsv(workbook.sheet('Big'), mode));
    }
    expect(turns).toBeGreaterThan(2);
  });

  it('writes a typed error and an error result as their literal, unquoted (both modes)', () => {
    const workbook = open({ sheetNames: ['E'] });
    workbook.apply(writeRangeOps('E', { row: 0, col: 0 }, [['#N/A', '=1/0', "'#REF!"]]));
    expect(encodeCsv(workbook.sheet('E'))).toBe("#N/A,#DIV/0!,'#REF!");
    expect(encodeCsv(workbook.sheet('E'), 'formulas')).toBe("#N/A,=1/0,'#REF!");
  });

  it('[PERSIST-6] writes computed values from A1, quoting per RFC 4180, with CRLF rows', () => {
    const csv = encodeCsv(sheetWithEverything().sheet('Data'));
    expect(csv.split('\r\n')).toEqual([
      'Name,Amount,Note',
      'Ann,1.5,"say ""hi"", ok"',
      "Bob,3,'123",
      "x,6,'=cmd|' /C calc'!A0",
      "TRUE,#DIV/0!,'-minus",
      ",,'@sum",
    ]);
  });

  it('text that would be re-typed or run as a formula gets a leading apostrophe; numbers and booleans do not', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps('Sheet1', { row: 0, col: 0 }, [[-5, "'-5", "'TRUE", '+x', "' padded"]]),
    );
    expect(encodeCsv(workbook.sheet())).toBe("-5,'-5,'TRUE,'+x,\" padded\"");
  });

  it('formulas mode writes formula text so formulas survive a round trip', () => {
    const csv = encodeCsv(sheetWithEverything().sheet('Data'), 'formulas');
    expect(csv.split('\r\n')[2]).toBe("Bob,=B2*2,'123");
    expect(csv.split('\r\n')[3]).toBe("x,=Other!A1+1,'=cmd|' /C calc'!A0");
  });

  it('display mode writes each cell as it shows, and an import reads the same values and number formats back', () => {
    const workbook = open({ sheetNames: ['Shown'] });
    workbook.apply(
      writeRangeOps('Shown', { row: 0, col: 0 }, [[46053, 0.15, -1200, "'007", '=B1*2', 7]]),
    );
    workbook.apply(
      typedFormatOps('Shown', [
        { row: 0, col: 0, numberFormat: 'yyyy-mm-dd' },
        { row: 0, col: 1, numberFormat: '0%' },
        { row: 0, col: 2, numberFormat: '"$"#,##0.00' },
        { row: 0, col: 4, numberFormat: '0.0%' },
        // A format may hold any text: shown, it must not become a formula where the CSV is opened.
        { row: 0, col: 5, numberFormat: '"=cmd|"0' },
      ]),
    );
    const csv = encodeCsv(workbook.sheet('Shown'), 'display');
    expect(csv).toBe(`2026-01-31,15%,"-$1,200.00",'007,30.0%,'=cmd|7`);
    const target = open({ sheetNames: ['Shown'] });
    target.apply(importCsvOps(target, 'Shown', csv));
    const [a, b] = [workbook.sheet('Shown'), target.sheet('Shown')];
    for (let col = 0; col < 5; col += 1) expect(b.value(0, col)).toEqual(a.value(0, col));
    for (let col = 0; col < 4; col += 1) expect(b.display(0, col)).toBe(a.display(0, col));
  });

  it('an empty sheet is an empty file; leading empty rows and columns are kept so positions survive', () => {
    const workbook = open();
    expect(encodeCsv(workbook.sheet())).toBe('');
    workbook.apply(writeRangeOps('Sheet1', { row: 1, col: 1 }, [[7]]));
    expect(encodeCsv(workbook.sheet())).toBe(',\r\n,7');
  });
});

describe('CSV import', () => {
  it('[PERSIST-6] a round trip through CSV keeps every value (values mode) and every formula (formulas mode)', () => {
    const source = sheetWithEverything();
    for (const mode of ['values', 'formulas'] as const) {
      const target = open({ sheetNames: ['Other'] });
      target.apply(writeRangeOps('Other', { row: 0, col: 0 }, [[5]]));
      target.apply(importCsvOps(target, 'Data', encodeCsv(source.sheet('Data'), mode)));
      const [a, b] = [source.sheet('Data'), target.sheet('Data')];
      // Values mode carries an error result as its sentinel text; formulas mode recomputes the error itself.
      for (const cell of a.occupiedCells())
        expect(valueToJson(b.value(cell.row, cell.col))).toEqual(
          valueToJson(a.value(cell.row, cell.col)),
        );
      if (mode === 'formulas')
        for (const cell of a.occupiedCells())
          expect(b.input(cell.row, cell.col)).toEqual(a.input(cell.row, cell.col));
      expect(b.occupiedCells()).toEqual(a.occupiedCells());
    }
  });

  it('types fields like typed-in values, replaces the unlocked content and keeps locked cells outside the CSV', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps('Sheet1', { row: 0, col: 0 }, [
        ['old', 'old', 'old'],
        ['old', 'old', 'keep'],
      ]),
    );
    workbook.apply(setLocksOps('Sheet1', parseRange('C2'), true));
    workbook.apply(importCsvOps(workbook, 'Sheet1', "1,TRUE\n=A1+1,'7\n"));
    const sheet = workbook.sheet();
    expect([
      sheet.input(0, 0),
      sheet.input(0, 1),
      sheet.input(0, 2),
      sheet.value(1, 0),
      sheet.input(1, 1),
      sheet.input(1, 2),
    ]).toEqual([1, true, null, 2, '7', 'keep']);
    // One op: each touched cell's version moves once.
    expect(sheet.version(0, 0)).toBe(2);
    workbook.undo();
    expect(workbook.sheet().input(0, 0)).toBe('old');
  });

  it("numbers the CSV brings show as the CSV wrote them, not through the number formats the sheet's old cells had; other formats and undo stay", () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[46053, 0.15, 1200]]));
    workbook.apply(
      typedFormatOps('Sheet1', [
        { row: 0, col: 0, numberFormat: 'yyyy-mm-dd' },
        { row: 0, col: 1, numberFormat: '0%' },
        { row: 0, col: 2, numberFormat: '"$"#,##0.00' },
      ]),
    );
    workbook.apply([
      { type: 'set-format', sheet: 'Sheet1', range: parseRange('A1'), format: { bold: true } },
    ]);
    workbook.apply(importCsvOps(workbook, 'Sheet1', '42,7,15%\n'));
    const sheet = workbook.sheet();
    expect([sheet.display(0, 0), sheet.display(0, 1), sheet.display(0, 2)]).toEqual([
      '42',
      '7',
      '15%',
    ]);
    expect(sheet.format(0, 0)).toEqual({ bold: true });
    workbook.undo();
    expect(workbook.sheet().display(0, 0)).toBe('2026-01-31');
    expect(workbook.sheet().display(0, 2)).toBe('$1,200.00');
  });

  it('a CSV value on a locked cell rejects the whole import', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [['locked']]));
    workbook.apply(setLocksOps('Sheet1', parseRange('A1'), true));
    expect(() => workbook.apply(importCsvOps(workbook, 'Sheet1', 'new,value'))).toThrow(
      CellLockedError,
    );
    expect(workbook.sheet().input(0, 1)).toBeNull();
  });

  it('adds the sheet when it does not exist (one undo step)', () => {
    const workbook = open();
    workbook.apply(importCsvOps(workbook, 'Fresh', 'a;b\n1;2'));
    expect(workbook.sheetNames).toEqual(['Sheet1', 'Fresh']);
    expect(workbook.sheet('Fresh').input(1, 1)).toBe(2);
    workbook.undo();
    expect(workbook.sheetNames).toEqual(['Sheet1']);
  });

  it('reads tab-separated text, strips a byte-order mark and ignores the final newline', () => {
    expect(decodeCsv('\ufeffa\tb\r\n1\t2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(decodeCsv('')).toEqual([]);
  });

  it('rejects broken quoting naming the row', () => {
    expect(() => decodeCsv('a,b\n"open,2\n')).toThrow(InvalidDocumentError);
    expect(() => decodeCsv('a,b\n"open,2\n')).toThrow(/row 2/);
  });
});
