// How a commit record sits in a log segment: an 8-byte header — the payload's length and its
// CRC-32, both unsigned little-endian — then the record as UTF-8 JSON. A record cut short by a
// crash (kill -9 mid-append) fails the length or the checksum and is recognisable as such.
import { crc32 } from 'node:zlib';
import type { CommitRecord } from '../../core/index.js';

export const FRAME_HEADER_BYTES = 8;

export function encodeFrame(record: CommitRecord): Buffer {
  const json = JSON.stringify(record);
  const length = Buffer.byteLength(json, 'utf8');
  // The JSON is encoded straight behind the header: one buffer a record, not two and a copy.
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length);
  frame.write(json, FRAME_HEADER_BYTES, 'utf8');
  frame.writeUInt32LE(length, 0);
  frame.writeUInt32LE(crc32(frame.subarray(FRAME_HEADER_BYTES)), 4);
  return frame;
}

export interface DecodedFrames {
  readonly records: CommitRecord[];
  /** Where the readable records end; bytes past it failed to decode. */
  readonly validBytes: number;
  /** Why decoding stopped before the end, if it did. */
  readonly problem?: string;
}

function isRecord(value: unknown): value is CommitRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<CommitRecord>;
  return (
    Number.isInteger(record.seq) &&
    typeof record.kind === 'string' &&
    typeof record.at === 'string' &&
    (Array.isArray(record.ops) || record.ops === 'snapshot')
  );
}

/** Every whole, checksummed record from the start of `data`, stopping at the first bad one. */
export function decodeFrames(data: Buffer): DecodedFrames {
  const records: CommitRecord[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < FRAME_HEADER_BYTES)
      return { records, validBytes: offset, problem: 'a record header is cut short' };
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const start = offset + FRAME_HEADER_BYTES;
    if (data.length - start < length)
      return { records, validBytes: offset, problem: `a record of ${length} bytes is cut short` };
    const payload = data.subarray(start, start + length);
    if (crc32(payload) !== checksum)
      return { records, validBytes: offset, problem: 'a record fails its checksum' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return { records, validBytes: offset, problem: 'a record with a valid checksum is not JSON' };
    }
    if (!isRecord(parsed))
      return {
        records,
        validBytes: offset,
        problem: 'a record with a valid checksum is not a commit record',
      };
    records.push(parsed);
    offset = start + length;
  }
  return { records, validBytes: offset };
}
