// CHAR and CODE read the workbook's character set: the Windows code page 1252 unless the
// workbook computes as Excel for the Mac does, in the Macintosh character set.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';
import type { Workbook, WireValue } from '../index.js';
import { byteOfChar, CHARACTER_SETS, charOfByte, type CharacterSet } from './character-sets.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

/** A workbook computing in `characterSet`, installed as a load or an import installs one. */
function workbookIn(characterSet: CharacterSet): Workbook {
  const book = bed.open();
  book.apply([{ type: 'replace-workbook', document: { ...book.document(), characterSet } }]);
  return book;
}

function calcIn(book: Workbook, formula: string): WireValue {
  writeCell(book, 'ZZ1', formula);
  return valueAt(book, 'ZZ1');
}

describe('CHAR in the Windows code page 1252 (the default)', () => {
  it.each([
    ['=CHAR(65)', 'A'],
    ['=CHAR(33)', '!'],
    ['=CHAR(128)', '€'],
    ['=CHAR(150)', '–'],
    ['=CHAR(153)', '™'],
    ['=CHAR(159)', 'Ÿ'],
    ['=CHAR(129)', '\u0081'],
    ['=CHAR(233)', 'é'],
    ['=CHAR(255.9)', 'ÿ'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each(['=CHAR(0)', '=CHAR(256)', '=CHAR(0.5)', '=CHAR("x")'])('%s is #VALUE!', (formula) => {
    expect(calc(formula)).toBe('#VALUE!');
  });
});

describe('CODE in the Windows code page 1252 (the default)', () => {
  it.each([
    ['=CODE("A")', 65],
    ['=CODE("Alphabet")', 65],
    ['=CODE("€")', 128],
    ['=CODE("™")', 153],
    ['=CODE("é")', 233],
    ['=CODE(CHAR(146))', 146],
    ['=CODE("Ω")', 63],
    ['=CODE(TRUE)', 84],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('an empty text is #VALUE!', () => {
    expect(calc('=CODE("")')).toBe('#VALUE!');
  });
});

describe('the Macintosh character set (Mac OS Roman)', () => {
  it.each([
    [0x41, 'A'],
    [0x80, 'Ä'],
    [0x9d, 'ù'],
    [0xa0, '†'],
    [0xa5, '•'],
    [0xbd, 'Ω'],
    [0xca, '\u00a0'],
    [0xdb, '€'],
    [0xde, 'ﬁ'],
    [0xf0, '\uf8ff'],
    [0xff, 'ˇ'],
  ])('byte %i is %j, as in Apple’s table', (byte, expected) => {
    expect(charOfByte('mac-roman', byte)).toBe(expected);
  });

  it('maps every byte as the Encoding Standard\'s "macintosh" decoder does', () => {
    // An independent copy of Apple's table (Node's ICU). Node's "windows-1252" decoder cannot
    // serve the same way: it decodes as Latin-1.
    const bytes = Uint8Array.from({ length: 255 }, (_, index) => index + 1);
    const decoded = [...new TextDecoder('macintosh').decode(bytes)];
    expect(Array.from(bytes, (byte) => charOfByte('mac-roman', byte))).toEqual(decoded);
  });

  it('holds 256 distinct characters', () => {
    const chars = new Set(Array.from({ length: 256 }, (_, byte) => charOfByte('mac-roman', byte)));
    expect(chars.size).toBe(256);
  });

  it('CHAR and CODE of a Mac workbook answer as Excel for the Mac', () => {
    const book = workbookIn('mac-roman');
    expect(calcIn(book, '=CHAR(128)')).toBe('Ä');
    expect(calcIn(book, '=CHAR(219)')).toBe('€');
    expect(calcIn(book, '=UNICODE(CHAR(240))')).toBe(0xf8ff);
    expect(calcIn(book, '=CODE("€")')).toBe(219);
    expect(calcIn(book, '=CODE("Ω")')).toBe(189);
    expect(calcIn(book, '=CODE("š")')).toBe(63);
    expect(calcIn(book, '=CHAR(65)')).toBe('A');
  });

  it('a formula already in the workbook recomputes when the character set changes', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=CHAR(128)');
    expect(valueAt(book, 'A1')).toBe('€');
    book.apply([
      { type: 'replace-workbook', document: { ...book.document(), characterSet: 'mac-roman' } },
    ]);
    expect(valueAt(book, 'A1')).toBe('Ä');
    expect(book.document().characterSet).toBe('mac-roman');
    book.undo();
    expect(valueAt(book, 'A1')).toBe('€');
    expect(book.document().characterSet).toBeUndefined();
  });
});

describe.each(CHARACTER_SETS)('%s', (set) => {
  it('every code from 1 to 255 comes back from CHAR unchanged', () => {
    for (let byte = 1; byte <= 255; byte += 1)
      expect(byteOfChar(set, charOfByte(set, byte))).toBe(byte);
  });
});
