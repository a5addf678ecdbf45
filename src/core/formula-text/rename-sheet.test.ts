import { describe, expect, it } from 'vitest';
import { renameSheetReferences } from './rename-sheet.js';

describe('rewriting sheet names inside formula text', () => {
  it.each([
    ['=Data!A1*2', 'Data', 'Inputs', '=Inputs!A1*2'],
    ['=data!A1+DATA!B2', 'Data', 'Inputs', '=Inputs!A1+Inputs!B2'],
    ['=SUM(Data!A1:B9)', 'Data', 'My Data', "=SUM('My Data'!A1:B9)"],
    ["='My Data'!A1", 'My Data', 'Plain', '=Plain!A1'],
    ["='Bob''s data'!A1", "Bob's data", 'Q3 plan', "='Q3 plan'!A1"],
    ['=Data!A1', 'Data', "Bob's", "='Bob''s'!A1"],
    ['=Data!A1&"Data!A1"', 'Data', 'X', '=X!A1&"Data!A1"'],
    ['=MyData!A1+Data!A1', 'Data', 'X', '=MyData!A1+X!A1'],
    ['=Data2!A1', 'Data', 'X', '=Data2!A1'],
    ['=A1+B1', 'Data', 'X', '=A1+B1'],
    ['=SUM(Data!A:A)+Data!2:3', 'Data', 'X', '=SUM(X!A:A)+X!2:3'],
    ['=Données!A1', 'Données', 'X', '=X!A1'],
    ['=Data!Total', 'Data', 'X', '=X!Total'],
  ])('[SHEET-3] %s with %j renamed to %j is %s', (formula, from, to, expected) => {
    expect(renameSheetReferences(formula, from, to)).toBe(expected);
  });
});
