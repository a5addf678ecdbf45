import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lines.js';

function splitter(maxLineLength = 100): { lines: string[]; cut: string[]; split: LineSplitter } {
  const lines: string[] = [];
  const cut: string[] = [];
  const split = new LineSplitter({
    maxLineLength,
    onLine: (line) => lines.push(line),
    onOverflow: (start) => cut.push(start),
  });
  return { lines, cut, split };
}

describe('LineSplitter', () => {
  it('joins lines that arrive in pieces and splits chunks holding several', () => {
    const { lines, split } = splitter();
    for (const chunk of ['{"id":', '1}\n{"id"', ':2}\n{"id":3}\r\n', '{"id":4']) split.push(chunk);
    expect(lines).toEqual(['{"id":1}', '{"id":2}', '{"id":3}']);
    split.end();
    expect(lines.at(-1)).toBe('{"id":4');
  });

  it('keeps empty lines as empty lines', () => {
    const { lines, split } = splitter();
    split.push('a\n\nb\n');
    expect(lines).toEqual(['a', '', 'b']);
  });

  it('cuts an over-long line once and drops the rest of it up to its newline', () => {
    const { lines, cut, split } = splitter(5);
    split.push('abc');
    split.push('defgh');
    split.push('ijk\nnext\n');
    expect(cut).toEqual(['abcde']);
    expect(lines).toEqual(['next']);
  });
});
