// Requests generated from the server's own OpenAPI document, valid and not: every operation,
// bodies built from its schema with hostile values mixed in (far addresses, pathological
// formulas, names like __proto__, wrong types, huge numbers, long text). The server must never
// answer 5xx, and a request it refuses must leave the workbook exactly as it was.
// GENERATED_REQUESTS (default 2,000) sets how many; the acceptance run uses 10,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random.js';
import { startApp, type RunningApp } from '../support/start-app.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  const?: unknown;
};

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly body: Schema | undefined;
  readonly query: readonly { name: string; schema: Schema }[];
  readonly pathParams: readonly string[];
  /** The statuses /openapi.json says the operation answers. */
  readonly documented: ReadonlySet<number>;
}

/** Node's HTTP parser answers these before any route (a URL or headers too long to read). */
const TRANSPORT_STATUSES = new Set([414, 431]);

const HOSTILE_STRINGS = [
  'A1',
  'B2',
  'A1:C3',
  'XFD1048576',
  'A1:XFD1048576',
  'ZZZZ1',
  'A0',
  '',
  ' ',
  'Sheet1',
  'Sheet2',
  'sheet1',
  '__proto__',
  'constructor',
  'toString',
  "O'Brien",
  'a'.repeat(300),
  '=1+1',
  '=SUM(A1:A3)',
  '=A1',
  '=1/0',
  `=${'1+'.repeat(3000)}1`,
  `=${'('.repeat(2000)}1${')'.repeat(2000)}`,
  '=REPT("x",300000000)',
  '=SEQUENCE(100,100)',
  '=Sheet2!A1',
  ' =1+1',
  "'=literal",
  'TRUE',
  '-0',
  '1e308',
  '1e309',
  'NaN',
  '\u0000',
  '💥',
  'x'.repeat(40_000),
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function junk(next: () => number): unknown {
  return pick(next, [
    null,
    true,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    [],
    {},
    [[]],
    'x',
    { __proto__: { polluted: true } },
    [null, 'A1'],
    123456789012,
  ]);
}

function valueFor(schema: Schema | undefined, next: () => number, depth = 0): unknown {
  if (schema === undefined || depth > 4 || next() < 0.08)
    return next() < 0.5 ? junk(next) : pick(next, HOSTILE_STRINGS);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return pick(next, schema.enum);
  if (schema.anyOf !== undefined) return valueFor(pick(next, schema.anyOf), next, depth + 1);
  const type = Array.isArray(schema.type) ? pick(next, schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) ? next() < 0.95 : next() < 0.5)
          out[key] = valueFor(property, next, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.floor(next() * 4) }, () =>
        valueFor(schema.items, next, depth + 1),
      );
    case 'string':
      return pick(next, HOSTILE_STRINGS);
    case 'integer':
      return pick(next, [0, 1, 2, 3, -1, 100, 2 ** 31, 1048576]);
    case 'number':
      return pick(next, [0, 1, -1, 0.5, 1e308, -0]);
    case 'boolean':
      return next() < 0.5;
    case 'null':
      return null;
    default:
      return junk(next);
  }
}

function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // A saved provider key would let the agent routes call a real vendor.
      if (path === '/settings/keys/save') continue;
      // The commit stream answers a body that never ends (events.test.ts covers its refusals).
      if (path === '/events') continue;
      const parameters: any[] = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        // An upload's document is only sketched as an object: send it uploadBody's documents.
        body: schema?.properties !== undefined || schema?.anyOf !== undefined ? schema : undefined,
        query: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema })),
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
        documented: new Set(Object.keys(operation.responses ?? {}).map(Number)),
      });
    }
  }
  return operations;
}

/** Bodies for the routes whose body has no JSON schema (imports): documents, near-documents and junk. */
function uploadBody(next: () => number): string {
  const sheetName = pick(next, HOSTILE_STRINGS);
  const cell = pick(next, ['A1', 'XFD1048576', 'B2', 'A0', '__proto__']);
  return pick(next, [
    JSON.stringify({
      workbook_name: 'g',
      sheets: [{ name: sheetName, cells: { [cell]: { value: valueFor(undefined, next) } } }],
    }),
    JSON.stringify({
      workbook_name: 'g',
      sheets: { [sheetName]: { cells: { A1: { value: 1 } } } },
    }),
    JSON.stringify({ sheets: [] }),
    JSON.stringify(junk(next)),
    '{"sheets":[{"name":"S","cells":{"A1":',
    'a,b\n1,2\n',
  ]);
}

const COUNT = Number(process.env.GENERATED_REQUESTS ?? 2000);

describe('[HOSTILE-5][FIRST-HOUR] generated requests over every operation in /openapi.json', () => {
  let suite: RunningApp;
  beforeAll(async () => {
    suite = await startApp();
    await suite.http.post('/workbook/sheet', { name: 'Sheet2' });
    await suite.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        [1, 2, '=A1+B1'],
        ['x', true, '=Sheet2!A1'],
      ],
    });
  });
  afterAll(() => suite.close());

  /** What a refused request must not change: the whole workbook, its charts and its undo position. */
  async function fingerprint(): Promise<string> {
    const exported = await suite.http.get('/system/export', { version: 2 });
    const workbook = await suite.http.get('/api/workbook');
    return `${exported.text}\n${workbook.text}`;
  }

  it(`answers ${COUNT} of them without a 5xx and only with statuses the document lists; a refused one changes nothing`, async () => {
    const next = seededRandom(Number(process.env.GENERATED_SEED ?? 20261125));
    const operations = operationsOf((await suite.http.get('/openapi.json')).body);
    const problems: string[] = [];
    let before = await fingerprint();
    const undocumented = new Set<string>();
    for (let index = 0; index < COUNT && problems.length < 5; index += 1) {
      const operation = pick(next, operations);
      let path = operation.path;
      for (const name of operation.pathParams)
        path = path.replace(
          `{${name}}`,
          encodeURIComponent(
            String(pick(next, ['chart_1', 'gemini', '__proto__', 'x'.repeat(200), '..%2F'])),
          ),
        );
      const query: Record<string, string> = {};
      for (const { name, schema } of operation.query)
        if (next() < 0.6) query[name] = String(valueFor(schema, next));
      const init: { body?: string; contentType?: string; query?: Record<string, string> } = {
        query,
      };
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        if (operation.body !== undefined)
          init.body = JSON.stringify(valueFor(operation.body, next));
        else if (next() < 0.7) init.body = uploadBody(next);
        if (init.body !== undefined && next() < 0.1)
          init.contentType = pick(next, [
            'text/csv',
            'application/octet-stream',
            'application/json; charset=utf-8',
          ]);
      }
      const response = await suite.http.request(operation.method, path, init);
      if (!operation.documented.has(response.status) && !TRANSPORT_STATUSES.has(response.status))
        undocumented.add(`${operation.method} ${operation.path} → ${response.status}`);
      const label = `#${index} ${operation.method} ${path} ${JSON.stringify(query)} ${init.body?.slice(0, 200) ?? ''}`;
      if (response.status >= 500)
        problems.push(`${label} → ${response.status} ${response.text.slice(0, 300)}`);
      const after = await fingerprint();
      if (response.status >= 400 && after !== before)
        problems.push(`${label} → ${response.status} yet the workbook changed`);
      before = after;
    }
    expect(problems).toEqual([]);
    expect([...undocumented].sort()).toEqual([]);
  }, 600_000);
});
