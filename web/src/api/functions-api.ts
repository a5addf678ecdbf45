// The function catalogue (GET /functions): what the formula bar's autocomplete offers. The same
// catalogue feeds the agent's prompt and the MCP function list on the server.
import type { ApiClient } from './client.js';
import type { FunctionJson } from './types.js';

let loaded: Promise<readonly FunctionJson[]> | undefined;

/**
 * The catalogue's category of functions Excel has not (GridOS's MINUS, SUBTRACT …, HyperFormula's
 * own: src/core/formula/function-catalogue.ts NOT_IN_EXCEL). Formulas may still call them, but
 * the formula bar does not offer them: a workbook using them shows #NAME? in Excel.
 */
const NOT_IN_EXCEL = 'Not in Excel';

/** The catalogue as the formula bar offers it, read once per page (a failed read is tried again next time). */
export function functionCatalogue(client: ApiClient): Promise<readonly FunctionJson[]> {
  loaded ??= client
    .get<{ functions: FunctionJson[] }>('/functions')
    .then((body) => body.functions.filter((fn) => fn.category !== NOT_IN_EXCEL))
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}
