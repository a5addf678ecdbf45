// Typed errors of agent writes: the guardrail verdict (structured, one entry per offending
// cell) and a collision search that found no room. Statuses live in http/errors.ts.
import { WorkbookError } from '../errors.js';

/** docs/contract.md §7: a formula reads cells that are empty after the write. */
export interface EmptyReferenceIssue {
  /** A1, sheet-qualified when the cell is not on the write's main sheet. */
  readonly cell: string;
  readonly formula: string;
  readonly empty_refs: readonly string[];
}

/** docs/contract.md §7: a formula reads a text (label) cell as a number. */
export interface TextReferenceIssue {
  readonly cell: string;
  readonly formula: string;
  readonly bad_refs: readonly string[];
}

/** A formula the engine cannot parse: written, the cell would only show #PARSE_ERROR!. */
export interface UnparsableFormulaIssue {
  readonly cell: string;
  readonly formula: string;
  /** Why, as the engine's limits and parser tell it. */
  readonly parse_error: string;
}

export type GuardrailIssue = EmptyReferenceIssue | TextReferenceIssue | UnparsableFormulaIssue;

export function describeIssue(issue: GuardrailIssue): string {
  if ('parse_error' in issue)
    return `${issue.cell} (${issue.formula}) does not parse: ${issue.parse_error}`;
  if ('empty_refs' in issue) {
    return `${issue.cell} (${issue.formula}) reads empty cell(s) ${issue.empty_refs.join(', ')}`;
  }
  return `${issue.cell} (${issue.formula}) reads text cell(s) ${issue.bad_refs.join(', ')} as numbers`;
}

export class GuardrailViolationError extends WorkbookError {
  constructor(readonly issues: readonly GuardrailIssue[]) {
    const lines = issues.slice(0, 5).map((issue) => `  - ${describeIssue(issue)}`);
    const more = issues.length > 5 ? [`  … and ${issues.length - 5} more`] : [];
    super(
      [
        'The proposed formulas cannot be written safely; nothing was written. Correct formulas that do not parse, ' +
          'fill the referenced cells first or include them in the same write, point the formulas at numeric cells, ' +
          'or wrap deliberate cases in IFERROR:',
        ...lines,
        ...more,
      ].join('\n'),
    );
  }

  /** The structured body: one entry per offending cell, as docs/contract.md §7 lists them. */
  get detail(): readonly GuardrailIssue[] {
    return this.issues;
  }
}

export class NoFreeSpaceError extends WorkbookError {
  /**
   * `edge`: the last column (shifting right) or row (shifting down) the block reached before it
   * found room; clearing cells beyond it cannot help, so the message says so instead of counting
   * positions.
   */
  constructor(
    readonly target: string,
    readonly direction: 'right' | 'down',
    readonly attempts: number,
    readonly edge?: string,
  ) {
    super(
      edge === undefined
        ? `target_cell: no free place for the write was found shifting ${direction} from ${target} ` +
            `(${attempts} positions tried); clear or unlock some cells, or pick another target_cell.`
        : `target_cell: the write does not fit shifting ${direction} from ${target}: it would ` +
            `pass the sheet's last ${direction === 'right' ? 'column' : 'row'} (${edge}) before ` +
            `finding free cells; pick a target_cell further ${direction === 'right' ? 'left' : 'up'}, ` +
            `shift the other way, or clear or unlock some cells.`,
    );
  }
}
