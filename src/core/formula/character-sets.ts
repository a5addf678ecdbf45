// The character sets CHAR and CODE map codes 1–255 through. Excel uses the platform's: the
// Windows code page 1252 (Western European) on Windows, the Macintosh character set (Mac OS
// Roman) on the Mac (Microsoft's CHAR page). A workbook carries which one it computes with,
// Windows unless it came from Excel for the Mac (persistence's xlsx import reads that).
import { MAC_ROMAN_HIGH_HALF } from './mac-roman.js';

export type CharacterSet = 'windows-1252' | 'mac-roman';

export const CHARACTER_SETS: readonly CharacterSet[] = ['windows-1252', 'mac-roman'];

/** Windows is where most workbooks are computed, and what Excel on the web and Android use. */
export const DEFAULT_CHARACTER_SET: CharacterSet = 'windows-1252';

export function isCharacterSet(value: unknown): value is CharacterSet {
  return CHARACTER_SETS.includes(value as CharacterSet);
}

/**
 * Code points of the bytes 0x80–0x9F in code page 1252; the five bytes it leaves undefined map
 * to the C1 control character of the same number, as Windows converts them. From 0xA0 on the
 * code page is Latin-1, whose bytes are their own code points.
 */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
] as const;

const WINDOWS_1252_HIGH_HALF = Array.from({ length: 128 }, (_, index) =>
  index < WINDOWS_1252_C1.length ? WINDOWS_1252_C1[index]! : 0x80 + index,
);

/** Both directions of one set's upper half (bytes 0x80–0xFF); the lower half is ASCII in both. */
interface UpperHalf {
  readonly points: readonly number[];
  readonly bytes: ReadonlyMap<number, number>;
}

function upperHalf(points: readonly number[]): UpperHalf {
  return { points, bytes: new Map(points.map((point, index) => [point, 0x80 + index])) };
}

const UPPER_HALVES: Readonly<Record<CharacterSet, UpperHalf>> = {
  'windows-1252': upperHalf(WINDOWS_1252_HIGH_HALF),
  'mac-roman': upperHalf(MAC_ROMAN_HIGH_HALF),
};

/** What both platforms write for a character the set cannot hold. */
const QUESTION_MARK = 63;

/** The character of a byte (0–255) in `set`. */
export function charOfByte(set: CharacterSet, byte: number): string {
  return String.fromCodePoint(byte < 0x80 ? byte : UPPER_HALVES[set].points[byte - 0x80]!);
}

/** The byte of a text's first character in `set`, or 63 ("?") when the set cannot hold it. */
export function byteOfChar(set: CharacterSet, char: string): number {
  const point = char.codePointAt(0)!;
  if (point < 0x80) return point;
  return UPPER_HALVES[set].bytes.get(point) ?? QUESTION_MARK;
}
