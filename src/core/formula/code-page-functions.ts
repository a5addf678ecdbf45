// CHAR and CODE through the workbook's character set (character-sets.ts), as Excel reads them:
// in the Windows code page 1252 CHAR(128) is "€", not the invisible control character U+0080
// HyperFormula gives, and CODE("€") is 128; a workbook from Excel for the Mac answers in the
// Macintosh character set, where CHAR(128) is "Ä" and "€" is 219.
import { byteOfChar, charOfByte } from './character-sets.js';
import { integerArg, textArg, valueError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

const char: CustomFunction = {
  name: 'CHAR',
  minArgs: 1,
  maxArgs: 1,
  parameters: ['number'],
  category: 'Text',
  description:
    "CHAR(number): the character with that code (1–255) in the workbook's character set (Windows code page 1252, or the Macintosh set for a workbook from Excel for the Mac)",
  evaluate: (args, settings) => {
    const code = integerArg('CHAR', args, 0);
    if (code < 1 || code > 255) throw valueError('CHAR: number must be from 1 to 255');
    return charOfByte(settings.characterSet, code);
  },
};

const code: CustomFunction = {
  name: 'CODE',
  minArgs: 1,
  maxArgs: 1,
  parameters: ['text'],
  category: 'Text',
  description:
    "CODE(text): the code (1–255) of text's first character in the workbook's character set; 63 for a character it cannot hold",
  evaluate: (args, settings) => {
    const text = textArg('CODE', args, 0);
    if (text === '') throw valueError('CODE: text is empty');
    return byteOfChar(settings.characterSet, text);
  },
};

export const CODE_PAGE_FUNCTIONS: readonly CustomFunction[] = [char, code];
