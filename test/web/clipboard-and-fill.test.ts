// Pure helpers of the web UI: TSV clipboard text, formula reference shifting and fill series
// (a cut's formula rewriting is the server's: core/formula-text/move-cells.test.ts).
import { describe, expect, it } from 'vitest';
import { parseTsv, toHtmlTable, toTsv } from '../../web/src/grid/tsv.js';
import { fillBlock } from '../../web/src/grid/fill-series.js';

describe('TSV clipboard text', () => {
  it('[CLIP-02] keeps blank rows and reads quoted fields with tabs', () => {
    expect(parseTsv('x\ty\n\n"a\tb"\tz')).toEqual([['x', 'y'], [''], ['a\tb', 'z']]);
  });

  it('drops only the final line break spreadsheet programs append', () => {
    expect(parseTsv('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseTsv('1\n\n')).toEqual([['1'], ['']]);
  });

  it('reads doubled quotes and line breaks inside quoted fields', () => {
    expect(parseTsv('"say ""hi"""\t"two\nlines"')).toEqual([['say "hi"', 'two\nlines']]);
  });

  it('treats a quote in the middle of a field as text', () => {
    expect(parseTsv('5" pipe\tok')).toEqual([['5" pipe', 'ok']]);
  });

  it('[CLIP-01] writes tab-separated rows and quotes what needs it; round-trips', () => {
    const rows = [
      ['1', '2'],
      ['3', '4'],
    ];
    expect(toTsv(rows)).toBe('1\t2\n3\t4');
    const tricky = [
      ['a\tb', 'say "hi"'],
      ['two\nlines', ''],
    ];
    expect(parseTsv(toTsv(tricky))).toEqual(tricky);
  });

  it('[CLIP-01] the HTML flavour is an escaped table', () => {
    expect(
      toHtmlTable([
        ['<b>', '&'],
        ['1', '2'],
      ]),
    ).toBe('<table><tr><td>&lt;b&gt;</td><td>&amp;</td></tr><tr><td>1</td><td>2</td></tr></table>');
  });
});

describe('fill handle series', () => {
  it('[FILL-01] continues a number step, repeats text, continues weekdays', () => {
    expect(fillBlock([['1'], ['2']], 'down', 3)).toEqual([['3'], ['4'], ['5']]);
    expect(fillBlock([['x']], 'down', 2)).toEqual([['x'], ['x']]);
    expect(fillBlock([['Mon']], 'down', 2)).toEqual([['Tue'], ['Wed']]);
    expect(fillBlock([['Item 1']], 'right', 2)).toEqual([['Item 2', 'Item 3']]);
  });

  it('[FILL-02] moves formula references along the fill, up and left too', () => {
    expect(fillBlock([['=A1*2']], 'down', 2)).toEqual([['=A2*2'], ['=A3*2']]);
    expect(fillBlock([['=A5']], 'up', 2)).toEqual([['=A3'], ['=A4']]);
    expect(fillBlock([['=C1']], 'left', 1)).toEqual([['=B1']]);
  });

  it('[FIRST-HOUR] one date counts on a day per cell, up and left counting back; a lone number repeats', () => {
    const dates = () => true;
    expect(fillBlock([['46053']], 'down', 2, dates)).toEqual([['46054'], ['46055']]);
    expect(fillBlock([['46053']], 'up', 2, dates)).toEqual([['46051'], ['46052']]);
    expect(fillBlock([['46053'], ['5']], 'right', 2, (row) => row === 0)).toEqual([
      ['46054', '46055'],
      ['5', '5'],
    ]);
    expect(fillBlock([['46053', '5']], 'down', 1, (_row, col) => col === 0)).toEqual([
      ['46054', '5'],
    ]);
  });

  it('continues a decreasing step upwards', () => {
    expect(fillBlock([['10'], ['20']], 'up', 2)).toEqual([['-10'], ['0']]);
  });
});
