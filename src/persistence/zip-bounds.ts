// An xlsx file is a zip archive, and a few kilobytes of it can inflate to gigabytes (a 300 MB
// sheet of whitespace compresses to almost nothing). exceljs inflates every part into memory
// before anything can be checked, so the archive is inflated here first, entry by entry, and
// only counted: the sizes an archive declares are not trusted. Inflating is zlib's stream, which
// works on libuv's thread pool and hands over one chunk at a time: nothing is kept, and the
// server answers other requests meanwhile (inflating 300 MB in one synchronous call held it 1.8 s).
// The same pass counts cell elements (`<c …>`), so a file with more cells than an import may
// bring is refused before exceljs spends minutes parsing it (3,000,000 cells held the server 220 s).
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { TooLargeError, tooManyCellsInImport } from '../core/index.js';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** How many bytes an xlsx may inflate to, all parts together (a 1,000,000-cell sheet is ~70 MB). */
export const MAX_XLSX_INFLATED_BYTES = 256 * 1024 * 1024;

interface Entry {
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
function entriesOf(bytes: Buffer): Entry[] | undefined {
  const end = endOfDirectory(bytes);
  if (end === undefined) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28)),
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

const CELL_OPEN = Buffer.from('<c');

/** Whether the byte after `<c` ends the element name (so `<c r=…>`, `<c>`, `<c/>`, not `<col`). */
function endsName(byte: number | undefined): boolean {
  return (
    byte === 0x20 ||
    byte === 0x3e ||
    byte === 0x2f ||
    byte === 0x09 ||
    byte === 0x0a ||
    byte === 0x0d
  );
}

/**
 * Counts `<c` elements over a stream of chunks: a match may straddle two chunks, so a trailing
 * `<` or `<c` is carried into the next.
 */
class CellCounter {
  cells = 0;
  #carry: Buffer = Buffer.alloc(0);

  add(chunk: Buffer): void {
    const text = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    let at = text.indexOf(CELL_OPEN);
    while (at !== -1 && at + 2 < text.length) {
      if (endsName(text[at + 2])) this.cells += 1;
      at = text.indexOf(CELL_OPEN, at + 2);
    }
    if (at !== -1) this.#carry = Buffer.from(text.subarray(at));
    else this.#carry = text[text.length - 1] === 0x3c ? Buffer.from('<') : Buffer.alloc(0);
  }

  /** A new part begins: nothing of the previous one can complete a match. */
  reset(): void {
    this.#carry = Buffer.alloc(0);
  }
}

interface Tally {
  bytes: number;
  readonly counter: CellCounter;
}

/**
 * Inflates `compressed`, adding its bytes and cells to `tally`; stops early once either passes
 * its bound. False when the data is damaged.
 */
function inflateCounting(
  compressed: Buffer,
  tally: Tally,
  maxBytes: number,
  maxCells: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    inflater.on('data', (chunk: Buffer) => {
      tally.bytes += chunk.length;
      tally.counter.add(chunk);
      if (tally.bytes > maxBytes || tally.counter.cells > maxCells) {
        inflater.destroy();
        resolve(true);
      }
    });
    inflater.on('end', () => resolve(true));
    inflater.on('error', () => resolve(false));
    inflater.end(compressed);
  });
}

/**
 * Rejects with TooLargeError naming `field` when the archive inflates past `maxBytes` or its
 * parts hold more than `maxCells` cell elements (GRIDBOOK_MAX_IMPORT_CELLS). Styled empty cells
 * count: exceljs makes a cell of each.
 */
export async function checkInflatedSize(
  data: Uint8Array,
  field: string,
  maxBytes = MAX_XLSX_INFLATED_BYTES,
  maxCells = Number.POSITIVE_INFINITY,
): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries = entriesOf(bytes);
  if (entries === undefined) return;
  const tooLarge = new TooLargeError(
    field,
    `inflates to more than ${maxBytes} bytes; an .xlsx may hold at most that much uncompressed.`,
  );
  const tally: Tally = { bytes: 0, counter: new CellCounter() };
  for (const entry of entries) {
    const compressed = dataOf(bytes, entry);
    if (compressed === undefined || (entry.method !== STORED && entry.method !== DEFLATED))
      continue;
    // A damaged entry is exceljs's to report.
    tally.counter.reset();
    if (entry.method === STORED) {
      tally.bytes += compressed.length;
      tally.counter.add(compressed);
    } else await inflateCounting(compressed, tally, maxBytes, maxCells);
    if (tally.bytes > maxBytes) throw tooLarge;
    if (tally.counter.cells > maxCells)
      throw tooManyCellsInImport(field, `more than ${maxCells}`, maxCells);
  }
}

/**
 * The text of the archive's parts named in `names` that it holds (small parts exceljs does not
 * read, such as xl/metadata.xml), each inflated up to `maxBytes`; a damaged or larger one is left
 * out. Call it after checkInflatedSize.
 */
export function readParts(
  data: Uint8Array,
  names: readonly string[],
  maxBytes = 16 * 1024 * 1024,
): Map<string, string> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const parts = new Map<string, string>();
  for (const entry of entriesOf(bytes) ?? []) {
    if (!names.includes(entry.name)) continue;
    const compressed = dataOf(bytes, entry);
    if (compressed === undefined) continue;
    try {
      if (entry.method === STORED) parts.set(entry.name, compressed.toString('utf8'));
      else if (entry.method === DEFLATED)
        parts.set(
          entry.name,
          inflateRawSync(compressed, { maxOutputLength: maxBytes }).toString('utf8'),
        );
    } catch {
      // A damaged or oversized part: its rich values are not read.
    }
  }
  return parts;
}
