// Formula-bar autocomplete over the function catalogue (web/src/grid/function-completion.ts).
import { describe, expect, it } from 'vitest';
import type { FunctionJson } from '../../web/src/api/types.js';
import {
  applyCompletion,
  completionAt,
  enclosingFunction,
} from '../../web/src/grid/function-completion.js';

function fn(name: string, signature: string): FunctionJson {
  return {
    name,
    signature,
    category: 'Test',
    description: '',
    parameters: [],
    repeat_last_args: 0,
  };
}

const CATALOGUE = [
  fn('SUM', 'SUM(number1, …)'),
  fn('SUMIF', 'SUMIF(range, criteria, [sumrange])'),
  fn('SEQUENCE', 'SEQUENCE(rows, [cols], [start], [step])'),
  fn('VLOOKUP', 'VLOOKUP(search_criterion, array, index, [sort_order])'),
];

describe('function completion', () => {
  it('offers the functions starting with the name typed at the caret, in a formula only', () => {
    expect(completionAt('=su', 3, CATALOGUE)?.matches.map((f) => f.name)).toEqual(['SUM', 'SUMIF']);
    expect(completionAt('=A1+s', 5, CATALOGUE)?.matches.map((f) => f.name)).toEqual([
      'SUM',
      'SUMIF',
      'SEQUENCE',
    ]);
    expect(completionAt('su', 2, CATALOGUE)).toBeUndefined();
    expect(completionAt('="su', 4, CATALOGUE)).toBeUndefined();
    expect(completionAt('=Sheet1!S', 9, CATALOGUE)).toBeUndefined();
    expect(completionAt('=SUMIF', 6, CATALOGUE)).toBeUndefined();
  });

  it('completing replaces the typed name with NAME( and puts the caret inside', () => {
    const completion = completionAt('=1+vl*2', 5, CATALOGUE)!;
    expect(applyCompletion('=1+vl*2', completion, 'VLOOKUP')).toEqual({
      text: '=1+VLOOKUP(*2',
      caret: 11,
    });
  });

  it('hints the signature of the function whose arguments hold the caret', () => {
    expect(enclosingFunction('=SUM(VLOOKUP(A1, B1:C9, ', 23, CATALOGUE)?.name).toBe('VLOOKUP');
    expect(enclosingFunction('=SUM(VLOOKUP(A1, B1:C9, 2), ', 28, CATALOGUE)?.name).toBe('SUM');
    expect(enclosingFunction('=SUM(1)', 7, CATALOGUE)).toBeUndefined();
  });
});
