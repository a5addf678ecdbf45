// Black-box tests of /healthz (src/http/routes/health.ts), the OpenAPI document and /docs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(() => server.close());

const ISSUE_3_ROUTES: [string, string][] = [
  ['get', '/healthz'],
  ['post', '/eval'],
  ['get', '/schema'],
  ['get', '/peek'],
  ['post', '/grid/cell'],
  ['post', '/grid/range'],
  ['get', '/grid'],
  ['post', '/grid/clear'],
  ['post', '/grid/lock'],
  ['post', '/grid/unlock'],
  ['post', '/system/unlock-all'],
  ['post', '/system/clear'],
  ['get', '/api/workbook'],
  ['post', '/workbook/sheet'],
  ['post', '/workbook/sheet/rename'],
  ['post', '/workbook/sheet/activate'],
  ['post', '/workbook/sheet/delete'],
  ['post', '/workbook/rename'],
  ['post', '/workbook/undo'],
  ['post', '/workbook/redo'],
];

describe('service endpoints', () => {
  it('[SYS-1] GET /healthz answers 200 {ok: true}', async () => {
    const response = await server.http.get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });

  it('[SYS-1] GET /openapi.json is an OpenAPI 3.1 document listing every route of the kernel', async () => {
    const response = await server.http.get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    for (const [method, path] of ISSUE_3_ROUTES)
      expect(response.body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('[SYS-1] the OpenAPI document carries the request schemas the server validates with', async () => {
    const paths = (await server.http.get('/openapi.json')).body.paths;
    const evalBody = paths['/eval'].post.requestBody.content['application/json'].schema;
    expect(evalBody.required).toContain('formulas');
    expect(evalBody.properties.formulas.maxItems).toBe(500);
    const cellBody = paths['/grid/cell'].post.requestBody.content['application/json'].schema;
    expect(cellBody.required).toEqual(['cell']);
    expect(Object.keys(cellBody.properties)).toEqual(
      expect.arrayContaining(['cell', 'value', 'sheet', 'expected_versions']),
    );
    const peekParameters = paths['/peek'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(peekParameters).toEqual(expect.arrayContaining(['range', 'format', 'sheet', 'mode']));
  });

  it('[SYS-1] the OpenAPI document names X-Gridbook-Seq on the reads that send it', async () => {
    const paths = (await server.http.get('/openapi.json')).body.paths;
    for (const path of ['/grid', '/api/workbook']) {
      const header = paths[path].get.responses['200'].headers?.['X-Gridbook-Seq'];
      expect(header?.schema, path).toEqual({ type: 'string', pattern: '^[0-9]+$' });
      const answer = await server.http.get(path);
      expect(answer.headers.get('x-gridbook-seq'), path).toMatch(/^[0-9]+$/);
    }
  });

  it('[FIRST-HOUR] every operation has a unique operationId; a body with no required field is optional', async () => {
    const paths = (await server.http.get('/openapi.json')).body.paths as Record<
      string,
      Record<string, { operationId?: string; requestBody?: { required?: boolean } }>
    >;
    const ids = Object.values(paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(paths['/grid/cell']!['post']!.operationId).toBe('postGridCell');
    expect(paths['/workbook/undo']!['post']!.requestBody?.required).toBe(false);
    expect(paths['/grid/cell']!['post']!.requestBody?.required).toBe(true);
  });

  it('[FIRST-HOUR] every route the server answers is an operation of /openapi.json (the docs, the document itself and the web pages aside)', async () => {
    // Fastify prints its routes as a tree: each line a path segment under its parent's.
    const routes: string[] = [];
    const stack: string[] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (match === null) continue;
      const depth = match[1]!.length / 4;
      const path = (stack[depth - 1] ?? '') + match[2]!;
      stack[depth] = path;
      for (const method of (match[3] ?? '').split(', ').filter((name) => name !== ''))
        if (!['HEAD', 'OPTIONS'].includes(method)) routes.push(`${method.toLowerCase()} ${path}`);
    }
    const paths = (await server.http.get('/openapi.json')).body.paths as Record<
      string,
      Record<string, unknown>
    >;
    const missing = routes
      .filter((route) => !/ \/(docs|openapi\.json|\*)/.test(route))
      .map((route) => route.replace(/:([A-Za-z_]+)/g, '{$1}'))
      .filter((route) => {
        const [method, path] = route.split(' ') as [string, string];
        return paths[path]?.[method] === undefined;
      });
    expect(routes.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('[FIRST-HOUR] every operation documents a 200 and its {detail} errors; every body has an example; uploads have bodies', async () => {
    type Media = { schema?: { required?: string[] }; example?: unknown; examples?: unknown };
    type Operation = {
      responses: Record<string, { content?: Record<string, Media> }>;
      requestBody?: { content: Record<string, Media> };
    };
    const paths = (await server.http.get('/openapi.json')).body.paths as Record<
      string,
      Record<string, Operation>
    >;
    const problems: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const label = `${method} ${path}`;
        const statuses = Object.keys(operation.responses);
        if (!statuses.includes('200')) problems.push(`${label}: no 200`);
        for (const status of ['408', '421'])
          if (!statuses.includes(status)) problems.push(`${label}: no ${status}`);
        if (method !== 'get' && !['403', '413', '415'].every((status) => statuses.includes(status)))
          problems.push(`${label}: a change without 403/413/415`);
        for (const status of statuses.filter((status) => status >= '400')) {
          const schema = operation.responses[status]!.content?.['application/json']?.schema;
          if (JSON.stringify(schema ?? {}).includes('"detail"') === false)
            problems.push(`${label}: ${status} without {detail}`);
        }
        const json = operation.requestBody?.content['application/json'];
        if (
          json !== undefined &&
          json.example === undefined &&
          json.examples === undefined &&
          path !== '/mcp'
        )
          problems.push(`${label}: a JSON body without an example`);
      }
    }
    expect(problems).toEqual([]);
    for (const path of ['/system/import', '/system/import.xlsx', '/system/import.csv'])
      expect(Object.keys(paths[path]!['post']!.requestBody?.content ?? {}), path).toContain(
        'multipart/form-data',
      );
  });

  it('[FIRST-HOUR] the request examples in /openapi.json work as written, in order on a fresh workbook', async () => {
    const fresh = await startApp();
    try {
      const paths = (await fresh.http.get('/openapi.json')).body.paths;
      // @fastify/swagger moves a schema's first example to the media type's `example`.
      const example = (path: string) =>
        paths[path].post.requestBody.content['application/json'].example;
      for (const path of [
        '/grid/range',
        '/grid/cell',
        '/eval',
        '/grid/lock',
        '/system/charts',
        '/workbook/sheet',
        '/workbook/sheet/activate',
        '/workbook/sheet/rename',
        '/workbook/rename',
        '/workbook/sheet/delete',
      ]) {
        const response = await fresh.http.post(path, example(path));
        expect(response.status, `${path} ${response.text}`).toBe(200);
      }
      expect((await fresh.http.get('/peek', { sheet: 'Budget', range: 'B4' })).body.rows).toEqual([
        [350],
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('[SYS-1] /docs serves the API reference from the server itself, no outside assets', async () => {
    const page = await server.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/docs\//);
      expect((await server.http.get(asset)).status, asset).toBe(200);
    }
  });

  it('[ERR-1] an unknown route is a 404 {detail} naming it', async () => {
    const response = await server.http.get('/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain('/no/such/route');
  });
});
