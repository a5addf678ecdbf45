// Black-box tests of GET /functions: the one function catalogue (the agent's prompt, the MCP
// function list and the formula bar's autocomplete read the same).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EVAL_FORMULAS } from '../../src/contract/engine-api.js';
import { startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

describe('GET /functions', () => {
  it('lists every function the engine evaluates, sorted, each with its signature', async () => {
    const response = await server.http.get('/functions');
    expect(response.status).toBe(200);
    const { count, functions } = response.body as {
      count: number;
      functions: { name: string; signature: string; category: string; description: string }[];
    };
    expect(count).toBe(functions.length);
    expect(count).toBeGreaterThan(400);
    const names = functions.map((fn) => fn.name);
    expect(names).toEqual([...names].sort());
    const byName = new Map(functions.map((fn) => [fn.name, fn]));
    expect(byName.get('VLOOKUP')).toMatchObject({
      signature: 'VLOOKUP(search_criterion, array, index, [sort_order])',
      category: 'Lookup and reference',
    });
    expect(byName.get('SUM')?.signature).toBe('SUM(number1, …)');
    // The Excel functions Gridbook adds and GridOS's own are listed too, with their descriptions.
    expect(byName.get('XMATCH')?.description).not.toBe('');
    expect(byName.get('MINUS')?.signature).toMatch(/^MINUS\(/);
  });

  it('every listed function is known to the engine (no #NAME?)', async () => {
    const { functions } = (await server.http.get('/functions')).body as {
      functions: { name: string }[];
    };
    const unknown: { cell: string; error: string | null }[] = [];
    // /eval takes at most MAX_EVAL_FORMULAS items a request; the catalogue is longer.
    for (let first = 0; first < functions.length; first += MAX_EVAL_FORMULAS) {
      const evaluated = await server.http.post('/eval', {
        formulas: functions
          .slice(first, first + MAX_EVAL_FORMULAS)
          .map((fn, index) => ({ cell: `A${first + index + 1}`, formula: `=${fn.name}()` })),
      });
      expect(evaluated.status).toBe(200);
      const results = evaluated.body.results as { cell: string; error: string | null }[];
      unknown.push(...results.filter((result) => result.error === '#NAME?'));
    }
    expect(unknown).toEqual([]);
  });
});
