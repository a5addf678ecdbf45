// The one way formula text is rewritten: walk the lexer's references, let a rule decide where
// each now points (or that it points nowhere), and splice the new text in. Everything else in
// the formula — functions, strings, spacing, `$` anchors — stays exactly as written.
import { columnToLetters, quoteSheetName, type CellAddress } from '../address/index.js';
import { lexFormula, type LineToken, type ReferenceToken } from './tokens.js';

/** The error text Excel writes where a reference lost its cells. */
export const LOST_REFERENCE = '#REF!';

/**
 * Where a cell or range reference points after a change; `end` undefined for one cell. With
 * `sheet`, the reference is written qualified by that sheet, whatever prefix it had (a move to
 * another sheet); without, its prefix stays as written.
 */
export interface CellTarget {
  readonly start: CellAddress;
  readonly end: CellAddress | undefined;
  readonly sheet?: string;
}

/** Where a whole-row or whole-column range points after a change (`sheet` as in CellTarget). */
export interface LineTarget {
  readonly first: number;
  readonly last: number;
  readonly sheet?: string;
}

/**
 * A rewrite rule: for each reference, its new target, `'lost'` when its cells are gone (it
 * becomes #REF!, sheet prefix included), or undefined to leave it as written.
 */
export interface ReferenceRule {
  cell?(reference: ReferenceToken): CellTarget | 'lost' | undefined;
  line?(reference: LineToken): LineTarget | 'lost' | undefined;
}

function formatCellPart(address: CellAddress, absoluteCol: boolean, absoluteRow: boolean): string {
  return `${absoluteCol ? '$' : ''}${columnToLetters(address.col)}${absoluteRow ? '$' : ''}${address.row + 1}`;
}

function cellText(reference: ReferenceToken, target: CellTarget): string {
  const [startCol, startRow, endCol, endRow] = reference.absolute;
  const start = formatCellPart(target.start, startCol, startRow);
  return target.end === undefined
    ? start
    : `${start}:${formatCellPart(target.end, endCol, endRow)}`;
}

function lineText(reference: LineToken, target: LineTarget): string {
  const part = (index: number, absolute: boolean) =>
    `${absolute ? '$' : ''}${reference.axis === 'row' ? String(index + 1) : columnToLetters(index)}`;
  return `${part(target.first, reference.absolute[0])}:${part(target.last, reference.absolute[1])}`;
}

/** The formula with every reference the rule moves rewritten; the same string when none moves. */
export function rewriteReferences(formula: string, rule: ReferenceRule): string {
  let out = '';
  let copied = 0;
  for (const token of lexFormula(formula).tokens) {
    let target: CellTarget | LineTarget | 'lost' | undefined;
    let text = '';
    if (token.kind === 'reference' && rule.cell !== undefined) {
      target = rule.cell(token);
      if (target !== undefined && target !== 'lost') text = cellText(token, target as CellTarget);
    } else if (token.kind === 'line' && rule.line !== undefined) {
      target = rule.line(token);
      if (target !== undefined && target !== 'lost') text = lineText(token, target as LineTarget);
    } else continue;
    if (target === undefined) continue;
    const sheet = target === 'lost' ? undefined : target.sheet;
    const qualified = sheet !== undefined;
    if (qualified) text = `${quoteSheetName(sheet)}!${text}`;
    const from = target === 'lost' || qualified ? token.qualifiedFrom : token.from;
    out += formula.slice(copied, from) + (target === 'lost' ? LOST_REFERENCE : text);
    copied = token.to;
  }
  return copied === 0 ? formula : out + formula.slice(copied);
}

/** True when a reference names `sheet` or, unqualified, sits in a formula on `sheet`. */
export function refersToSheet(
  reference: ReferenceToken | LineToken,
  formulaSheet: string,
  sheet: string,
): boolean {
  return (reference.sheet ?? formulaSheet).toLowerCase() === sheet.toLowerCase();
}
