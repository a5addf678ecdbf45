// A zip archive's central directory read straight from its bytes: its entries (name, method,
// where the data is) and one small part's text. zip-bounds.ts inflates every entry through it
// before exceljs does; the xlsx import reads docProps/app.xml, which exceljs does not keep.
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
export const STORED = 0;
export const DEFLATED = 8;

export interface Entry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly localHeader: number;
}

function endOfDirectory(bytes: Buffer): number | undefined {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return undefined;
}

/** The archive's entries, or undefined when it is not a zip this reader understands (exceljs then reports it). */
export function entriesOf(bytes: Buffer): Entry[] | undefined {
  const end = endOfDirectory(bytes);
  if (end === undefined) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      name: bytes.toString('utf8', at + 46, Math.min(bytes.length, at + 46 + nameLength)),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localHeader: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

export function dataOf(bytes: Buffer, entry: Entry): Buffer | undefined {
  const at = entry.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return undefined;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  return bytes.subarray(start, start + entry.compressedSize);
}

const inflate = promisify(inflateRaw);

/**
 * The text of the part named `name` (its leading `/` optional, as some writers put one), or
 * undefined when the archive has none, it is damaged, or it inflates past `maxBytes`: only
 * small parts are read here, on zlib's thread pool.
 */
export async function readPart(
  data: Uint8Array,
  name: string,
  maxBytes: number,
): Promise<string | undefined> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entry = entriesOf(bytes)?.find((candidate) => candidate.name.replace(/^\//, '') === name);
  const compressed = entry === undefined ? undefined : dataOf(bytes, entry);
  if (entry === undefined || compressed === undefined) return undefined;
  if (entry.method === STORED)
    return compressed.length > maxBytes ? undefined : compressed.toString('utf8');
  if (entry.method !== DEFLATED) return undefined;
  try {
    return (await inflate(compressed, { maxOutputLength: maxBytes })).toString('utf8');
  } catch {
    // Damaged, or larger than an app.xml can be: the part is as good as absent.
    return undefined;
  }
}

/**
 * The text of each part named in `names` that the archive holds (small parts exceljs does not
 * read, such as xl/metadata.xml), read as readPart reads one: a damaged or larger part is left out.
 */
export async function readParts(
  data: Uint8Array,
  names: readonly string[],
  maxBytes: number,
): Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  for (const name of names) {
    const text = await readPart(data, name, maxBytes);
    if (text !== undefined) parts.set(name, text);
  }
  return parts;
}
