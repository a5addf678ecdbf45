// The two pre-write checks of docs/contract.md §7 for agent writes: a formula must not read a cell
// that is empty after the write (empty-dependency), and must not read a label as a number
// (text-cell-reference). Both judge the sheet as it will be once the write lands, so a cell the
// same write fills counts as filled (rule 1), and a cross-sheet reference is judged on the sheet it
// names. Before them, ours (neither the spec nor GridOS has it): a formula must parse, since an
// agent's `=SUM(` would only write #PARSE_ERROR!, which no user asked for.
import { formatCell, quoteSheetName, type CellAddress } from '../address/index.js';
import { isFormulaError, type CellValue } from '../formula/index.js';
import { visibleFormula } from '../legacy-array.js';
import { isFormula, type CellInput } from '../value-typing.js';
import {
  GuardrailViolationError,
  type EmptyReferenceIssue,
  type GuardrailIssue,
  type TextReferenceIssue,
  type UnparsableFormulaIssue,
} from './errors.js';
import { isWrappedFormula, referenceUses } from './reference-uses.js';

/** One cell a write proposes, typed (null clears). */
export interface ProposedCell {
  readonly sheet: string;
  readonly address: CellAddress;
  readonly input: CellInput | null;
}

/** What the checks need to know about the workbook as it is now. */
export interface CellReader {
  /** The sheet's actual name (case-insensitive match), or undefined when it does not exist. */
  sheetName(name: string): string | undefined;
  input(sheet: string, address: CellAddress): CellInput | null;
  value(sheet: string, address: CellAddress): CellValue;
  /** Why the engine cannot parse a formula (`=` first), or undefined when it can. */
  parseProblem(formula: string): string | undefined;
}

type CellState = 'empty' | 'text' | 'filled' | 'missing-sheet';

function writeKey(sheet: string, address: CellAddress): string {
  return `${sheet.toLowerCase()}!${address.row}:${address.col}`;
}

function stateOfInput(input: CellInput | null): CellState {
  if (input === null) return 'empty';
  return typeof input === 'string' && !isFormula(input) ? 'text' : 'filled';
}

function stateOfStored(input: CellInput | null, value: CellValue): CellState {
  if (input === null) return 'empty';
  if (isFormulaError(value)) return 'filled';
  return typeof value === 'string' && value !== '' ? 'text' : 'filled';
}

/** The state of every referenced cell as it will be after the write. */
class StateAfterWrite {
  readonly #written = new Map<string, CellInput | null>();

  constructor(
    cells: readonly ProposedCell[],
    private readonly reader: CellReader,
  ) {
    for (const cell of cells) this.#written.set(writeKey(cell.sheet, cell.address), cell.input);
  }

  of(sheet: string, address: CellAddress): CellState {
    const key = writeKey(sheet, address);
    if (this.#written.has(key)) return stateOfInput(this.#written.get(key) ?? null);
    const actual = this.reader.sheetName(sheet);
    if (actual === undefined) return 'missing-sheet';
    return stateOfStored(this.reader.input(actual, address), this.reader.value(actual, address));
  }
}

function refLabel(
  ownSheet: string,
  sheet: string | undefined,
  address: CellAddress,
  reader: CellReader,
): string {
  if (sheet === undefined || sheet.toLowerCase() === ownSheet.toLowerCase())
    return formatCell(address);
  return `${quoteSheetName(reader.sheetName(sheet) ?? sheet)}!${formatCell(address)}`;
}

function issuesOfCell(
  cell: ProposedCell,
  formula: string,
  after: StateAfterWrite,
  reader: CellReader,
  mainSheet: string,
): GuardrailIssue[] {
  const emptyRefs = new Set<string>();
  const badRefs = new Set<string>();
  for (const use of referenceUses(formula)) {
    const reference = use.reference;
    // Ranges are never checked: SUM(A1:A100) with empty bookends is how people write totals.
    if (reference.end !== undefined) continue;
    const sheet = reference.sheet ?? cell.sheet;
    const state = after.of(sheet, reference.start);
    const label = refLabel(cell.sheet, reference.sheet, reference.start, reader);
    if (state === 'empty' || state === 'missing-sheet') emptyRefs.add(label);
    if (state === 'text' && use.numeric) badRefs.add(label);
  }
  // The offending cell is named as the caller sees the write: plain A1 on the main sheet.
  const base = { cell: refLabel(mainSheet, cell.sheet, cell.address, reader), formula };
  const issues: GuardrailIssue[] = [];
  if (emptyRefs.size > 0)
    issues.push({ ...base, empty_refs: [...emptyRefs] } satisfies EmptyReferenceIssue);
  if (badRefs.size > 0)
    issues.push({ ...base, bad_refs: [...badRefs] } satisfies TextReferenceIssue);
  return issues;
}

interface ProposedFormula {
  readonly cell: ProposedCell;
  /** As the engine is given it: a typed formula may be held inside DYNAMIC.ARRAY (typed-formulas.ts). */
  readonly stored: string;
  /** As written, which the checks judge and the issues quote. */
  readonly formula: string;
}

function formulasOf(cells: readonly ProposedCell[]): ProposedFormula[] {
  return cells.flatMap((cell) =>
    isFormula(cell.input)
      ? [{ cell, stored: cell.input.formula, formula: visibleFormula(cell.input.formula) }]
      : [],
  );
}

/**
 * Every guardrail issue of the proposed write: formulas that do not parse first, then
 * empty-dependency issues, then text-cell-reference ones. Cells on `mainSheet` (default: the
 * sheet of the first proposed cell) are named plainly, others sheet-qualified.
 */
export function findGuardrailIssues(
  cells: readonly ProposedCell[],
  reader: CellReader,
  mainSheet?: string,
): GuardrailIssue[] {
  const after = new StateAfterWrite(cells, reader);
  const main = mainSheet ?? cells[0]?.sheet ?? '';
  const unparsable: UnparsableFormulaIssue[] = [];
  const issues = formulasOf(cells).flatMap(({ cell, stored, formula }) => {
    // A wrapper does not excuse a formula that does not parse; and one that does not parse has
    // no references worth judging.
    const problem = reader.parseProblem(stored);
    if (problem !== undefined) {
      const where = refLabel(main, cell.sheet, cell.address, reader);
      unparsable.push({ cell: where, formula, parse_error: problem });
      return [];
    }
    return isWrappedFormula(formula) ? [] : issuesOfCell(cell, formula, after, reader, main);
  });
  return [
    ...unparsable,
    ...issues.filter((issue) => 'empty_refs' in issue),
    ...issues.filter((issue) => 'bad_refs' in issue),
  ];
}

/** Throws GuardrailViolationError naming every offending cell; returns when the write is safe. */
export function checkGuardrails(
  cells: readonly ProposedCell[],
  reader: CellReader,
  mainSheet?: string,
): void {
  const issues = findGuardrailIssues(cells, reader, mainSheet);
  if (issues.length > 0) throw new GuardrailViolationError(issues);
}
