// CHAR and CODE through the Windows code page 1252 (Western European), as Excel for Windows
// reads them: CHAR(128) is "€", not the invisible control character U+0080 HyperFormula gives,
// and CODE("€") is 128. Excel for the Mac uses Mac Roman instead; one server answers one way,
// and Windows is where most workbooks are computed.
import { integerArg, textArg, valueError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

/**
 * Code points of the bytes 0x80–0x9F in code page 1252; the five bytes it leaves undefined map
 * to the C1 control character of the same number, as Windows converts them.
 */
const HIGH_CONTROLS = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
] as const;

const BYTE_OF = new Map<number, number>(HIGH_CONTROLS.map((point, index) => [point, 0x80 + index]));

/** What Windows writes for a character the code page cannot hold. */
const QUESTION_MARK = 63;

export function charOfByte(byte: number): string {
  return String.fromCodePoint(byte >= 0x80 && byte <= 0x9f ? HIGH_CONTROLS[byte - 0x80]! : byte);
}

export function byteOfChar(char: string): number {
  const point = char.codePointAt(0)!;
  const mapped = BYTE_OF.get(point);
  if (mapped !== undefined) return mapped;
  if (point < 0x80 || (point >= 0xa0 && point <= 0xff)) return point;
  return QUESTION_MARK;
}

const char: CustomFunction = {
  name: 'CHAR',
  minArgs: 1,
  maxArgs: 1,
  parameters: ['number'],
  category: 'Text',
  description: 'CHAR(number): the character with that code (1–255) in the Windows code page 1252',
  evaluate: (args) => {
    const code = integerArg('CHAR', args, 0);
    if (code < 1 || code > 255) throw valueError('CHAR: number must be from 1 to 255');
    return charOfByte(code);
  },
};

const code: CustomFunction = {
  name: 'CODE',
  minArgs: 1,
  maxArgs: 1,
  parameters: ['text'],
  category: 'Text',
  description:
    "CODE(text): the code (1–255) of text's first character in the Windows code page 1252; 63 for a character it cannot hold",
  evaluate: (args) => {
    const text = textArg('CODE', args, 0);
    if (text === '') throw valueError('CODE: text is empty');
    return byteOfChar(text);
  },
};

export const CODE_PAGE_FUNCTIONS: readonly CustomFunction[] = [char, code];
