import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import { InvalidAddressError, setLocksOps, parseRange, type Workbook } from '../core/index.js';
import { describeGrid } from './grid-context.js';
import { buildMessages } from './prompt.js';

const { open } = useWorkbooks();

function workbook(): Workbook {
  const created = open({ sheetNames: ['Sheet1', 'Data'] });
  writeRows(created, 'A1', [
    ['Item', 'Cost'],
    ['Rent', 100],
    ['Total', '=SUM(B2:B2)'],
  ]);
  return created;
}

const options = {
  sheet: 'Sheet1',
  scope: 'sheet' as const,
  selectedCells: [] as string[],
  maxCells: 2000,
};

describe('[AGENT-PROMPT] describeGrid', () => {
  it('lists occupied cells with input, computed value and lock, and empty locked cells too', () => {
    const book = workbook();
    book.apply(setLocksOps('Sheet1', parseRange('D9'), true));
    const text = describeGrid(book, options);
    expect(text).toContain('A1 | "Item" | "Item" | \n');
    expect(text).toContain('B3 | =SUM(B2:B2) | 100 | ');
    expect(text).toContain('D9 |  |  | locked');
    expect(text).toContain('OTHER SHEETS (read them as =Name!A1');
    expect(text).toContain('Data (empty)');
  });

  it('[AGENT-FORMATS] shows what a formatted number looks like and the format, and nothing more for plain cells', () => {
    const book = workbook();
    writeRows(book, 'C2', [[0.25]]);
    book.apply([
      {
        type: 'set-format',
        sheet: 'Sheet1',
        range: parseRange('C2'),
        format: { number_format: '0%', bold: true },
      },
      { type: 'set-format', sheet: 'Sheet1', range: parseRange('A1'), format: { bold: true } },
    ]);
    const text = describeGrid(book, options);
    expect(text).toContain(
      'C2 | 0.25 | 0.25 |  | shows "25%" | format {"number_format":"0%","bold":true}\n',
    );
    expect(text).toContain('A1 | "Item" | "Item" |  | format {"bold":true}\n');
    expect(text).toContain('B2 | 100 | 100 | \n');
  });

  it('[AGENT-LAYOUT] names frozen headers and the filter, and lists hidden rows marked, not left out', () => {
    const book = workbook();
    writeRows(book, 'A4', [['Water', 30]]);
    book.apply([
      {
        type: 'set-layout',
        sheet: 'Sheet1',
        patch: {
          frozenRows: 1,
          filter: {
            range: parseRange('A1:B4'),
            columns: [{ col: 1, conditions: [{ op: 'gt', value: 50 }] }],
          },
        },
      },
    ]);
    const text = describeGrid(book, options);
    expect(text).toContain('FROZEN PANES: rows 1-1 (the header the user keeps in view)');
    expect(text).toContain('FILTER: A1:B4 (header row 1): column B gt 50. It hides rows 4 from');
    expect(text).toContain('A4 | "Water" | "Water" | hidden');
    expect(text).toContain('B2 | 100 | 100 | \n');
  });

  it('with scope selection shows only selected cells and their bounds', () => {
    const text = describeGrid(workbook(), {
      ...options,
      scope: 'selection',
      selectedCells: ['B2:B3'],
    });
    expect(text).not.toContain('A1 |');
    expect(text).toContain('B2 | 100');
    expect(text).toContain('OCCUPIED RANGE: B2:B3');
  });

  it('an invalid selected cell names its entry', () => {
    expect(() =>
      describeGrid(workbook(), { ...options, scope: 'selection', selectedCells: ['A1', 'nope'] }),
    ).toThrow(InvalidAddressError);
    expect(() =>
      describeGrid(workbook(), { ...options, scope: 'selection', selectedCells: ['A1', 'nope'] }),
    ).toThrow(/selected_cells\[1\]/);
  });

  it('caps the table with a note', () => {
    const text = describeGrid(workbook(), { ...options, maxCells: 2 });
    expect(text).toContain('[4 more cells not shown: the table is capped at 2 cells.');
  });
});

describe('buildMessages', () => {
  it('keeps the most recent entries, drops a leading assistant turn, and ends with the prompt', () => {
    const history = Array.from({ length: 20 }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `m${index}`,
    }));
    const messages = buildMessages(history, 'now');
    expect(messages[0]).toEqual({ role: 'user', content: 'm8' });
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'now' });
    expect(messages).toHaveLength(13);
    expect(
      buildMessages(
        [
          { role: 'assistant', content: 'hello' },
          { role: 'user', content: 'q' },
        ],
        'p',
      )[0],
    ).toEqual({ role: 'user', content: 'q' });
  });

  it('cuts a very long entry', () => {
    const [first] = buildMessages([{ role: 'user', content: 'x'.repeat(10_000) }], 'p');
    expect(first!.content.length).toBeLessThan(4_100);
    expect(first!.content.endsWith('…[truncated]')).toBe(true);
  });
});
