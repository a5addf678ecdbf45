import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { parseRange, writeRangeOps, type Workbook } from '../core/index.js';
import { InvalidDocumentError } from './errors.js';
import { decodeGridbook, encodeGridbook } from './gridbook-json.js';

const { open } = useWorkbooks();

function formatted(): Workbook {
  const book = open({ name: 'Budget' });
  book.apply(
    writeRangeOps('Sheet1', { row: 0, col: 0 }, [
      ['Item', 'Cost'],
      ['Rent', 1200],
    ]),
  );
  book.apply([
    { type: 'set-format', sheet: 'Sheet1', range: parseRange('A1:B1'), format: { bold: true } },
    {
      type: 'set-format',
      sheet: 'Sheet1',
      range: parseRange('B2:B1000'),
      format: { number_format: '"$"#,##0.00', fill: '#FFEEDD' },
    },
  ]);
  return book;
}

describe('Gridbook JSON formats', () => {
  it('writes a style table and ranges in both versions, and reads them back', () => {
    for (const dense of [false, true]) {
      const json = encodeGridbook(formatted().document(), { dense });
      expect(json.sheets[0]!.styles).toEqual([
        { bold: true },
        { number_format: '"$"#,##0.00', fill: '#FFEEDD' },
      ]);
      expect(json.sheets[0]!.formats).toEqual([
        { range: 'A1:B1', style: 0 },
        { range: 'B2:B1000', style: 1 },
      ]);
      const back = decodeGridbook(JSON.parse(JSON.stringify(json)) as Record<string, unknown>);
      const copy = open();
      copy.apply([{ type: 'replace-workbook', document: back }]);
      expect(copy.sheet('Sheet1').display(1, 1)).toBe('$1,200.00');
      expect(copy.sheet('Sheet1').format(0, 0)).toEqual({ bold: true });
    }
  });

  it('writes nothing for a sheet without formats, so older files and readers are unchanged', () => {
    const json = encodeGridbook(open().document());
    expect(json.sheets[0]).not.toHaveProperty('styles');
    expect(json.sheets[0]).not.toHaveProperty('formats');
  });

  it('refuses a format naming a style that is not there, or a bad style', () => {
    const base = { format: 'gridbook', version: 1, workbook_name: 'W', active_sheet: 'S' };
    const sheet = { name: 'S', cells: {} };
    expect(() =>
      decodeGridbook({
        ...base,
        sheets: [{ ...sheet, styles: [], formats: [{ range: 'A1', style: 0 }] }],
      }),
    ).toThrow(InvalidDocumentError);
    expect(() =>
      decodeGridbook({
        ...base,
        sheets: [{ ...sheet, styles: [{ color: 'blue' }], formats: [{ range: 'A1', style: 0 }] }],
      }),
    ).toThrow(/styles\[0\]\.color/);
  });
});
