// No web page but our own can change the workbook: cross-site "simple" requests (forms,
// text/plain, no-cors fetches) are refused, and a DNS-rebinding page, which the browser
// thinks is same-origin, is refused by its Host header. Requests are sent with node:http
// because fetch will not send an arbitrary Host header.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/start-app.js';

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: any;
}

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const isJson = (res.headers['content-type'] ?? '').includes('json');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: isJson && text !== '' ? JSON.parse(text) : text,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const EVIL = 'http://evil.example';
const IMPORT = JSON.stringify({ workbook_name: 'x', sheets: [{ name: 'S', cells: {} }] });

describe('[SEC-1] cross-site requests cannot change the workbook', () => {
  let suite: RunningApp;
  beforeAll(async () => {
    suite = await startApp();
    await suite.http.post('/grid/cell', { cell: 'A1', value: 'kept' });
  });
  afterAll(() => suite.close());

  it.each([
    ['/system/import', 'text/plain', IMPORT],
    ['/system/import', 'application/json', IMPORT],
    ['/system/clear', 'application/json', '{}'],
    ['/grid/cell', 'application/json', '{"cell":"A1","value":"gone"}'],
  ])(
    'refuses %s (%s) from a page on another origin with 403 naming why',
    async (path, type, body) => {
      const response = await send(
        suite.url,
        'POST',
        path,
        { origin: EVIL, 'content-type': type },
        body,
      );
      expect(response.status).toBe(403);
      expect(response.body.detail).toContain('http://evil.example');
      expect(response.body.detail).toContain('GRIDBOOK_CORS_ORIGINS');
      const peek = await suite.http.get('/peek', { range: 'A1' });
      expect(peek.body.rows).toEqual([['kept']]);
    },
  );

  it('refuses a bodiless state change a browser marks cross-site, even without Origin', async () => {
    const response = await send(suite.url, 'POST', '/system/unlock-all', {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.status).toBe(403);
    expect(response.body.detail).toContain('Sec-Fetch-Site');
  });

  it('refuses text/plain and form-encoded bodies on changes with 415, whatever their origin', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const response = await send(
        suite.url,
        'POST',
        '/system/import',
        { 'content-type': type },
        IMPORT,
      );
      expect(response.status).toBe(415);
      expect(response.body.detail).toContain('application/json');
    }
    expect((await suite.http.get('/peek', { range: 'A1' })).body.rows).toEqual([['kept']]);
  });

  it('answers the page itself: an Origin naming the host it was sent to is same-origin', async () => {
    const own = new URL(suite.url);
    const response = await send(
      suite.url,
      'POST',
      '/grid/cell',
      {
        origin: suite.url,
        host: own.host,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      },
      '{"cell":"B1","value":"7"}',
    );
    expect(response.status).toBe(200);
  });

  it('lets curl-like clients (no Origin, no Sec-Fetch-Site) write and read without extra headers', async () => {
    expect(
      (
        await send(
          suite.url,
          'POST',
          '/grid/cell',
          { 'content-type': 'application/json' },
          '{"cell":"C1","value":"1"}',
        )
      ).status,
    ).toBe(200);
    expect((await send(suite.url, 'POST', '/workbook/redo')).status).not.toBe(403);
  });

  it('grants no CORS: a preflight from an unlisted origin gets no allow-origin header', async () => {
    const response = await send(suite.url, 'OPTIONS', '/grid/cell', {
      origin: EVIL,
      'access-control-request-method': 'POST',
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets reads through from anywhere (the browser keeps their answers from other pages)', async () => {
    expect((await send(suite.url, 'GET', '/healthz', { origin: EVIL })).status).toBe(200);
  });
});

describe('[SEC-2] DNS rebinding: only loopback names are served in OSS mode', () => {
  let suite: RunningApp;
  beforeAll(async () => {
    suite = await startApp({ env: { GRIDBOOK_ALLOWED_HOSTS: 'sheets.lan' } });
  });
  afterAll(() => suite.close());

  it('refuses a request addressed to another name with 421 naming GRIDBOOK_ALLOWED_HOSTS, reads included', async () => {
    const port = new URL(suite.url).port;
    for (const [method, path] of [
      ['GET', '/system/export'],
      ['POST', '/system/save'],
    ] as const) {
      const response = await send(suite.url, method, path, { host: `rebind.test:${port}` });
      expect(response.status).toBe(421);
      expect(response.body.detail).toContain('rebind.test');
      expect(response.body.detail).toContain('GRIDBOOK_ALLOWED_HOSTS');
    }
  });

  it('serves 127.0.0.1, localhost, [::1] and the listed names', async () => {
    const port = new URL(suite.url).port;
    for (const name of ['127.0.0.1', 'localhost', '[::1]', 'sheets.lan', 'SHEETS.LAN']) {
      expect((await send(suite.url, 'GET', '/healthz', { host: `${name}:${port}` })).status).toBe(
        200,
      );
    }
  });
});

describe('[SEC-3] CORS for origins the operator lists', () => {
  let suite: RunningApp;
  const TRUSTED = 'https://app.example.com';
  beforeAll(async () => {
    suite = await startApp({ env: { GRIDBOOK_CORS_ORIGINS: TRUSTED } });
  });
  afterAll(() => suite.close());

  it("answers a listed origin's preflight and lets its writes through", async () => {
    const preflight = await send(suite.url, 'OPTIONS', '/grid/cell', {
      origin: TRUSTED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(TRUSTED);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain(
      'X-Gridbook-Client',
    );
    const write = await send(
      suite.url,
      'POST',
      '/grid/cell',
      { origin: TRUSTED, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      '{"cell":"A1","value":"1"}',
    );
    expect(write.status).toBe(200);
    expect(write.headers['access-control-allow-origin']).toBe(TRUSTED);
  });

  it("lets a listed origin's script read the seq a read includes and an export's file name", async () => {
    const read = await send(suite.url, 'GET', '/grid', { origin: TRUSTED });
    expect(read.status).toBe(200);
    expect(read.headers['x-gridbook-seq']).toMatch(/^[0-9]+$/);
    const exposed = String(read.headers['access-control-expose-headers'])
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['x-gridbook-seq', 'content-disposition']));
    const unlisted = await send(suite.url, 'GET', '/grid', { origin: EVIL });
    expect(unlisted.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('still refuses every other origin', async () => {
    const response = await send(
      suite.url,
      'POST',
      '/grid/cell',
      { origin: EVIL, 'content-type': 'application/json' },
      '{"cell":"A1","value":"2"}',
    );
    expect(response.status).toBe(403);
  });
});
