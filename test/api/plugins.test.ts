// Black-box tests of Python plugins (docs/contract.md §4 Developer plugins, docs/design.md §7):
// the real app with a real plugin host (python3), the bundled examples, the developer portal's
// upload / delete / test while the server runs, #BUSY! cells filled in by their own commits,
// and plugins that hang or crash. Skipped, visibly, where no python3 is on PATH.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtInFunctionNames } from '../../src/core/index.js';
import { PluginRegistry, PythonPluginHost } from '../../src/plugins/index.js';
import { readValues, startApp, type RunningApp } from '../support/index.js';

const PYTHON = 'python3';
const hasPython = spawnSync(PYTHON, ['--version']).status === 0;
if (!hasPython) console.warn('plugins.test.ts: skipped, python3 is not on PATH');

const BUNDLED = path.resolve(import.meta.dirname, '../../examples/plugins');

const DOUBLER = `def register(kernel):
    @kernel.formula("DOUBLE_IT")
    def double_it(x):
        return x * 2
`;

/** Written the way GridOS documents its plugin API: decorator, default argument, agent, secret. */
const GRIDOS_STYLE = `_kernel = None


def register(kernel):
    global _kernel
    _kernel = kernel

    @kernel.formula("SALUTE")
    def salute(who="world"):
        if who is None or who == "" or who == 0:
            who = "world"
        return "Hi, " + str(who) + "!"

    @kernel.formula()
    def vault_hint():
        return _kernel.get_secret("gridos_style", "HINT") or "none"

    kernel.agent({
        "id": "saluter",
        "display_name": "Saluter",
        "router_description": "Writes salutations",
        "system_prompt": "You write salutations.",
    })
`;

interface Started {
  readonly running: RunningApp;
  readonly plugins: PluginRegistry;
  readonly dataDir: string;
}

const started: Started[] = [];

afterEach(async () => {
  for (const { running, plugins, dataDir } of started.splice(0)) {
    await running.close();
    await plugins.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

async function startWithPlugins(
  env: Record<string, string> = {},
  timeoutMs = 2_000,
  budgetMs = 10_000,
): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-plugins-'));
  const host = await PythonPluginHost.start({ python: PYTHON, timeoutMs });
  const plugins = await PluginRegistry.open({
    host,
    bundledDir: BUNDLED,
    dataDir: path.join(dataDir, 'plugins'),
    budgetMs,
    reservedNames: builtInFunctionNames(),
  });
  const running = await startApp({
    env: { GRIDBOOK_DATA_DIR: dataDir, ...env },
    deps: { plugins },
  });
  const entry = { running, plugins, dataDir };
  started.push(entry);
  return entry;
}

const PORTAL = { GRIDBOOK_DEV_PORTAL_ENABLED: '1' };

/** Polls the grid until the cell's value satisfies `done` (bounded: about 10 s). */
async function valueWhen(
  running: RunningApp,
  cell: string,
  done: (value: unknown) => boolean,
): Promise<unknown> {
  let value: unknown;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    value = (await readValues(running.http))[cell] ?? null;
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return value;
}

const notBusy = (value: unknown): boolean => value !== '#BUSY!';

describe.skipIf(!hasPython)('[PLUGINS] Python plugins', () => {
  it('GET /plugins lists the bundled examples with their formulas, and the portal as off without the flag', async () => {
    const { running } = await startWithPlugins();
    const response = await running.http.get('/plugins');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      enabled: true,
      dev_portal: false,
      python: expect.stringMatching(/^3\.\d+/),
      errors: [],
    });
    const formulas = Object.fromEntries(
      response.body.loaded.map((record: { slug: string; formulas: string[] }) => [
        record.slug,
        record.formulas,
      ]),
    );
    expect(formulas).toEqual({
      black_scholes: ['BS_PRICE', 'BS_DELTA'],
      hello_world: ['HELLO'],
      loan_math: ['LOAN_PAYMENT', 'LOAN_TOTAL_INTEREST', 'LOAN_BALANCE'],
    });
  });

  it('the bundled formulas answer through /eval, which waits for the plugin host', async () => {
    const { running } = await startWithPlugins();
    const response = await running.http.post('/eval', {
      formulas: [
        { cell: 'A1', formula: '=BS_PRICE(100, 100, 1, 0.05, 0.2)' },
        { cell: 'A2', formula: '=ROUND(LOAN_PAYMENT(200000, 0.06, 30), 2)' },
        { cell: 'A3', formula: '=HELLO("Ada")' },
        { cell: 'A4', formula: '=BS_PRICE(-1, 100, 1, 0.05, 0.2)' },
      ],
    });
    expect(response.status).toBe(200);
    const [price, payment, hello, bad] = response.body.results;
    expect(price.result).toBeCloseTo(10.4506, 4);
    expect(payment.result).toBe(1199.1);
    expect(hello.result).toBe('Hello, Ada!');
    expect(bad).toMatchObject({ result: null, error: '#VALUE!' });
  });

  it('a cell calling a plugin shows #BUSY! at first, then its value arrives in a commit of its own that is no undo step', async () => {
    const { running } = await startWithPlugins();
    await running.http.post('/grid/cell', { cell: 'A1', value: 21 });
    const written = await running.http.post('/grid/cell', { cell: 'B1', value: '=HELLO(A1)' });
    expect(written.status).toBe(200);
    expect(await valueWhen(running, 'B1', notBusy)).toBe('Hello, 21!');
    // The plugin's commit is not an undo step: one undo takes back B1, the next A1.
    expect((await running.http.post('/workbook/undo', {})).status).toBe(200);
    expect((await readValues(running.http))['B1']).toBeUndefined();
    expect((await readValues(running.http))['A1']).toBe(21);
  });

  it('upload → the formula works in a cell, /eval and /dev/plugins/test; delete → #NAME?; re-upload → works again; no restart, the workbook and its undo stay', async () => {
    const { running } = await startWithPlugins(PORTAL);
    await running.http.post('/grid/cell', { cell: 'A1', value: '=DOUBLE_IT(4)' });
    expect(await valueWhen(running, 'A1', notBusy)).toBe('#NAME?');

    const upload = await running.http.post('/dev/plugins/upload', {
      slug: 'doubler',
      plugin_py: DOUBLER,
    });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({
      ok: true,
      record: {
        slug: 'doubler',
        name: 'doubler',
        description: 'Uploaded through the developer portal.',
        category: 'custom',
        author: 'local',
        version: '0.1.0',
        formulas: ['DOUBLE_IT'],
        agents: [],
        models: [],
      },
    });
    expect(await valueWhen(running, 'A1', (value) => value === 8)).toBe(8);
    const evaluated = await running.http.post('/eval', {
      formulas: [{ cell: 'B1', formula: '=DOUBLE_IT(21)' }],
    });
    expect(evaluated.body.results[0]).toEqual({ cell: 'B1', result: 42, error: null });
    expect(
      (await running.http.post('/dev/plugins/test', { formula: 'DOUBLE_IT(5)' })).body,
    ).toEqual({
      ok: true,
      value: 10,
    });

    const removed = await running.http.request('DELETE', '/dev/plugins/doubler');
    expect(removed.body).toEqual({ ok: true, slug: 'doubler' });
    expect(await valueWhen(running, 'A1', (value) => value === '#NAME?')).toBe('#NAME?');
    expect((await running.http.request('DELETE', '/dev/plugins/doubler')).status).toBe(404);

    await running.http.post('/dev/plugins/upload', { slug: 'doubler', plugin_py: DOUBLER });
    expect(await valueWhen(running, 'A1', (value) => value === 8)).toBe(8);
    // The user's write is still the one undo step there is.
    expect((await running.http.post('/workbook/undo', {})).status).toBe(200);
    expect((await readValues(running.http))['A1']).toBeUndefined();
  });

  it('a plugin written to the documented GridOS API loads unchanged: formula with a default argument, a formula named after its function, an agent, a secret from the environment', async () => {
    const { running } = await startWithPlugins(PORTAL);
    const upload = await running.http.post('/dev/plugins/upload', {
      slug: 'gridos_style',
      manifest: { name: 'GridOS style', category: 'examples' },
      plugin_py: GRIDOS_STYLE,
    });
    expect(upload.body.record).toMatchObject({
      name: 'GridOS style',
      category: 'examples',
      formulas: ['SALUTE', 'VAULT_HINT'],
      agents: ['saluter'],
    });
    const results = (
      await running.http.post('/eval', {
        formulas: [
          { cell: 'A1', formula: '=SALUTE("Ada")' },
          { cell: 'A2', formula: '=SALUTE()' },
          { cell: 'A3', formula: '=VAULT_HINT()' },
        ],
      })
    ).body.results.map((item: { result: unknown }) => item.result);
    expect(results).toEqual(['Hi, Ada!', 'Hi, world!', 'none']);
    // Its agent is offered by name (GET /agents), and goes with the plugin.
    const agentIds = async (): Promise<string[]> =>
      (await running.http.get('/agents')).body.agents.map((agent: { id: string }) => agent.id);
    expect(await agentIds()).toEqual(expect.arrayContaining(['general', 'hello', 'saluter']));
    await running.http.request('DELETE', '/dev/plugins/gridos_style');
    expect(await agentIds()).not.toContain('saluter');
  });

  it('uploads that cannot load are refused with 400 {ok:false, error:{plugin, error}} and leave nothing behind', async () => {
    const { running } = await startWithPlugins(PORTAL);
    const syntax = await running.http.post('/dev/plugins/upload', {
      slug: 'broken',
      plugin_py: 'def register(kernel):\n    x = (\n',
    });
    expect(syntax.status).toBe(400);
    expect(syntax.body).toMatchObject({
      ok: false,
      error: { plugin: 'broken', error: expect.stringMatching(/SyntaxError.*line/) },
    });
    const failing = await running.http.post('/dev/plugins/upload', {
      slug: 'failing',
      plugin_py: 'def register(kernel):\n    raise RuntimeError("no licence")\n',
    });
    expect(failing.body.error.error).toMatch(/register\(\) failed: no licence/);
    const builtIn = await running.http.post('/dev/plugins/upload', {
      slug: 'summer',
      plugin_py:
        'def register(kernel):\n    @kernel.formula("SUM")\n    def s(x):\n        return x\n',
    });
    expect(builtIn.body.error.error).toMatch(/SUM is a built-in function/);
    const slug = await running.http.post('/dev/plugins/upload', {
      slug: 'Bad-Slug',
      plugin_py: DOUBLER,
    });
    expect(slug.status).toBe(400);
    expect(JSON.stringify(slug.body.detail)).toMatch(/slug/);
    const listed = (await running.http.get('/plugins')).body.loaded.map(
      (record: { slug: string }) => record.slug,
    );
    expect(listed).not.toContain('broken');
    expect(listed).not.toContain('failing');
    expect(listed).not.toContain('summer');
  });

  it('the portal is refused with 403 naming GRIDBOOK_DEV_PORTAL_ENABLED when it is off', async () => {
    const { running } = await startWithPlugins();
    const upload = await running.http.post('/dev/plugins/upload', {
      slug: 'doubler',
      plugin_py: DOUBLER,
    });
    expect(upload.status).toBe(403);
    expect(upload.body.detail).toMatch(/GRIDBOOK_DEV_PORTAL_ENABLED=1/);
    expect((await running.http.request('DELETE', '/dev/plugins/hello_world')).status).toBe(403);
    expect((await running.http.post('/dev/plugins/test', { formula: '=1' })).status).toBe(403);
  });

  it('a plugin that loops forever shows #TIMEOUT!, the server keeps answering meanwhile, and the host is back for the next call', async () => {
    const { running } = await startWithPlugins(PORTAL, 600);
    await running.http.post('/dev/plugins/upload', {
      slug: 'looper',
      plugin_py:
        'def register(kernel):\n    @kernel.formula("SPIN")\n    def spin(x):\n        while True:\n            pass\n',
    });
    await running.http.post('/grid/cell', { cell: 'A1', value: '=SPIN(1)' });
    // While the host spins, other requests are answered: the call never blocks the event loop.
    let answered = 0;
    const until = Date.now() + 400;
    while (Date.now() < until) {
      expect((await running.http.get('/healthz')).status).toBe(200);
      answered += 1;
    }
    expect(answered).toBeGreaterThan(5);
    expect(await valueWhen(running, 'A1', notBusy)).toBe('#TIMEOUT!');
    const after = await running.http.post('/eval', {
      formulas: [{ cell: 'B1', formula: '=HELLO("again")' }],
    });
    expect(after.body.results[0].result).toBe('Hello, again!');
  });

  it('a plugin that kills its process shows #VALUE! naming the crash, and other plugins keep working', async () => {
    const { running } = await startWithPlugins(PORTAL);
    await running.http.post('/dev/plugins/upload', {
      slug: 'crasher',
      plugin_py:
        'import os\n\ndef register(kernel):\n    @kernel.formula("CRASH")\n    def crash():\n        os._exit(1)\n',
    });
    const results = (
      await running.http.post('/eval', {
        formulas: [
          { cell: 'A1', formula: '=CRASH()' },
          { cell: 'A2', formula: '=HELLO("still here")' },
        ],
      })
    ).body.results;
    expect(results[0]).toMatchObject({ result: null, error: '#VALUE!' });
    expect(results[1].result).toBe('Hello, still here!');
  });

  it('slow calls share one plugin-time budget: past it, the rest answer #TIMEOUT! without running', async () => {
    const { running } = await startWithPlugins(PORTAL, 2_000, 300);
    await running.http.post('/dev/plugins/upload', {
      slug: 'sleeper',
      plugin_py:
        'import time\n\ndef register(kernel):\n    @kernel.formula("NAP")\n    def nap(x):\n        time.sleep(0.2)\n        return x\n',
    });
    const values = Array.from({ length: 6 }, (_, index) => [`=NAP(${index})`]);
    await running.http.post('/grid/range', { target_cell: 'A1', values });
    const settled = await valueWhen(running, 'A6', notBusy);
    expect(settled).toBe('#TIMEOUT!');
    const shown = await readValues(running.http);
    expect(shown['A1']).toBe(0);
    expect(Object.values(shown).filter((value) => value === '#TIMEOUT!').length).toBeGreaterThan(2);
  });
});

describe('[PLUGINS] without Python', () => {
  it('upload answers a clear 400, GET /plugins says why, and everything else works', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-no-python-'));
    const plugins = await PluginRegistry.open({
      host: undefined,
      pythonProblem: 'the Python interpreter "python3" was not found',
      bundledDir: BUNDLED,
      dataDir: path.join(dataDir, 'plugins'),
      budgetMs: 1_000,
      reservedNames: builtInFunctionNames(),
    });
    const running = await startApp({
      env: { GRIDBOOK_DATA_DIR: dataDir, ...PORTAL },
      deps: { plugins },
    });
    started.push({ running, plugins, dataDir });
    const listed = (await running.http.get('/plugins')).body;
    expect(listed).toMatchObject({ enabled: false, python: null, loaded: [] });
    expect(listed.errors.map((error: { plugin: string }) => error.plugin).sort()).toEqual([
      'black_scholes',
      'hello_world',
      'loan_math',
    ]);
    const upload = await running.http.post('/dev/plugins/upload', {
      slug: 'doubler',
      plugin_py: DOUBLER,
    });
    expect(upload.status).toBe(400);
    expect(upload.body.error.error).toMatch(/python3" was not found/);
    await running.http.post('/grid/cell', { cell: 'A1', value: '=HELLO("x")' });
    await running.http.post('/grid/cell', { cell: 'A2', value: '=1+1' });
    expect(await readValues(running.http)).toEqual({ A1: '#NAME?', A2: 2 });
  });
});
