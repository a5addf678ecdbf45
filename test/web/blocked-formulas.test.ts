// The agent's guardrail refusals as the page words them (web/src/api/errors.ts).
import { describe, expect, it } from 'vitest';
import { describeDetail, findBlockedFormulas } from '../../web/src/api/errors.js';

describe('guardrail refusals in words', () => {
  it('a formula the engine cannot parse reads as such, naming the cell and why, not as raw JSON', () => {
    const detail = [
      {
        cell: 'B4',
        formula: '=SUM(',
        parse_error: 'the formula engine cannot parse it; check its brackets',
      },
    ];
    expect(findBlockedFormulas(detail)).toEqual([
      {
        cell: 'B4',
        formula: '=SUM(',
        emptyRefs: [],
        badRefs: [],
        parseError: 'the formula engine cannot parse it; check its brackets',
      },
    ]);
    expect(describeDetail(detail)).toBe(
      'B4 is blocked: its formula does not parse (the formula engine cannot parse it; check its brackets).',
    );
  });

  it('empty and text references still read as before', () => {
    expect(describeDetail([{ cell: 'B4', formula: '=B9*2', empty_refs: ['B9'] }])).toBe(
      'B4 is blocked: it refers to the empty cell B9.',
    );
  });
});
