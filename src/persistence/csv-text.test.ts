import { describe, expect, it } from 'vitest';
import { csvText } from './csv-text.js';
import { InvalidDocumentError } from './errors.js';

const bytes = (text: string, encoding: BufferEncoding) => ({ bytes: Buffer.from(text, encoding) });

describe('csvText', () => {
  it('reads unmarked UTF-8 as UTF-8 and unmarked bytes that are not UTF-8 as Windows-1252', () => {
    expect(csvText(bytes('Zoë,€5\r\n', 'utf8'))).toBe('Zoë,€5\r\n');
    expect(csvText({ bytes: Buffer.from([0x5a, 0x6f, 0xeb, 0x2c, 0x80, 0x35]) })).toBe('Zoë,€5');
  });

  it('reads Windows-1252 by its own table, smart quotes and € included, declared or guessed', () => {
    const quoted = Buffer.from([0x93, 0x80, 0x35, 0x94, 0x2c, 0x9f]);
    expect(csvText({ bytes: quoted })).toBe('“€5”,Ÿ');
    expect(csvText({ bytes: quoted, charset: 'windows-1252' })).toBe('“€5”,Ÿ');
  });

  it('drops the byte order mark it read the encoding from', () => {
    expect(csvText({ bytes: Buffer.from('\ufeffa,b', 'utf8') })).toBe('a,b');
    expect(csvText({ bytes: Buffer.from('\ufeffa,b', 'utf16le') })).toBe('a,b');
  });

  it('checks a declared UTF-8 like an undeclared one: senders label whatever they send UTF-8', () => {
    expect(csvText({ bytes: Buffer.from('Ren\xe9', 'latin1'), charset: 'UTF-8' })).toBe('René');
  });

  it('refuses text holding NUL characters, naming the field', () => {
    expect(() => csvText(bytes('a,b', 'utf16le'), 'file')).toThrow(InvalidDocumentError);
    expect(() => csvText(bytes('a,b', 'utf16le'), 'file')).toThrow(/^file: is not CSV text/);
  });
});
