// Pure helpers of the page's cell formats: decimal places +/−, the number format menu's names,
// the formula bar's text for formatted numbers, the full-replacement patch the painter and paste
// send, and reading formats from another program's clipboard HTML.
import { describe, expect, it } from 'vitest';
import {
  numberFormatName,
  percentEntry,
  stepDecimals,
  textEntry,
  NUMBER_FORMAT_PRESETS,
} from '../../web/src/grid/number-formats.js';
import { editableInput, serialAsTyped } from '../../web/src/grid/cell-format.js';
import type { CachedCell } from '../../web/src/grid/cell-store.js';
import {
  formatKey,
  isPlain,
  pasteFormatGrid,
  replacingPatch,
} from '../../web/src/grid/format-patch.js';
import {
  cssColour,
  formatFromStyles,
  msoNumberFormat,
  parseClassRules,
  parseDeclarations,
} from '../../web/src/grid/html-paste.js';

const NO_TAGS = { bold: false, italic: false, underline: false, strikethrough: false };

function numberCell(value: number, input: string, number_format?: string): CachedCell {
  return {
    input,
    value,
    error: null,
    formula: null,
    version: 1,
    locked: false,
    ...(number_format === undefined ? {} : { format: { number_format } }),
  };
}

describe('decimal places + and −', () => {
  it('starts a General number from the decimals it shows', () => {
    expect(stepDecimals(undefined, -1, 3.14159)).toBe('0.0000');
    expect(stepDecimals('General', 1, 3.5)).toBe('0.00');
    expect(stepDecimals(undefined, 1, 12)).toBe('0.0');
    expect(stepDecimals(undefined, -1, 12)).toBe('0');
  });

  it('adds and removes one place of a code, dropping the point with the last place', () => {
    expect(stepDecimals('0.00', 1, 0)).toBe('0.000');
    expect(stepDecimals('0.00', -1, 0)).toBe('0.0');
    expect(stepDecimals('0.0', -1, 0)).toBe('0');
    expect(stepDecimals('0', -1, 0)).toBe('0');
    expect(stepDecimals('#,##0', 1, 0)).toBe('#,##0.0');
    expect(stepDecimals('0%', 1, 0)).toBe('0.0%');
    expect(stepDecimals('0.00%', -1, 0)).toBe('0.0%');
  });

  it('changes every section, and leaves quoted text, colours and dates alone', () => {
    expect(stepDecimals('"$"#,##0.00;[Red]-"$"#,##0.00', 1, 0)).toBe(
      '"$"#,##0.000;[Red]-"$"#,##0.000',
    );
    expect(stepDecimals('0.0 "units 0.0"', -1, 0)).toBe('0 "units 0.0"');
    expect(stepDecimals('$#,##0', 1, 0)).toBe('$#,##0.0');
    expect(stepDecimals('yyyy-mm-dd', 1, 0)).toBe('yyyy-mm-dd');
    expect(stepDecimals('@', 1, 0)).toBe('@');
  });
});

describe('the number format menu', () => {
  it('names a code by its preset, or by what it shows', () => {
    expect(numberFormatName(undefined)).toBe('Automatic');
    for (const preset of NUMBER_FORMAT_PRESETS.filter((entry) => entry.code !== null))
      expect(numberFormatName(preset.code!)).toBe(preset.label.split('  ')[0]);
    expect(numberFormatName('0%')).toBe('Percent');
    expect(numberFormatName('$#,##0')).toBe('Currency');
    expect(numberFormatName('d mmm yyyy')).toBe('Date/time');
    expect(numberFormatName('0.0 "units"')).toBe('Custom');
  });
});

describe('the formula bar’s text for a formatted number', () => {
  it('gives the number under a format, a percentage as typed, a date as an ISO date', () => {
    expect(editableInput(numberCell(1200, '1200', '$#,##0'))).toBe('1200');
    expect(editableInput(numberCell(1200.5, '1200.5', '#,##0.00'))).toBe('1200.5');
    expect(editableInput(numberCell(0.15, '0.15', '0%'))).toBe('15%');
    expect(editableInput(numberCell(0.125, '0.125', '0.00%'))).toBe('12.5%');
    expect(editableInput(numberCell(46053, '46053', 'm/d/yyyy'))).toBe('2026-01-31');
    expect(editableInput(numberCell(7, '7'))).toBe('7');
    expect(editableInput({ ...numberCell(3, '=1+2', '0.00'), formula: '=1+2' })).toBe('=1+2');
  });

  it('writes date and time serials so the server reads them back to the same serial', () => {
    expect(serialAsTyped(46053)).toBe('2026-01-31');
    expect(serialAsTyped(46053 + 14.5 / 24)).toBe('2026-01-31 14:30');
    expect(serialAsTyped(14.5 / 24)).toBe('14:30:00');
    expect(serialAsTyped((14 * 3600 + 30 * 60 + 5) / 86_400)).toBe('14:30:05');
  });
});

describe('the patch that replaces a whole format', () => {
  it('sends every field, null where the source has none', () => {
    expect(replacingPatch({ bold: true, number_format: '0%' })).toEqual({
      number_format: '0%',
      bold: true,
      italic: null,
      underline: null,
      strikethrough: null,
      color: null,
      fill: null,
      align: null,
      wrap: null,
    });
    expect(Object.values(replacingPatch(undefined)).every((value) => value === null)).toBe(true);
  });

  it('groups equal formats whatever their field order', () => {
    expect(formatKey({ bold: true, color: '#FF0000' })).toBe(
      formatKey({ color: '#FF0000', bold: true }),
    );
    expect(formatKey({ bold: true })).not.toBe(formatKey({ italic: true }));
    expect(isPlain({})).toBe(true);
    expect(isPlain({ wrap: false })).toBe(false);
  });

  it('repeats one copied format over a larger paste, and drops a grid of another shape', () => {
    const bold = { bold: true };
    expect(
      pasteFormatGrid(
        [[bold]],
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
      ),
    ).toEqual([
      [bold, bold],
      [bold, bold],
    ]);
    expect(pasteFormatGrid([[bold], [bold]], [['a']])).toBeUndefined();
  });
});

describe('formats from another program’s clipboard HTML', () => {
  it('reads declarations and Excel’s class rules', () => {
    expect(parseDeclarations('font-weight: 700; COLOR:#f00;;bad')).toEqual(
      new Map([
        ['font-weight', '700'],
        ['color', '#f00'],
      ]),
    );
    const rules = parseClassRules(
      '<!-- td {padding:0} .xl65 {mso-number-format:Percent;} td.xl66, .xl67 {font-style:italic} -->',
    );
    expect(rules.get('xl65')?.get('mso-number-format')).toBe('Percent');
    expect(rules.get('xl66')?.get('font-style')).toBe('italic');
    expect(rules.get('xl67')?.get('font-style')).toBe('italic');
  });

  it('turns CSS colours into #RRGGBB and ignores transparent ones', () => {
    expect(cssColour('#f00')).toBe('#FF0000');
    expect(cssColour('#00ff7f')).toBe('#00FF7F');
    expect(cssColour('rgb(0, 0, 255)')).toBe('#0000FF');
    expect(cssColour('rgba(255,255,0,1)')).toBe('#FFFF00');
    expect(cssColour('rgba(0,0,0,0)')).toBeUndefined();
    expect(cssColour('transparent')).toBeUndefined();
    expect(cssColour('red')).toBe('#FF0000');
  });

  it('reads Excel’s mso-number-format codes and names', () => {
    expect(msoNumberFormat('"\\0022$\\0022\\#\\,\\#\\#0\\.00"')).toBe('"$"#,##0.00');
    expect(msoNumberFormat('Percent')).toBe('0.00%');
    expect(msoNumberFormat('"Short Date"')).toBe('m/d/yyyy');
    expect(msoNumberFormat('"0\\.0%"')).toBe('0.0%');
    expect(msoNumberFormat('\\@')).toBe('@');
    expect(msoNumberFormat('General')).toBeUndefined();
  });

  it('builds a cell format from styles and tags; plain black on white is no format', () => {
    expect(
      formatFromStyles(
        new Map([
          ['font-weight', 'bold'],
          ['color', 'rgb(192,0,0)'],
          ['background-color', '#ffeb9c'],
          ['text-align', 'center'],
          ['text-decoration', 'underline line-through'],
        ]),
        NO_TAGS,
      ),
    ).toEqual({
      bold: true,
      color: '#C00000',
      fill: '#FFEB9C',
      align: 'center',
      underline: true,
      strikethrough: true,
    });
    expect(formatFromStyles(new Map(), { ...NO_TAGS, italic: true })).toEqual({ italic: true });
    expect(
      formatFromStyles(
        new Map([
          ['color', '#000000'],
          ['background-color', '#ffffff'],
          ['font-weight', '400'],
        ]),
        NO_TAGS,
      ),
    ).toEqual({});
  });
});

describe('typing a number into a percentage cell', () => {
  it('reads 1 or more as percent and a fraction as itself, shifting decimal text exactly', () => {
    const cases: [string, string][] = [
      ['20', '0.2'],
      ['5', '0.05'],
      ['150', '1.5'],
      ['100', '1'],
      ['1.1', '0.011'],
      ['1,234.5', '12.345'],
      ['-7', '-0.07'],
      ['0.2', '0.2'],
      ['.5', '.5'],
      ['0', '0'],
      ['20%', '20%'],
      ['abc', 'abc'],
      ['=A1*2', '=A1*2'],
    ];
    for (const [typed, stored] of cases) expect(percentEntry(typed, '0.00%'), typed).toBe(stored);
    // Not a percentage cell, or a % only inside quoted text: as typed.
    expect(percentEntry('20', '0.00')).toBe('20');
    expect(percentEntry('20', '0" %"')).toBe('20');
    expect(percentEntry('20', undefined)).toBe('20');
  });

  it('typing into a Plain text (@) cell keeps what is typed as text, as Excel does', () => {
    expect(textEntry('00123', '@')).toBe("'00123");
    expect(textEntry('1/2', '@')).toBe("'1/2");
    expect(textEntry('=A1', '@')).toBe("'=A1");
    // Already quoted, a clear, and other formats: as typed.
    expect(textEntry("'007", '@')).toBe("'007");
    expect(textEntry('', '@')).toBe('');
    expect(textEntry('00123', '0.00')).toBe('00123');
    expect(textEntry('00123', undefined)).toBe('00123');
  });
});
