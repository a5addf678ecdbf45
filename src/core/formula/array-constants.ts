// TRUE and FALSE inside an array constant (`={TRUE,1,2}`): HyperFormula reads the words TRUE and
// FALSE through named expressions (BOOLEAN_LITERALS), which an array constant cannot hold, so its
// one-pass build gave up on the whole workbook ("Value of the formula cell is not computed").
// The engine is given TRUE() and FALSE() there instead; what the user typed is kept as typed.

const BOOLEAN_WORD = /^(TRUE|FALSE)(?![A-Za-z0-9_.(!])/i;

/** The formula with TRUE/FALSE inside `{…}` written as function calls, outside strings and sheet names. */
export function booleansInArrayConstants(formula: string): string {
  if (!formula.includes('{')) return formula;
  let out = '';
  let depth = 0;
  for (let index = 0; index < formula.length; index += 1) {
    const char = formula[index]!;
    if (char === '"' || char === "'") {
      // A quoted run ends at the next lone quote; a doubled quote stays inside it.
      let end = index + 1;
      while (end < formula.length) {
        if (formula[end] === char && formula[end + 1] === char) end += 2;
        else if (formula[end] === char) break;
        else end += 1;
      }
      out += formula.slice(index, end + 1);
      index = end;
      continue;
    }
    if (char === '{') depth += 1;
    else if (char === '}') depth = Math.max(0, depth - 1);
    const previous = formula[index - 1] ?? '';
    const word =
      depth > 0 && !/[A-Za-z0-9_.]/.test(previous) ? BOOLEAN_WORD.exec(formula.slice(index)) : null;
    if (word !== null) {
      out += `${word[1]!.toUpperCase()}()`;
      index += word[0].length - 1;
      continue;
    }
    out += char;
  }
  return out;
}
