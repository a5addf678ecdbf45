import { describe, expect, it } from 'vitest';
import type { CommitRecord } from '../../core/index.js';
import { decodeFrames, encodeFrame, FRAME_HEADER_BYTES } from './record-framing.js';

function record(seq: number, text: string): CommitRecord {
  return {
    seq,
    kind: 'change',
    at: '2026-11-28T12:00:00.000Z',
    ops: [{ type: 'set-cells', sheet: 'Sheet1', cells: [{ row: 0, col: 0, value: text }] }],
  } as unknown as CommitRecord;
}

describe('record frames', () => {
  it('a record with text outside ASCII decodes back whole: the header counts bytes, not characters', () => {
    const first = record(1, 'Größe € 😀');
    const second = record(2, 'plain');
    const data = Buffer.concat([encodeFrame(first), encodeFrame(second)]);
    const decoded = decodeFrames(data);
    expect(decoded.problem).toBeUndefined();
    expect(decoded.records).toEqual([first, second]);
    expect(decoded.validBytes).toBe(data.length);
  });

  it('the header holds the payload length and a checksum that a changed byte fails', () => {
    const frame = encodeFrame(record(1, 'x'));
    expect(frame.readUInt32LE(0)).toBe(frame.length - FRAME_HEADER_BYTES);
    const flipped = frame.length - 3;
    frame.writeUInt8(frame.readUInt8(flipped) ^ 0x01, flipped);
    const decoded = decodeFrames(frame);
    expect(decoded.records).toEqual([]);
    expect(decoded.validBytes).toBe(0);
  });
});
