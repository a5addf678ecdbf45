// LET and LAMBDA through xlsx: Excel's file spelling (`_xlfn.LAMBDA(_xlpm.x, …)`, `_xleta.SUM`)
// on export; on import the names keep their `_xlpm.`, which the engine reads.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { writeRangeOps } from '../core/index.js';
import { valueAt, writeCell } from '../../test/support/workbook-bed.js';
import { decodeXlsx } from './xlsx-codec.js';
import { exportXlsx, importXlsxOps } from './workbook-transfer.js';

const { open } = useWorkbooks();

describe('LET and LAMBDA in xlsx files', () => {
  it('are written with the prefixes Excel needs and read back with the names prefixed', async () => {
    const workbook = open({ name: 'Lambda', sheetNames: ['S'] });
    const typed = '=LET(r, A1:A2, MAP(r, LAMBDA(x, x*2)))';
    workbook.apply(
      writeRangeOps('S', { row: 0, col: 0 }, [
        [1, typed],
        [2, null],
      ]),
    );
    const buffer = await exportXlsx(workbook, {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const cell = book.getWorksheet('S')!.getCell('B1').value as { formula: string };
    expect(cell.formula).toBe(
      '_xlfn.LET(_xlpm.r, A1:A2, _xlfn.MAP(_xlpm.r, _xlfn.LAMBDA(_xlpm.x, _xlpm.x*2)))',
    );
    const decoded = await decodeXlsx(buffer);
    expect(decoded.sheets[0]!.cells.find((entry) => entry.col === 1)?.input).toEqual({
      // Exported as a dynamic-array formula (it spills), so read back as one.
      formula: '=DYNAMIC.ARRAY(LET(_xlpm.r, A1:A2, MAP(_xlpm.r, LAMBDA(_xlpm.x, _xlpm.x*2))))',
    });
  });

  it('keeps a LAMBDA parameter apart from a defined name spelled the same', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('C1').value = 7;
    book.definedNames.add('S!$C$1', 'a');
    sheet.getCell('A1').value = {
      formula: '_xlfn.MAP(B1:B2,_xlfn.LAMBDA(_xlpm.a,_xlpm.a^2))',
      result: 1,
    };
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    // Not marked as a dynamic-array formula, so read with `@` as Excel reads it.
    expect(decoded.sheets[0]!.cells.find((entry) => entry.col === 0)?.input).toEqual({
      formula: '=SINGLE(MAP(B1:B2,LAMBDA(_xlpm.a,_xlpm.a^2)))',
    });
  });

  it('imports a function passed by name as Excel spells it (the engine reads it)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.getCell('A1').value = { formula: '_xlfn.BYROW(C1:D2,_xleta.SUM)', result: 3 };
    const decoded = await decodeXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    expect(decoded.sheets[0]!.cells[0]!.input).toEqual({
      formula: '=SINGLE(BYROW(C1:D2,_xleta.SUM))',
    });
  });

  it('calls a name holding a LAMBDA from an imported file, its array spilling in full', async () => {
    // As the calendar templates do (ironcalc/templates--yearly_calendar.xlsx: week() and
    // cal_month(1), names defined as LAMBDAs in xl/workbook.xml).
    const source = open({ name: 'Calendar', sheetNames: ['S'] });
    source.apply([
      { type: 'set-name', name: 'days', formula: '=LAMBDA(n, SEQUENCE(1, 3) + n)' },
      { type: 'set-name', name: 'first', formula: '=LAMBDA(7)' },
    ]);
    writeCell(source, 'A1', '=days(10)', 'S');
    writeCell(source, 'A2', '=first()', 'S');
    const buffer = await exportXlsx(source, {});
    const target = open({ name: 'Copy' });
    target.apply(await importXlsxOps(target, buffer, 'calendar.xlsx', 'file'));
    expect(['A1', 'B1', 'C1', 'A2'].map((a1) => valueAt(target, a1, 'S'))).toEqual([11, 12, 13, 7]);
  });
});
