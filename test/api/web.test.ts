// The built web UI (routes/web.ts): the landing page at /, the workbook page at /workbook,
// built files, the landing page for other page navigations, JSON 404s for everything else,
// API routes never shadowed, a clear 503 before the first build.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';

describe('[UI-SERVE] the web UI at /', () => {
  let webDir: string;
  let server: RunningApp;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'gridbook-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Gridbook</title><div id="root"></div>',
    );
    await writeFile(
      path.join(webDir, 'workbook.html'),
      '<!doctype html><title>Gridbook — workbook</title><div id="root"></div>',
    );
    await writeFile(
      path.join(webDir, 'signin.html'),
      '<!doctype html><title>Sign in — Gridbook</title><div id="root"></div>',
    );
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    server = await startApp({ deps: { webDir } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (urlPath: string, accept = '*/*') =>
    fetch(`${server.url}${urlPath}`, { headers: { accept } });

  it('serves index.html at / without caching it', async () => {
    const response = await get('/', 'text/html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves the workbook page at /workbook, with or without a trailing slash or a query, without caching it', async () => {
    for (const urlPath of ['/workbook', '/workbook/', '/workbook?sheet=Sheet2']) {
      const response = await get(urlPath, 'text/html');
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('cache-control'), urlPath).toBe('no-cache');
      expect(await response.text(), urlPath).toContain('<title>Gridbook — workbook</title>');
    }
  });

  it('serves the sign-in page at /signin, with its query, without caching it', async () => {
    for (const urlPath of ['/signin', '/signin?next=%2Fworkbook']) {
      const response = await get(urlPath, 'text/html');
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('cache-control'), urlPath).toBe('no-cache');
      expect(await response.text(), urlPath).toContain('<title>Sign in — Gridbook</title>');
    }
  });

  it('[SEC-4] sends the pages with a policy that allows only their own scripts and forbids framing', async () => {
    for (const urlPath of ['/', '/workbook', '/signin']) {
      const response = await get(urlPath, 'text/html');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, urlPath).toContain("script-src 'self'");
      expect(policy, urlPath).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(policy, urlPath).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), urlPath).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), urlPath).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), urlPath).toBe('no-referrer');
    }
    expect((await get('/healthz')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the workbook API under /workbook/… out of the page fallback', async () => {
    const response = await get('/workbook/sheet', 'text/html');
    expect(response.status).toBe(404);
    const added = await fetch(`${server.url}/workbook/sheet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(added.status).toBe(200);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a page navigation to an unknown non-API path with the landing page', async () => {
    const response = await get('/welcome', 'text/html,application/xhtml+xml');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<title>Gridbook</title>');
    expect(text).not.toContain('workbook</title>');
  });

  it('keeps JSON 404s for missing files, API paths and non-HTML requests', async () => {
    for (const [urlPath, accept] of [
      ['/assets/missing.js', '*/*'],
      ['/grid/nothing-here', 'text/html'],
      ['/agent/nothing', 'text/html'],
      ['/no-such-page', 'application/json'],
    ] as const) {
      const response = await get(urlPath, accept);
      expect(response.status, urlPath).toBe(404);
      expect(await response.json(), urlPath).toMatchObject({
        detail: expect.stringContaining('No route'),
      });
    }
  });

  it("keeps every API area's unknown paths out of the page fallback, as the OpenAPI document lists them", async () => {
    const document = (await (await get('/openapi.json', 'application/json')).json()) as {
      paths: Record<string, unknown>;
    };
    const areas = new Set(Object.keys(document.paths).map((route) => route.split('/')[1]!));
    expect(areas).toContain('presence');
    areas.add('mcp'); // MCP's transport is left out of the document
    for (const area of areas) {
      const response = await get(`/${area}/no-such-thing/x`, 'text/html');
      expect(response.headers.get('content-type'), area).toContain('application/json');
      expect(response.status, area).toBeGreaterThanOrEqual(400);
    }
  });

  it('never shadows an API route and never serves files outside the build', async () => {
    const health = await get('/healthz', 'text/html');
    expect(await health.json()).toEqual({ ok: true });
    const grid = await get('/grid?range=A1', 'application/json');
    expect(grid.status).toBe(200);
    const escape = await get('/%2e%2e/%2e%2e/etc/passwd', '*/*');
    expect(escape.status).toBe(404);
  });

  it('answers 503 with how to build it when dist/web has no index.html yet', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'gridbook-web-empty-'));
    const bare = await startApp({ deps: { webDir: empty } });
    try {
      const response = await fetch(`${bare.url}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { detail: string }).detail).toContain('npm run build:web');
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
