// The function catalogue (GET /functions): what the formula bar's autocomplete offers. The same
// catalogue feeds the agent's prompt and the MCP function list on the server.
import type { ApiClient } from './client.js';
import type { FunctionJson } from './types.js';

let loaded: Promise<readonly FunctionJson[]> | undefined;

/** The catalogue, read once per page (a failed read is tried again next time). */
export function functionCatalogue(client: ApiClient): Promise<readonly FunctionJson[]> {
  loaded ??= client
    .get<{ functions: FunctionJson[] }>('/functions')
    .then((body) => body.functions)
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}
