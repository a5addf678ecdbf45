// How errors look on the wire (docs/design.md §5, src/http/errors.ts): {detail} bodies, 422 naming
// the field, 400 for malformed JSON, 413 for a body over the limit, unknown fields ignored.
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readValues, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp({ env: { GRIDBOOK_MAX_BODY_BYTES: '4096' } });
});
afterEach(() => server.close());

describe('error shapes', () => {
  it('[ERR-3] malformed JSON is a 400 {detail} that says the body is not valid JSON', async () => {
    const response = await server.http.postRaw('/grid/cell', '{"cell": "A1", ');
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/not valid JSON/);
  });

  it('[ERR-2] a field of the wrong type is a 422 whose detail names the field', async () => {
    const response = await server.http.post('/grid/cell', { cell: 5, value: 'x' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: expect.stringMatching(/^body\.cell: /) });
  });

  it('[ERR-2] a missing required field is a 422 that says the field is required', async () => {
    const response = await server.http.post('/grid/range', { target_cell: 'A1' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe('body.values: field required');
  });

  it("[ERR-1] a request Node's HTTP parser refuses (raw non-ASCII in the URL, a broken header line, headers too large) is a {detail} too", async () => {
    const { port } = new URL(server.url);
    /** The whole answer to bytes sent as they are, until the server closes the connection. */
    const rawAnswer = (request: Buffer): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => resolve(text));
        socket.end(request);
      });
    const cases: [Buffer, number, RegExp][] = [
      [
        Buffer.from('GET /peek?sheet=Straße HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 'utf8'),
        400,
        /percent-encode/,
      ],
      [Buffer.from('GET /healthz HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n'), 400, /headers/],
      [
        Buffer.from(
          `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
        ),
        431,
        /headers are too large/,
      ],
    ];
    for (const [request, status, detail] of cases) {
      const text = await rawAnswer(request);
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(body).toEqual({ detail: expect.stringMatching(detail) });
    }
    expect((await server.http.get('/healthz')).status).toBe(200);
  });

  it('[ERR-2] unknown body fields are ignored', async () => {
    const response = await server.http.post('/grid/cell', {
      cell: 'A1',
      value: 'x',
      colour: 'red',
      nested: { deep: [1] },
    });
    expect(response.status).toBe(200);
    expect(await readValues(server.http)).toEqual({ A1: 'x' });
  });

  it('[ERR-1] a body over GRIDBOOK_MAX_BODY_BYTES is a 413 {detail} and writes nothing', async () => {
    const response = await server.http.post('/grid/cell', { cell: 'A1', value: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect(response.body.detail).toBe(
      'The request body is larger than 4096 bytes, the most GRIDBOOK_MAX_BODY_BYTES accepts.',
    );
    expect(await readValues(server.http)).toEqual({});
  });

  it('[ERR-1] an import or upload over GRIDBOOK_MAX_BODY_BYTES is a 413 {detail} and replaces nothing', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 'kept' });
    const cells = Object.fromEntries(
      Array.from({ length: 400 }, (_, index) => [`A${index + 1}`, { value: index }]),
    );
    const json = await server.http.post('/system/import', {
      workbook_name: 'big',
      sheets: [{ name: 'S', cells }],
    });
    expect(json.status).toBe(413);
    expect(json.body.detail).toMatch(/GRIDBOOK_MAX_BODY_BYTES/);
    const xlsx = await server.http.postRaw(
      '/system/import.xlsx',
      'x'.repeat(5000),
      'application/octet-stream',
    );
    expect(xlsx.status).toBe(413);
    expect(xlsx.body.detail).toMatch(/GRIDBOOK_MAX_BODY_BYTES/);
    expect(await readValues(server.http)).toEqual({ A1: 'kept' });
  });

  it('[ERR-1] an unsupported content type is a 415 {detail}', async () => {
    const response = await server.http.postRaw('/grid/cell', '<cell>A1</cell>', 'application/xml');
    expect(response.status).toBe(415);
    expect(typeof response.body.detail).toBe('string');
  });

  it('[ERR-1] domain errors answer {detail} with the status of the error table', async () => {
    const cases: [string, unknown, number][] = [
      ['/grid/cell', { cell: 'A0' }, 400],
      ['/workbook/sheet/activate', { name: 'Ghost' }, 404],
      ['/workbook/sheet', { name: 'Sheet1' }, 409],
      ['/grid/lock', { range: 'A1:XFD1048576' }, 413],
    ];
    for (const [path, body, status] of cases) {
      const response = await server.http.post(path, body);
      expect(response.status, path).toBe(status);
      expect(Object.keys(response.body), path).toEqual(['detail']);
    }
  });

  it('[ERR-1] a version conflict answers {message, cell, expected, actual}, the shape /openapi.json documents for it', async () => {
    await server.http.post('/grid/cell', { cell: 'B2', value: '1' });
    const conflict = await server.http.post('/grid/cell', {
      cell: 'B2',
      value: '2',
      expected_versions: { B2: 0 },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      message: expect.stringContaining('B2'),
      cell: 'B2',
      expected: 0,
      actual: 1,
    });
    const paths = (await server.http.get('/openapi.json')).body.paths;
    for (const path of ['/grid/cell', '/grid/range', '/workbook/undo']) {
      const schema = paths[path].post.responses['409'].content['application/json'].schema;
      // The other 409s (a foreign undo step, a commit stream no longer kept) are {detail}.
      expect(
        schema.oneOf.map((shape: { required: string[] }) => shape.required.sort()),
        path,
      ).toEqual([Object.keys(conflict.body).sort(), ['detail']]);
    }
  });
});
