import { describe, expect, it } from 'vitest';
import { proposeMacro } from './macros.js';

const functions = ['DIVIDE', 'MINUS', 'SUM', 'ROUND'];

function errorOf(spec: Record<string, unknown>): string | null {
  return proposeMacro(spec, functions).macro_error;
}

describe('[AGENT-MACRO] proposeMacro', () => {
  it('normalises a valid macro (upper-case name and params) and reports no error', () => {
    expect(
      proposeMacro(
        {
          name: 'margin',
          params: ['rev', 'cost'],
          description: ' d ',
          body: ' =DIVIDE(MINUS(rev, cost), rev) ',
        },
        functions,
      ),
    ).toEqual({
      proposed_macro: {
        name: 'MARGIN',
        params: ['REV', 'COST'],
        description: 'd',
        body: '=DIVIDE(MINUS(rev, cost), rev)',
        replaces_existing: false,
      },
      macro_error: null,
    });
  });

  it('no macro_spec gives two nulls', () => {
    expect(proposeMacro(null, functions)).toEqual({ proposed_macro: null, macro_error: null });
    expect(proposeMacro({}, functions)).toEqual({ proposed_macro: null, macro_error: null });
  });

  it.each([
    [{ params: [], body: '=1' }, 'name: a macro needs a name'],
    [{ name: 'TRUE', body: '=1' }, 'not TRUE, FALSE'],
    [{ name: 'SUM', body: '=1' }, 'already a function'],
    [{ name: 'M', params: 'a', body: '=1' }, 'params: must be a list'],
    [{ name: 'M', params: ['a', 'A'], body: '=a' }, 'unique'],
    [{ name: 'M', params: ['a'] }, 'needs a body'],
    [{ name: 'M', params: ['a'], body: '=a+1' }, 'unexpected "+1"'],
    [{ name: 'M', params: ['a'], body: '=SUM(A1)' }, 'unknown identifier A1'],
    [{ name: 'M', params: ['a'], body: '=NOPE(a)' }, 'NOPE is not a function'],
    [{ name: 'M', params: ['a'], body: '=SUM(a' }, 'expected "," or ")"'],
    [{ name: 'M', params: ['a'], body: '=SUM(' }, 'ends too early'],
    [{ name: 'M', params: ['a'], body: '=SUM(a) 2' }, 'extra text'],
    [{ name: 'M', params: ['a'], body: '="text"' }, 'unexpected'],
  ])('%j is refused: %s', (spec, message) => {
    expect(errorOf(spec)).toContain(message);
  });

  it('a refused macro is still shown, so the user sees what was proposed', () => {
    expect(
      proposeMacro({ name: 'm', params: ['a'], body: '=NOPE(a)' }, functions).proposed_macro?.name,
    ).toBe('M');
  });
});
