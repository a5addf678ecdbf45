// An xlsx file is a zip archive, and a few kilobytes of it can inflate to gigabytes (a 300 MB
// sheet of whitespace compresses to almost nothing). exceljs inflates every part into memory
// before anything can be checked, so the archive is inflated here first, entry by entry, and
// only counted: the sizes an archive declares are not trusted. Inflating is zlib's stream, which
// works on libuv's thread pool and hands over one chunk at a time: nothing is kept, and the
// server answers other requests meanwhile (inflating 300 MB in one synchronous call held it 1.8 s).
import { createInflateRaw } from 'node:zlib';
import { TooLargeError } from '../core/index.js';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** How many bytes an xlsx may inflate to, all parts together (a 1,000,000-cell sheet is ~70 MB). */
export const MAX_XLSX_INFLATED_BYTES = 256 * 1024 * 1024;

interface Entry {
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
function entriesOf(bytes: Buffer): Entry[] | undefined {
  const end = endOfDirectory(bytes);
  if (end === undefined) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localHeader: bytes.readUInt32LE(at + 42),
    });
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function dataOf(bytes: Buffer, entry: Entry): Buffer | undefined {
  const at = entry.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return undefined;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** How many bytes `compressed` inflates to, counting stopped past `limit`; undefined when damaged. */
function inflatedLength(compressed: Buffer, limit: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    let length = 0;
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflater.destroy();
        resolve(length);
      }
    });
    inflater.on('end', () => resolve(length));
    inflater.on('error', () => resolve(undefined));
    inflater.end(compressed);
  });
}

/** Rejects with TooLargeError naming `field` when the archive inflates past `maxBytes`. */
export async function checkInflatedSize(
  data: Uint8Array,
  field: string,
  maxBytes = MAX_XLSX_INFLATED_BYTES,
): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries = entriesOf(bytes);
  if (entries === undefined) return;
  const tooLarge = new TooLargeError(
    field,
    `inflates to more than ${maxBytes} bytes; an .xlsx may hold at most that much uncompressed.`,
  );
  let total = 0;
  for (const entry of entries) {
    const compressed = dataOf(bytes, entry);
    if (compressed === undefined || (entry.method !== STORED && entry.method !== DEFLATED))
      continue;
    // A damaged entry is exceljs's to report.
    total +=
      entry.method === STORED
        ? compressed.length
        : ((await inflatedLength(compressed, maxBytes - total)) ?? 0);
    if (total > maxBytes) throw tooLarge;
  }
}
