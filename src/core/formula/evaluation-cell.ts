// A dry run (POST /eval, the agent's look-ups) evaluates a formula as if it stood in a cell: the
// item's `cell`. HyperFormula's calculateFormula parses and evaluates every formula at A1 of the
// sheet, so ROW(), COLUMN(), ADDRESS(ROW(),…) and implicit intersection (`=@A:A`) answered for
// A1 while the same formula written to its cell computed for that cell: the dry run disagreed
// with the commit it stands for. Its temporary formula is parsed at the cell instead (references
// keep their meaning: they are parsed and evaluated at the same address). Patched once on the
// prototype, active only inside `calculateFormulaAt`.
import { HyperFormula } from 'hyperformula';

/** What the patch reads of an engine (HyperFormula's own parsers). */
interface Internals {
  readonly _cellContentParser: { parse(text: string): { readonly formula?: unknown } };
  readonly _parser: {
    parse(
      formula: string,
      address: Address,
    ): {
      readonly ast?: unknown;
      readonly errors: readonly unknown[];
      readonly dependencies: unknown;
    };
  };
}

interface Address {
  readonly sheet: number;
  readonly row: number;
  readonly col: number;
}

interface Temporary {
  readonly ast?: unknown;
  readonly address: Address;
  readonly dependencies: unknown;
}

type Extract = (this: HyperFormula, formula: string, sheetId?: number) => Temporary;

/** The cell the running calculateFormulaAt evaluates at; undefined otherwise (A1, as before). */
let evaluationCell: { readonly row: number; readonly col: number } | undefined;

let installed = false;

/** Makes HyperFormula's temporary formulas parse at the evaluation cell (once per process). */
export function installEvaluationCell(): void {
  if (installed) return;
  const prototype = HyperFormula.prototype as unknown as { extractTemporaryFormula?: Extract };
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as Partial<Internals>;
  const fits =
    typeof prototype.extractTemporaryFormula === 'function' &&
    typeof probe._cellContentParser?.parse === 'function' &&
    typeof probe._parser?.parse === 'function';
  (probe as unknown as HyperFormula).destroy();
  if (!fits)
    throw new Error(
      'HyperFormula no longer parses temporary formulas as evaluation-cell.ts reads them; /eval cannot evaluate at a cell.',
    );
  const original = prototype.extractTemporaryFormula!;
  prototype.extractTemporaryFormula = function (
    this: HyperFormula,
    formula: string,
    sheetId = 1,
  ): Temporary {
    const at = evaluationCell;
    if (at === undefined) return original.call(this, formula, sheetId);
    const internals = this as unknown as Internals;
    const address = { sheet: sheetId, row: at.row, col: at.col };
    const content = internals._cellContentParser.parse(formula);
    if (typeof content.formula !== 'string') return { address, dependencies: [] };
    const { ast, errors, dependencies } = internals._parser.parse(content.formula, address);
    return errors.length > 0 ? { address, dependencies: [] } : { ast, address, dependencies };
  };
  installed = true;
}

/** HyperFormula's calculateFormula, evaluated as if the formula stood at `at` (A1 without it). */
export function calculateFormulaAt(
  hf: HyperFormula,
  formula: string,
  sheet: number,
  at: { readonly row: number; readonly col: number } | undefined,
): ReturnType<HyperFormula['calculateFormula']> {
  evaluationCell = at;
  try {
    return hf.calculateFormula(formula, sheet);
  } finally {
    evaluationCell = undefined;
  }
}
