// A CSV file's bytes → its text. A CSV carries no word of its encoding, and the programs users
// export from differ: Excel's "CSV UTF-8" marks UTF-8 with a byte order mark, its plain "CSV
// (Comma delimited)" writes the Windows code page with no mark (Windows-1252 in Western
// locales), "Unicode Text" writes marked UTF-16. Read as UTF-8 whatever they were, every é or ü
// of such a file became U+FFFD, silently.
import { InvalidDocumentError } from './errors.js';

/** A CSV upload: text already decoded, or the file's bytes and the charset its sender declared. */
export type CsvSource = string | { readonly bytes: Uint8Array; readonly charset?: string };

const BYTE_ORDER_MARKS: readonly { readonly mark: readonly number[]; readonly encoding: string }[] =
  [
    { mark: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
    { mark: [0xff, 0xfe], encoding: 'utf-16le' },
    { mark: [0xfe, 0xff], encoding: 'utf-16be' },
  ];

/**
 * Windows-1252's bytes 0x80 to 0x9f (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; the
 * five it leaves undefined stay as the control characters). Node 20's TextDecoder decodes
 * windows-1252 as Latin-1, which has control characters there, so Excel's “smart quotes” and €
 * came out as invisible characters; every other byte is the same code point in both.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

function markedEncoding(bytes: Uint8Array): string | undefined {
  return BYTE_ORDER_MARKS.find(({ mark }) => mark.every((byte, index) => bytes[index] === byte))
    ?.encoding;
}

/** Strict UTF-8, else the legacy code page (UTF-8 rarely decodes by chance, Windows-1252 always does). */
function utf8OrLegacy(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // What Excel's "CSV (Comma delimited)" is on a Western Windows.
    return decodeWindows1252(bytes);
  }
}

function decodeDeclared(bytes: Uint8Array, charset: string, field: string): string {
  let decoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw new InvalidDocumentError(
      field,
      `its charset "${charset}" is not an encoding Gridbook reads; send it as UTF-8 (charset=utf-8) or name a standard encoding such as windows-1252.`,
    );
  }
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

/**
 * The text of a CSV upload: a byte order mark decides its encoding, else the charset its sender
 * declared, else UTF-8 when the bytes are valid UTF-8 and Windows-1252 when not. A declared UTF-8
 * is checked the same way: clients label whatever they send UTF-8. Text holding NUL characters
 * is refused, since a CSV never does: it is a binary file (an .xlsx sent here) or unmarked UTF-16.
 */
export function csvText(source: CsvSource, field = 'body'): string {
  if (typeof source === 'string') return source;
  const { bytes, charset } = source;
  const marked = markedEncoding(bytes);
  const text =
    marked !== undefined
      ? new TextDecoder(marked).decode(bytes)
      : charset === undefined || /^utf-?8$/i.test(charset)
        ? utf8OrLegacy(bytes)
        : decodeDeclared(bytes, charset, field);
  if (text.includes('\u0000')) {
    throw new InvalidDocumentError(
      field,
      'is not CSV text: it holds NUL characters, as a binary file (an .xlsx) or UTF-16 text without a byte order mark does. Import an .xlsx with POST /system/import.xlsx, or save the file as CSV UTF-8.',
    );
  }
  return text;
}
