import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName } from './export-filename.js';

const AT = new Date(Date.UTC(2026, 3, 5, 7, 3, 9));

describe('[PERSIST-2] export file name <workbook_name>-YYYYMMDD-HHMMSS.<ext> in UTC', () => {
  it.each([
    ['Q3 plan', 'Q3_plan-20260405-070309.gridbook'],
    ['Q3 plan/v2', 'Q3_planv2-20260405-070309.gridbook'],
    ['a  b', 'a__b-20260405-070309.gridbook'],
    ['budget-2026_final', 'budget-2026_final-20260405-070309.gridbook'],
    ['!!!', 'workbook-20260405-070309.gridbook'],
    ['Café №1', 'Café_1-20260405-070309.gridbook'],
  ])('%s → %s', (name, expected) => {
    expect(exportFileName(name, AT, 'gridbook')).toBe(expected);
  });

  it('a one-sheet export names its sheet after two underscores, cleaned the same way', () => {
    expect(
      exportFileName('Q3 plan', new Date('2026-04-25T15:30:00Z'), 'csv', 'Unit prices (EU)'),
    ).toBe('Q3_plan__Unit_prices_EU-20260425-153000.csv');
  });

  it('uses UTC, not local time', () => {
    expect(exportFileName('x', new Date('2026-12-31T23:59:59-05:00'), 'xlsx')).toBe(
      'x-20270101-045959.xlsx',
    );
  });

  it('Content-Disposition carries an ASCII filename and the UTF-8 one when they differ', () => {
    expect(contentDisposition('Q3_plan-20260405-070309.gridbook')).toBe(
      'attachment; filename="Q3_plan-20260405-070309.gridbook"',
    );
    expect(contentDisposition('Café-1.csv')).toBe(
      `attachment; filename="Caf-1.csv"; filename*=UTF-8''Caf%C3%A9-1.csv`,
    );
  });
});
