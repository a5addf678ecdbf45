// HyperFormula built-ins that answer differently from Excel in the reference and lookup area,
// replaced under the same names: ADDRESS (HyperFormula kept fractions, "R23.4C[34.7]", answered
// #NUM! where Excel answers #VALUE!, and left sheet names with spaces unquoted) and SEARCH (a lone
// trailing ~ and "~d" did not match as in Excel), plus SEARCHB, which Excel answers as SEARCH
// outside double-byte locales.
import { MAX_COLUMNS, MAX_ROWS, columnToLetters } from '../address/index.js';
import {
  booleanArg,
  integerArg,
  plainArg,
  textArg,
  textOf,
  valueError,
  wildcardPattern,
} from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';

/**
 * A sheet name as a reference writes it: quoted (quotes doubled) unless it is a plain name that
 * cannot read as a cell. In A1 style a workbook in brackets before it needs no quotes
 * (`[Book1]Sheet1!$C2`, poi FormulaEvalTestData_Copy.xlsx F128), in R1C1 style it is quoted
 * (Microsoft's ADDRESS example, `'[Book1]Sheet1'!R2C3`). Empty text leaves the bare `!`
 * (formulas/test.xlsx LOOKUP!S3).
 */
function sheetPrefix(sheet: string, a1: boolean): string {
  const name = a1 ? sheet.replace(/^\[[^\]]*\]/, '') : sheet;
  const plain =
    sheet === '' || (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name));
  const quoted = plain ? sheet : `'${sheet.replaceAll("'", "''")}'`;
  return `${quoted}!`;
}

/** abs_num: 1 both absolute, 2 absolute row, 3 absolute column, 4 both relative. */
function absoluteParts(absNum: number): { row: boolean; col: boolean } {
  return { row: absNum === 1 || absNum === 2, col: absNum === 1 || absNum === 3 };
}

const address: CustomFunction = {
  name: 'ADDRESS',
  minArgs: 2,
  maxArgs: 5,
  category: 'Lookup and reference',
  parameters: ['row_num', 'column_num', 'abs_num', 'a1', 'sheet_text'],
  description:
    'ADDRESS(row_num, column_num, [abs_num=1], [a1=TRUE], [sheet_text]): a cell address as text ($A$1; abs_num 2 A$1, 3 $A1, 4 A1; a1 FALSE gives R1C1 style), row and column truncated to integers',
  evaluate: (args) => {
    const row = integerArg('ADDRESS', args, 0);
    const col = integerArg('ADDRESS', args, 1);
    const absNum = integerArg('ADDRESS', args, 2, 1);
    if (row < 1 || row > MAX_ROWS) return valueError(`ADDRESS: row_num must be 1 to ${MAX_ROWS}`);
    if (col < 1 || col > MAX_COLUMNS)
      return valueError(`ADDRESS: column_num must be 1 to ${MAX_COLUMNS}`);
    if (absNum < 1 || absNum > 4) return valueError('ADDRESS: abs_num must be 1, 2, 3 or 4');
    const absolute = absoluteParts(absNum);
    // An empty cell for a1 is FALSE (formulas/test.xlsx LOOKUP!T3 answers R1C1); left out, TRUE.
    const a1 = args[3] === null ? false : booleanArg('ADDRESS', args, 3, true);
    const cell = a1
      ? `${absolute.col ? '$' : ''}${columnToLetters(col - 1)}${absolute.row ? '$' : ''}${row}`
      : `R${absolute.row ? row : `[${row}]`}C${absolute.col ? col : `[${col}]`}`;
    if (args[4] === undefined) return cell;
    const sheet = plainArg('ADDRESS', args[4], 5);
    return sheetPrefix(sheet === null ? '' : textOf(sheet), a1) + cell;
  },
};

/** find_text as a pattern found anywhere: wildcards as in criteria, and a lone trailing ~ stands for nothing. */
function searchPattern(find: string): RegExp {
  const trailingTildes = /~*$/.exec(find)![0].length;
  const pattern = trailingTildes % 2 === 1 ? find.slice(0, -1) : find;
  const anchored = wildcardPattern(pattern).source;
  return new RegExp(anchored.slice(1, -1), 'is');
}

function search(name: 'SEARCH' | 'SEARCHB'): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 3,
    category: 'Text',
    parameters: ['find_text', 'within_text', 'start_num'],
    description: `${name}(find_text, within_text, [start_num=1]): position of find_text in within_text at or after start_num, ignoring case (wildcards ? * and ~ to take the next character literally); #VALUE! when not found`,
    evaluate: (args: readonly FunctionArgument[]) => {
      const find = textArg(name, args, 0);
      const within = textArg(name, args, 1);
      // Left out, start_num is 1; an empty cell given for it is 0, so #VALUE! (formulas test.xlsx
      // TEXT!W39, W40).
      const start = args[2] === undefined ? 1 : integerArg(name, args, 2);
      if (start < 1 || start > Math.max(within.length, 1))
        return valueError(`${name}: start_num must be 1 to the length of within_text`);
      const found = searchPattern(find).exec(within.slice(start - 1));
      if (found === null) return valueError(`${name}: "${find}" was not found`);
      return start + found.index;
    },
  };
}

export const EXCEL_REFERENCE_TEXT_FUNCTIONS: readonly CustomFunction[] = [
  address,
  search('SEARCH'),
  search('SEARCHB'),
];
