import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { parseRange, writeRangeOps, type Workbook } from '../core/index.js';
import { computedValues } from './workbook-transfer.js';
import { decodeXlsx, encodeXlsx } from './xlsx-codec.js';

const { open } = useWorkbooks();

function budget(): Workbook {
  const book = open({ name: 'Budget' });
  book.apply(
    writeRangeOps('Sheet1', { row: 0, col: 0 }, [
      ['Item', 'Cost', 'Share', 'Due'],
      ['Rent', '$1,200', '15%', '2026-01-31'],
      ['Food', 450.5, 0.075, 46054],
    ]),
  );
  const set = (range: string, format: Record<string, unknown>) => ({
    type: 'set-format' as const,
    sheet: 'Sheet1',
    range: parseRange(range),
    format,
  });
  book.apply([
    set('A1:D1', { bold: true, fill: '#DDEBF7', align: 'center' }),
    set('B2:B3', { number_format: '"$"#,##0.00' }),
    set('C2:C3', { number_format: '0.0%', italic: true, color: '#C00000' }),
    set('D2:D3', { number_format: 'yyyy-mm-dd' }),
    set('A3', { underline: true, strikethrough: true, wrap: true }),
    set('F1:F1048576', { number_format: '0.000' }),
  ]);
  return book;
}

async function exported(book: Workbook): Promise<Buffer> {
  return encodeXlsx(book.document(), computedValues(book));
}

describe('xlsx cell formats', () => {
  it('exports number formats, bold, italic, underline, strike, colours, alignment and wrap that exceljs reads', async () => {
    const file = await exported(budget());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Sheet1')!;
    expect(sheet.getCell('A1').font.bold).toBe(true);
    expect(sheet.getCell('A1').fill).toMatchObject({
      pattern: 'solid',
      fgColor: { argb: 'FFDDEBF7' },
    });
    expect(sheet.getCell('B1').alignment.horizontal).toBe('center');
    expect(sheet.getCell('B2').numFmt).toBe('"$"#,##0.00');
    expect(sheet.getCell('C2').numFmt).toBe('0.0%');
    expect(sheet.getCell('C2').font).toMatchObject({ italic: true, color: { argb: 'FFC00000' } });
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('A3').font).toMatchObject({ underline: true, strike: true });
    expect(sheet.getCell('A3').alignment.wrapText).toBe(true);
    expect(sheet.getColumn(6).numFmt).toBe('0.000');
  });

  it('imports them back identically', async () => {
    const book = budget();
    const decoded = await decodeXlsx(await exported(book));
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: { ...decoded, name: 'Budget' } }]);
    const original = book.sheet('Sheet1');
    const back = copy.sheet('Sheet1');
    for (let row = 0; row < 4; row += 1)
      for (let col = 0; col < 4; col += 1) {
        expect(back.format(row, col), `${row},${col}`).toEqual(original.format(row, col));
        expect(back.display(row, col)).toBe(original.display(row, col));
      }
    expect(back.format(500_000, 5)).toEqual({ number_format: '0.000' });
    expect(back.format(0, 6)).toBeUndefined();
  });
});
