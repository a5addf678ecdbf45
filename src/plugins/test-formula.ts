// POST /dev/plugins/test: a formula evaluated in a throwaway workbook that has the loaded plugins'
// functions, awaiting their results (bounded); the live workbook is never touched.
import { isFormulaError, valueToJson, Workbook, writeCellOps } from '../core/index.js';
import { evaluateUntilSettled } from './await-results.js';
import type { PluginRegistry } from './plugin-registry.js';

export type PluginTestOutcome =
  | { readonly ok: true; readonly value: number | string | boolean | null }
  | { readonly ok: false; readonly error: string };

export async function testPluginFormula(
  plugins: PluginRegistry,
  formula: string,
  waitMs: number,
): Promise<PluginTestOutcome> {
  const text = formula.trim().startsWith('=') ? formula.trim() : `=${formula.trim()}`;
  const scratch = Workbook.create({ undoDepth: 0, functionSource: () => plugins.functions() });
  try {
    scratch.apply(writeCellOps(scratch.activeSheetName, { row: 0, col: 0 }, text));
    const read = () => scratch.sheet().value(0, 0);
    const value = await evaluateUntilSettled(
      () => {
        // Results that arrived since: recompute the cell, as the live workbook's refresh does.
        scratch.apply([
          {
            type: 'refresh-functions',
            names: plugins.records().flatMap((record) => [...record.formulas]),
            rebuild: false,
          },
        ]);
        return read();
      },
      (current) => isFormulaError(current) && current.sentinel === '#BUSY!',
      plugins,
      waitMs,
    );
    if (isFormulaError(value))
      return {
        ok: false,
        error: `${value.sentinel}${value.message === '' ? '' : ` ${value.message}`}`,
      };
    return { ok: true, value: valueToJson(value) };
  } finally {
    scratch.dispose();
  }
}
