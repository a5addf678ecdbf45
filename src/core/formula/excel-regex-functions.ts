// Excel's regular-expression functions (2024): REGEXTEST, REGEXEXTRACT and REGEXREPLACE. Excel
// runs PCRE2; JavaScript's RegExp (with the u flag) reads the same syntax for classes, groups,
// quantifiers, anchors, lookarounds and $n replacements. A pattern that does not compile is
// #VALUE!. Where Excel would spill several values (REGEXEXTRACT's modes 1 and 2), the cell shows
// the first, as Excel shows a spill's anchor and as the engine's other functions of unknown spill
// size do (excel-dynamic-array-functions.ts): formulas test.xlsx EXTRA I2, M3, K6 and ironcalc
// TEXT--REGEX.xlsx REGEXEXTRACT!A4 hold the first match or group.
import { integerArg, notAvailable, textArg, valueError } from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';
import type { CellValue } from './sentinels.js';

/** case_sensitivity: 0 (the default) matches case, 1 ignores it. */
function caseFlag(name: string, args: readonly FunctionArgument[], index: number): string {
  const mode = integerArg(name, args, index, 0);
  if (mode !== 0 && mode !== 1) throw valueError(`${name}: case_sensitivity must be 0 or 1`);
  return mode === 1 ? 'i' : '';
}

function compile(name: string, pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, `u${flags}`);
  } catch {
    throw valueError(`${name}: "${pattern}" is not a valid regular expression`);
  }
}

const regexTest: CustomFunction = {
  name: 'REGEXTEST',
  minArgs: 2,
  maxArgs: 3,
  description:
    'REGEXTEST(text, pattern, [case_sensitivity=0]): TRUE when some part of text matches the regular expression (1 ignores case)',
  evaluate: (args) => {
    const text = textArg('REGEXTEST', args, 0);
    const pattern = textArg('REGEXTEST', args, 1);
    return compile('REGEXTEST', pattern, caseFlag('REGEXTEST', args, 2)).test(text);
  },
};

/** The anchor of the values Excel would spill: the first. */
function anchorOf(values: readonly string[]): CellValue {
  return values[0]!;
}

const regexExtract: CustomFunction = {
  name: 'REGEXEXTRACT',
  minArgs: 2,
  maxArgs: 4,
  description:
    "REGEXEXTRACT(text, pattern, [return_mode=0], [case_sensitivity=0]): the first match (mode 0); modes 1 (every match) and 2 (the first match's capture groups) show their first value, as they do not spill here; #N/A without a match",
  evaluate: (args) => {
    const text = textArg('REGEXEXTRACT', args, 0);
    const pattern = textArg('REGEXEXTRACT', args, 1);
    const mode = integerArg('REGEXEXTRACT', args, 2, 0);
    const flags = caseFlag('REGEXEXTRACT', args, 3);
    if (mode < 0 || mode > 2) return valueError('REGEXEXTRACT: return_mode must be 0, 1 or 2');
    const expression = compile('REGEXEXTRACT', pattern, flags);
    if (mode === 1) {
      const matches = [...text.matchAll(new RegExp(expression.source, `g${expression.flags}`))];
      if (matches.length === 0) return notAvailable('REGEXEXTRACT: no match');
      return anchorOf(matches.map((match) => match[0]));
    }
    const match = expression.exec(text);
    if (match === null) return notAvailable('REGEXEXTRACT: no match');
    if (mode === 0) return match[0];
    const groups = match.slice(1).map((group) => group ?? '');
    return groups.length === 0
      ? valueError('REGEXEXTRACT: return_mode 2 needs capture groups in the pattern')
      : anchorOf(groups);
  },
};

const regexReplace: CustomFunction = {
  name: 'REGEXREPLACE',
  minArgs: 3,
  maxArgs: 5,
  description:
    'REGEXREPLACE(text, pattern, replacement, [occurrence=0], [case_sensitivity=0]): text with every match (or the n-th, counted from the end when negative) replaced; $1 … in replacement insert groups',
  evaluate: (args) => {
    const text = textArg('REGEXREPLACE', args, 0);
    const pattern = textArg('REGEXREPLACE', args, 1);
    const replacement = textArg('REGEXREPLACE', args, 2);
    const occurrence = integerArg('REGEXREPLACE', args, 3, 0);
    const flags = caseFlag('REGEXREPLACE', args, 4);
    const expression = compile('REGEXREPLACE', pattern, `g${flags}`);
    if (occurrence === 0) return text.replace(expression, replacement);
    const matches = [...text.matchAll(expression)];
    const match = matches[occurrence > 0 ? occurrence - 1 : matches.length + occurrence];
    if (match === undefined) return text;
    const replaced = replacement.replace(
      /\$(\$|&|\{(\d+)\}|\d+)/g,
      (token, what: string, braced?: string) => {
        if (what === '$') return '$';
        if (what === '&') return match[0];
        return match[Number(braced ?? what)] ?? token;
      },
    );
    return text.slice(0, match.index) + replaced + text.slice(match.index + match[0].length);
  },
};

export const EXCEL_REGEX_FUNCTIONS: readonly CustomFunction[] = [
  regexTest,
  regexExtract,
  regexReplace,
];
