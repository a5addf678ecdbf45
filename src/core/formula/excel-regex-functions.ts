// Excel's regular-expression functions (2024): REGEXTEST, REGEXEXTRACT and REGEXREPLACE. Excel
// runs PCRE2; JavaScript's RegExp (with the u flag) reads the same syntax for classes, groups,
// quantifiers, anchors, lookarounds and $n replacements. A pattern that does not compile is
// #VALUE!. REGEXEXTRACT's modes 1 and 2 answer an array, which spills across one row; its size
// depends on the text, so data-sized-spills.ts sizes the spill after evaluating it.
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

/**
 * What REGEXEXTRACT answers for one text: the first match (mode 0), every match (mode 1) or the
 * first match's capture groups (mode 2), in order; a group the match skipped is #N/A (formulas
 * test.xlsx EXTRA!O3), and no match is #N/A.
 */
function extracted(args: readonly FunctionArgument[]): CellValue[] {
  const text = textArg('REGEXEXTRACT', args, 0);
  const pattern = textArg('REGEXEXTRACT', args, 1);
  const mode = integerArg('REGEXEXTRACT', args, 2, 0);
  const flags = caseFlag('REGEXEXTRACT', args, 3);
  if (mode < 0 || mode > 2) return [valueError('REGEXEXTRACT: return_mode must be 0, 1 or 2')];
  const expression = compile('REGEXEXTRACT', pattern, flags);
  if (mode === 1) {
    const matches = [...text.matchAll(new RegExp(expression.source, `g${expression.flags}`))];
    if (matches.length === 0) return [notAvailable('REGEXEXTRACT: no match')];
    return matches.map((match) => match[0]);
  }
  const match = expression.exec(text);
  if (match === null) return [notAvailable('REGEXEXTRACT: no match')];
  if (mode === 0) return [match[0]];
  if (match.length === 1)
    return [valueError('REGEXEXTRACT: return_mode 2 needs capture groups in the pattern')];
  return match
    .slice(1)
    .map((group) => group ?? notAvailable('REGEXEXTRACT: the group took no part in the match'));
}

const regexExtract: CustomFunction = {
  name: 'REGEXEXTRACT',
  minArgs: 2,
  maxArgs: 4,
  description:
    "REGEXEXTRACT(text, pattern, [return_mode=0], [case_sensitivity=0]): the first match (mode 0), every match (mode 1) or the first match's capture groups (mode 2), spilled across one row; #N/A without a match",
  evaluate: (args) => extracted(args)[0]!,
  // Excel spills modes 1 and 2 across one row: ironcalc TEXT--REGEX.xlsx A4:B4, formulas
  // test.xlsx EXTRA I2:P2 (mode 1), M3:O3 (mode 2). Over a range of texts each cell shows the
  // first value (EXTRA J3:J4).
  evaluateArray: (args) => {
    if (integerArg('REGEXEXTRACT', args, 2, 0) === 0) return undefined;
    return [extracted(args)];
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
