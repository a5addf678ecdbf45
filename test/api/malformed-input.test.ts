// [ERR-4] No request, however malformed, produces a 5xx. The routes and their fields come from
// the app's own OpenAPI document, so every route (today's and tomorrow's) is covered: whole
// bodies that are not objects, each field replaced by wrong types, bad addresses, unicode, 1 MB
// strings and 100k-deep JSON, bad query strings and path parameters. Every answer must be below
// 500, and every error must be a JSON {detail} body (ERR-1).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';
import { BAD_STRINGS, badFieldJson, malformedBodies } from '../support/malformed.js';

interface RouteShape {
  readonly method: string;
  readonly path: string;
  readonly bodyFields: string[];
  readonly query: string[];
}

// Provider endpoints point at a closed local port, so nothing here can reach a real vendor.
const ENV = Object.fromEntries(
  ['GEMINI', 'ANTHROPIC', 'GROQ', 'OPENROUTER'].map((vendor) => [
    `GRIDBOOK_${vendor}_BASE_URL`,
    'http://127.0.0.1:1',
  ]),
);

async function routesFromOpenApi(): Promise<RouteShape[]> {
  const probe = await startApp({ env: ENV });
  const document = (await probe.http.get('/openapi.json')).body as {
    paths: Record<string, Record<string, any>>;
  };
  await probe.close();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      bodyFields: Object.keys(
        operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      ),
      query: (operation.parameters ?? [])
        .filter((parameter: { in: string }) => parameter.in === 'query')
        .map((parameter: { name: string }) => parameter.name),
    })),
  );
}

const ROUTES = await routesFromOpenApi();

/** Valid bodies for the kernel's routes, so one bad field at a time reaches the handler. */
const BASELINES: Readonly<Record<string, Record<string, unknown>>> = {
  'POST /eval': { formulas: [{ cell: 'A1', formula: '=1' }] },
  'POST /grid/cell': { cell: 'A1', value: 'x' },
  'POST /grid/range': { target_cell: 'A1', values: [[1, 'a']] },
  'POST /grid/clear': { range: 'A1:B2' },
  'POST /grid/lock': { range: 'C3' },
  'POST /grid/unlock': { range: 'C3' },
  'POST /workbook/sheet': { name: 'Extra' },
  'POST /workbook/sheet/rename': { old_name: 'Sheet1', new_name: 'Renamed' },
  'POST /workbook/sheet/activate': { name: 'Sheet1' },
  'POST /workbook/sheet/move': { name: 'Sheet1', index: 0 },
  'POST /workbook/sheet/delete': { name: 'Sheet1' },
  'POST /workbook/rename': { name: 'Book' },
};

/** Bad values one level down, where the kernel's bodies nest (`cell` inside `formulas` …). */
function nestedCases(key: string, bad: string): Record<string, string>[] {
  switch (key) {
    case 'POST /eval':
      return [
        { formulas: `[{"cell":${bad},"formula":"=1"}]` },
        { formulas: `[{"cell":"A1","formula":${bad}}]` },
        { formulas: `[${bad}]` },
      ];
    case 'POST /grid/range':
      return [
        { values: `[[${bad}]]` },
        { values: `[${bad}]` },
        { expected_versions: `{"A1":${bad}}` },
      ];
    case 'POST /grid/cell':
      return [{ expected_versions: `{"A1":${bad}}` }];
    default:
      return [];
  }
}

/** Percent-encodes text; a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A body as JSON text: the baseline with some fields replaced by raw JSON. */
function bodyWith(baseline: Record<string, unknown>, replaced: Record<string, string>): string {
  const fields = Object.entries(baseline)
    .filter(([name]) => !(name in replaced))
    .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  for (const [name, json] of Object.entries(replaced))
    fields.push(`${JSON.stringify(name)}:${json}`);
  return `{${fields.join(',')}}`;
}

function requestsFor(route: RouteShape): { label: string; options: InjectOptions }[] {
  const key = `${route.method} ${route.path}`;
  const url = route.path.replace(/\{[^}]+\}/g, 'no-such-id');
  const method = route.method as InjectOptions['method'];
  const requests: { label: string; options: InjectOptions }[] = [];
  const json = (label: string, payload: string, path = url) =>
    requests.push({
      label,
      options: { method, url: path, payload, headers: { 'content-type': 'application/json' } },
    });

  if (route.method !== 'GET') {
    for (const body of malformedBodies()) {
      const headers = body.contentType === undefined ? {} : { 'content-type': body.contentType };
      requests.push({
        label: `body: ${body.label}`,
        options: {
          method,
          url,
          headers,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
        },
      });
    }
  }
  const baseline = BASELINES[key] ?? {};
  for (const { label, json: bad } of badFieldJson()) {
    for (const field of route.bodyFields)
      json(`${field} = ${label}`, bodyWith(baseline, { [field]: bad }));
    for (const nested of nestedCases(key, bad))
      json(`${Object.keys(nested)[0]} with ${label} inside`, bodyWith(baseline, nested));
  }
  for (const name of route.query) {
    for (const value of [...BAD_STRINGS, 'x'.repeat(10_000)]) {
      const query = `${name}=${encode(value)}&${name}=${encode(value)}`;
      requests.push({
        label: `?${name}=${JSON.stringify(value.slice(0, 30))} (twice)`,
        options: { method, url: `${url}?${query}` },
      });
      requests.push({
        label: `?${name}=${JSON.stringify(value.slice(0, 30))}`,
        options: { method, url: `${url}?${name}=${encode(value)}` },
      });
    }
  }
  if (route.path.includes('{')) {
    for (const value of BAD_STRINGS.filter((text) => text !== '')) {
      requests.push({
        label: `path parameter ${JSON.stringify(value.slice(0, 30))}`,
        options: { method, url: route.path.replace(/\{[^}]+\}/g, encode(value)) },
      });
    }
  }
  return requests;
}

/** What is wrong with an answer, or undefined when it is acceptable. */
function problemWith(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `${status} ${response.body.slice(0, 200)}`;
  if (status < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${status} is not JSON: ${response.body.slice(0, 120)}`;
  }
  const isVersionConflict =
    status === 409 &&
    typeof body === 'object' &&
    body !== null &&
    'expected' in body &&
    'actual' in body;
  const hasDetail = typeof body === 'object' && body !== null && 'detail' in body;
  return hasDetail || isVersionConflict
    ? undefined
    : `${status} without {detail}: ${response.body.slice(0, 120)}`;
}

describe('[ERR-4] malformed requests never produce a 5xx', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp({ env: ENV });
  });
  afterAll(() => server.close());

  it('the OpenAPI document lists the kernel routes this suite relies on', () => {
    const listed = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    for (const key of Object.keys(BASELINES)) expect(listed, key).toContain(key);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '[ERR-1] [ERR-4] %s answers every malformed request below 500 with a JSON {detail}',
    async (_key, route) => {
      const failures: string[] = [];
      for (const { label, options } of requestsFor(route)) {
        const problem = problemWith(await server.app.inject(options));
        if (problem !== undefined) failures.push(`${label} → ${problem}`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
