import { describe, expect, it } from 'vitest';
import { lexFormula, tokenizeFormula, type ReferenceToken } from './tokens.js';

function references(formula: string): string[] {
  return tokenizeFormula(formula)
    .filter((token): token is ReferenceToken => token.kind === 'reference')
    .map(
      (token) =>
        `${token.sheet === undefined ? '' : `${token.sheet}!`}${formula.slice(token.from, token.to)}`,
    );
}

describe('tokenizeFormula', () => {
  it('finds cells and ranges, with or without $', () => {
    expect(references('=A1+$B$2*SUM(C3:$D$9)')).toEqual(['A1', '$B$2', 'C3:$D$9']);
  });

  it('reads sheet-qualified references, quoted names with doubled quotes included', () => {
    expect(references("=Data!A1+'Q''s plan'!B2:C3")).toEqual(['Data!A1', "Q's plan!B2:C3"]);
  });

  it('does not read function names, string contents, booleans or whole-column ranges as cells', () => {
    expect(references('=LOG10(A1)&"B2"&TRUE&SUM(C:C)&SUM(1:3)')).toEqual(['A1']);
  });

  it('keeps the offsets of each reference so it can be rewritten', () => {
    const formula = '=SUM(B2:B4)/B5';
    const found = tokenizeFormula(formula).filter((token) => token.kind === 'reference');
    expect(found.map((token) => formula.slice(token.from, token.to))).toEqual(['B2:B4', 'B5']);
  });

  it('treats a doubled quote inside a string as part of the string', () => {
    expect(references('=IF(A1="say ""B2""", C3, 0)')).toEqual(['A1', 'C3']);
  });

  it('never throws on broken text', () => {
    expect(() => tokenizeFormula('=SUM(("unterminated')).not.toThrow();
    expect(references("='unterminated")).toEqual([]);
  });

  it('reads whole rows and columns as line tokens, sheet-qualified ones included', () => {
    const lines = tokenizeFormula('=SUM(B:$D)+SUM(Data!2:5)').filter(
      (token) => token.kind === 'line',
    );
    expect(lines).toMatchObject([
      { axis: 'col', first: 1, last: 3, absolute: [false, true], sheet: undefined },
      { axis: 'row', first: 1, last: 4, absolute: [false, false], sheet: 'Data' },
    ]);
  });

  it('lists every sheet-name prefix with its offsets, outside string literals only', () => {
    const formula = "=Data!A1+'Bob''s'!B:B+\"Data!C3\"+Données!Total";
    const prefixes = lexFormula(formula).sheetPrefixes;
    expect(prefixes.map((prefix) => prefix.name)).toEqual(['Data', "Bob's", 'Données']);
    expect(prefixes.map((prefix) => formula.slice(prefix.from, prefix.to))).toEqual([
      'Data!',
      "'Bob''s'!",
      'Données!',
    ]);
  });
});
