// The Python plugin host end to end: real python3, real plugin folders in a temp dir, and the
// failure modes the host exists for (hangs, crashes, segfaults) checked down to the PIDs.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonPluginHost, PythonUnavailableError } from './bridge.js';

function python3OnPath(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const HAS_PYTHON = python3OnPath();
if (!HAS_PYTHON)
  process.stderr.write(
    '\n[plugins] Python plugin host tests skipped: no python3 on PATH (install CPython 3.9 or newer)\n',
  );

// GridOS's example plugin, byte for byte as GridOS ships it.
const HELLO_WORLD = `def register(kernel):
    @kernel.formula("GREET")
    def greet(name="world"):
        if name is None or name == "" or name == 0 or name == 0.0:
            name = "world"
        return f"Hello, {name}!"
    kernel.agent({"id": "greeter", "display_name": "Friendly Greeter", "router_description": "Writes greetings", "system_prompt": "You are a greeter."})
`;

const TOOLS = `import json
import os


def register(kernel):
    @kernel.formula()
    def shape(value):
        return json.dumps(value)

    @kernel.formula("BOOM")
    def boom():
        raise ValueError("no good")

    @kernel.formula("PING")
    def ping():
        return 1

    @kernel.formula("BIG")
    def big(size):
        return "x" * int(size)

    @kernel.formula("HANG")
    def hang():
        while True:
            pass

    @kernel.formula("DIE")
    def die():
        os._exit(1)

    @kernel.formula("SEGV")
    def segv():
        import ctypes
        ctypes.string_at(0)

    kernel.model({"id": "tiny", "provider": "local", "display_name": "Tiny", "description": "A test model", "tier": "fast"})
`;

const VAULT = `_kernel = None


def register(kernel):
    global _kernel
    _kernel = kernel

    @kernel.formula()
    def token():
        return _kernel.get_secret("vault", "TOKEN")
`;

const NOISY = `import os
print("noise at import")


def register(kernel):
    print("noise in register")

    @kernel.formula("NOISY")
    def noisy():
        print("noise in a call")
        os.system("echo noise from a child process")
        os.write(1, b"noise on fd 1\\n")
        return "quiet reply"
`;

const HALF_REGISTERED = `def register(kernel):
    @kernel.formula("PARTIAL")
    def partial():
        return 1
    kernel.agent({"id": "no-prompt"})
`;

const evolving = (version: number, extra = ''): string => `def register(kernel):
    @kernel.formula("VERSION")
    def version():
        return ${version}
${extra}`;

function writePlugin(root: string, slug: string, source: string, manifest?: string): string {
  const dir = path.join(root, slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'plugin.py'), source);
  if (manifest !== undefined) writeFileSync(path.join(dir, 'manifest.json'), manifest);
  return dir;
}

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** PIDs of this process's children running host.py (Linux: read from /proc). */
function hostChildren(): Set<number> | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const found = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === process.pid && command.includes('host.py')) found.add(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

async function eventually(check: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe.skipIf(!HAS_PYTHON)('the Python plugin host', () => {
  let root: string;
  let host: PythonPluginHost;
  const reports: string[] = [];
  let previousVaultToken: string | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gridbook-plugins-'));
    previousVaultToken = process.env['VAULT_TOKEN'];
    process.env['VAULT_TOKEN'] = 'from-env'; // the host inherits the environment it starts with
    host = await PythonPluginHost.start({ timeoutMs: 300, report: (line) => reports.push(line) });
    for (const [slug, source] of [
      ['hello_world', HELLO_WORLD],
      ['tools', TOOLS],
      ['vault', VAULT],
      ['noisy', NOISY],
    ] as const) {
      const outcome = await host.load(slug, writePlugin(root, slug, source));
      expect(outcome.ok, `${slug}: ${JSON.stringify(outcome)}`).toBe(true);
    }
  });

  afterAll(async () => {
    const pid = host?.pid;
    await host?.close();
    if (pid !== undefined) expect(isGone(pid)).toBe(true);
    if (previousVaultToken === undefined) delete process.env['VAULT_TOKEN'];
    else process.env['VAULT_TOKEN'] = previousVaultToken;
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it('loads GridOS hello_world unchanged: its formula and its agent', async () => {
    const outcome = await host.load('hello_world', path.join(root, 'hello_world'));
    expect(outcome).toEqual({
      ok: true,
      formulas: ['GREET'],
      agents: [
        {
          id: 'greeter',
          displayName: 'Friendly Greeter',
          routerDescription: 'Writes greetings',
          systemPrompt: 'You are a greeter.',
        },
      ],
      models: [],
    });
  });

  it('calls a formula with text, an empty cell, and no argument (its default)', async () => {
    expect(await host.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
    expect(await host.call('GREET', [null], {})).toEqual({ ok: true, value: 'Hello, world!' });
    expect(await host.call('greet', [], {})).toEqual({ ok: true, value: 'Hello, world!' });
    expect(await host.call('GREET', [0], {})).toEqual({ ok: true, value: 'Hello, world!' });
  });

  it('carries any text, and replies far larger than one pipe chunk', async () => {
    expect(await host.call('GREET', ['Zoë 😀 "q" \\ \n'], {})).toEqual({
      ok: true,
      value: 'Hello, Zoë 😀 "q" \\ \n!',
    });
    const big = await host.call('BIG', [2_000_000], {});
    expect(big.ok && typeof big.value === 'string' && big.value.length).toBe(2_000_000);
  });

  it('passes a range as a list of lists, numbers as floats', async () => {
    const outcome = await host.call(
      'SHAPE',
      [
        [
          [1, 'a'],
          [null, true],
        ],
      ],
      {},
    );
    expect(outcome).toEqual({ ok: true, value: '[[1.0, "a"], [null, true]]' });
  });

  it('reports models a plugin registers', async () => {
    const outcome = await host.load('tools', path.join(root, 'tools'));
    expect(outcome.ok && outcome.models).toEqual([
      {
        id: 'tiny',
        provider: 'local',
        displayName: 'Tiny',
        description: 'A test model',
        extra: { tier: 'fast' },
      },
    ]);
  });

  it('answers an exception as an error with its type and message', async () => {
    expect(await host.call('BOOM', [], {})).toEqual({
      ok: false,
      kind: 'exception',
      error: 'ValueError: no good',
    });
    expect(await host.call('NOPE', [], {})).toEqual({
      ok: false,
      kind: 'exception',
      error: 'unknown function NOPE',
    });
  });

  it('check names the line of a syntax error, and wants a top-level register()', async () => {
    const broken = 'def register(kernel):\n    pass\n\ndef broken(:\n    pass\n';
    const checked = await host.check(broken);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error).toMatch(/^SyntaxError: .+ \(line 4\)$/);
    expect(await host.check('def other():\n    pass\n')).toEqual({
      ok: false,
      error: 'missing register(kernel) function',
    });
    expect(await host.check(HELLO_WORLD)).toEqual({ ok: true });
  });

  it('refuses a plugin without register(), a bad manifest, and a failing register()', async () => {
    expect(await host.load('bare', writePlugin(root, 'bare', 'X = 1\n'))).toEqual({
      ok: false,
      kind: 'rejected',
      error: 'missing register(kernel) function',
    });
    const badManifest = writePlugin(root, 'bad_manifest', HELLO_WORLD, '{not json');
    const manifestOutcome = await host.load('bad_manifest', badManifest);
    expect(!manifestOutcome.ok && manifestOutcome.error).toMatch(/^manifest: /);
    const half = await host.load('half', writePlugin(root, 'half', HALF_REGISTERED));
    expect(half).toEqual({
      ok: false,
      kind: 'rejected',
      error: "register() failed: Plugin agent spec requires 'id' and 'system_prompt'",
    });
    // Unlike GridOS, nothing of a plugin that failed stays registered.
    expect(await host.call('PARTIAL', [], {})).toMatchObject({
      ok: false,
      error: 'unknown function PARTIAL',
    });
  });

  it('get_secret reads the secrets sent with the call, then <SLUG>_<KEY> from the environment', async () => {
    expect(await host.call('TOKEN', [], { vault: { TOKEN: 'from-call' } })).toEqual({
      ok: true,
      value: 'from-call',
    });
    expect(await host.call('TOKEN', [], {})).toEqual({ ok: true, value: 'from-env' });
    // A formula sees its own plugin's secrets only.
    expect(await host.call('TOKEN', [], { other: { TOKEN: 'not-yours' } })).toEqual({
      ok: true,
      value: 'from-env',
    });
  });

  it('keeps the protocol intact when a plugin prints, or writes to file descriptor 1', async () => {
    expect(await host.call('NOISY', [], {})).toEqual({ ok: true, value: 'quiet reply' });
    expect(await host.call('GREET', ['Bo'], {})).toEqual({ ok: true, value: 'Hello, Bo!' });
    const heard = await eventually(
      () =>
        ['noise in a call', 'noise from a child process', 'noise on fd 1'].every((noise) =>
          reports.some((line) => line.includes(noise)),
        ),
      2000,
    );
    expect(heard, reports.join('\n')).toBe(true);
  });

  it('re-runs registration on a re-load after plugin.py changed, and unload removes it', async () => {
    const dir = writePlugin(root, 'evolving', evolving(1));
    expect(await host.load('evolving', dir)).toMatchObject({ ok: true, formulas: ['VERSION'] });
    expect(await host.call('VERSION', [], {})).toEqual({ ok: true, value: 1 });
    writePlugin(
      root,
      'evolving',
      evolving(2, '    @kernel.formula("NEWER")\n    def newer():\n        return True\n'),
    );
    expect(await host.load('evolving', dir)).toMatchObject({
      ok: true,
      formulas: ['VERSION', 'NEWER'],
    });
    expect(await host.call('VERSION', [], {})).toEqual({ ok: true, value: 2 });
    expect(await host.call('NEWER', [], {})).toEqual({ ok: true, value: true });
    await host.unload('evolving');
    expect(await host.call('VERSION', [], {})).toEqual({
      ok: false,
      kind: 'exception',
      error: 'unknown function VERSION',
    });
  });

  it('times out a hanging formula, kills the host by PID, respawns it with every plugin', async () => {
    const before = host.pid!;
    const restarts = host.restarts;
    const started = performance.now();
    const hung = host.call('HANG', [], {});
    // Queued behind the hang: its own timeout starts when it is sent, after the respawn.
    const queued = host.call('GREET', ['Queued'], {});
    expect(await hung).toEqual({ ok: false, kind: 'timeout', error: 'timed out after 300 ms' });
    expect(performance.now() - started).toBeLessThan(300 + 700);
    expect(await queued).toEqual({ ok: true, value: 'Hello, Queued!' });
    expect(host.pid).not.toBe(before);
    expect(host.restarts).toBe(restarts + 1);
    expect(isGone(before)).toBe(true);
    expect(await host.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
    expect(await host.call('TOKEN', [], { vault: { TOKEN: 'still-here' } })).toEqual({
      ok: true,
      value: 'still-here',
    });
  });

  it('answers os._exit(1) and a segfault as crashes and recovers from both', async () => {
    const beforeExit = host.pid!;
    const exited = await host.call('DIE', [], {});
    expect(exited).toEqual({
      ok: false,
      kind: 'crash',
      error: 'the plugin host crashed (exit code 1)',
    });
    expect(await host.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
    expect(isGone(beforeExit)).toBe(true);

    const beforeSegfault = host.pid!;
    const segfault = await host.call('SEGV', [], {});
    expect(segfault).toEqual({
      ok: false,
      kind: 'crash',
      error: 'the plugin host crashed (signal SIGSEGV)',
    });
    expect(await host.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
    expect(isGone(beforeSegfault)).toBe(true);
  });

  it('survives 100 timeouts and crashes in a row with exactly one live host left', async () => {
    const restarts: string[] = [];
    const chaos = await PythonPluginHost.start({
      timeoutMs: 50,
      report: (line) => {
        if (line.startsWith('restarting')) restarts.push(line);
      },
    });
    try {
      expect((await chaos.load('hello_world', path.join(root, 'hello_world'))).ok).toBe(true);
      expect((await chaos.load('tools', path.join(root, 'tools'))).ok).toBe(true);
      const first = chaos.pid!;
      const failures = ['HANG', 'DIE', 'SEGV'] as const;
      const outcomes = [];
      for (let round = 0; round < 100; round += 1)
        outcomes.push(await chaos.call(failures[round % failures.length]!, [], {}));
      expect(outcomes.filter((outcome) => outcome.ok)).toEqual([]);
      expect(await chaos.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
      // Every restart names the process it killed; each of those must be gone, not a zombie.
      const killed = restarts.map((line) => Number(/\(pid (\d+)\)/.exec(line)?.[1]));
      expect(killed.length).toBeGreaterThanOrEqual(100);
      expect(killed[0]).toBe(first);
      const live = chaos.pid!;
      expect(killed).not.toContain(live);
      expect(killed.filter((pid) => !isGone(pid))).toEqual([]);
      expect(chaos.restarts).toBe(killed.length);
      const children = hostChildren();
      if (children !== undefined) expect(children).toEqual(new Set([host.pid, live]));
    } finally {
      await chaos.close();
    }
  }, 60_000);

  it('respawns a host that died while idle before the next request', async () => {
    const before = host.pid!;
    const restarts = host.restarts;
    process.kill(before, 'SIGKILL');
    expect(await eventually(() => isGone(before), 2000)).toBe(true);
    expect(await host.call('GREET', ['again'], {})).toEqual({ ok: true, value: 'Hello, again!' });
    expect(host.restarts).toBe(restarts + 1);
  });

  it('drops a plugin whose re-load keeps killing the respawned host', async () => {
    const marker = path.join(root, 'fragile.marker');
    const fragile = `import os


def register(kernel):
    if os.path.exists(${JSON.stringify(marker)}):
        os._exit(2)

    @kernel.formula("FRAGILE")
    def fragile():
        return "alive"
`;
    expect((await host.load('fragile', writePlugin(root, 'fragile', fragile))).ok).toBe(true);
    writeFileSync(marker, '');
    expect(await host.call('DIE', [], {})).toMatchObject({ ok: false, kind: 'crash' });
    expect(await host.call('GREET', ['Ada'], {})).toEqual({ ok: true, value: 'Hello, Ada!' });
    expect(await host.call('FRAGILE', [], {})).toMatchObject({
      ok: false,
      error: 'unknown function FRAGILE',
    });
    expect(reports.some((line) => line.startsWith('plugin fragile was dropped'))).toBe(true);
  });

  it('measures the round trip of a trivial call', async () => {
    const timings: number[] = [];
    for (let round = 0; round < 500; round += 1) {
      const started = performance.now();
      await host.call('PING', [], {});
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)]!;
    process.stdout.write(
      `\n[plugins] trivial plugin call round trip: median ${median.toFixed(3)} ms over 500 calls\n`,
    );
    expect(median).toBeLessThan(50);
  });

  it('close() ends the host, and later calls answer that it is closed', async () => {
    const spare = await PythonPluginHost.start({ timeoutMs: 1000 });
    const pid = spare.pid!;
    await spare.close();
    expect(isGone(pid)).toBe(true);
    expect(await spare.call('GREET', [], {})).toEqual({
      ok: false,
      kind: 'crash',
      error: 'the plugin host is closed',
    });
  });
});

describe.skipIf(!HAS_PYTHON)('a host that cannot restart', () => {
  it('fails requests as crashes after 3 failed starts in a row, and retries 5 s later', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gridbook-plugins-'));
    const previousPythonPath = process.env['PYTHONPATH'];
    // Python imports sitecustomize at start-up: while the marker exists, every start fails.
    const marker = path.join(root, 'broken.marker');
    const site = path.join(root, 'site');
    mkdirSync(site);
    writeFileSync(
      path.join(site, 'sitecustomize.py'),
      `import os\nif os.path.exists(${JSON.stringify(marker)}):\n    os._exit(3)\n`,
    );
    process.env['PYTHONPATH'] = site;
    const reports: string[] = [];
    const fragile = await PythonPluginHost.start({
      timeoutMs: 1000,
      report: (line) => reports.push(line),
    });
    try {
      expect((await fragile.load('tools', writePlugin(root, 'tools', TOOLS))).ok).toBe(true);
      writeFileSync(marker, '');
      expect(await fragile.call('DIE', [], {})).toMatchObject({ ok: false, kind: 'crash' });
      const down = await fragile.call('PING', [], {});
      expect(down).toMatchObject({ ok: false, kind: 'crash' });
      expect(!down.ok && down.error).toMatch(/exited \(exit code 3\) before it was ready/);
      expect(
        reports.filter((line) => line.startsWith('the Python plugin host failed to start:')),
      ).toHaveLength(3);
      expect(fragile.pid).toBeUndefined();
      // While down, requests fail at once instead of trying to start again.
      const started = performance.now();
      expect(await fragile.call('PING', [], {})).toMatchObject({ ok: false, kind: 'crash' });
      expect(performance.now() - started).toBeLessThan(50);
      rmSync(marker);
      await new Promise((resolve) => setTimeout(resolve, 5100));
      expect(await fragile.call('PING', [], {})).toEqual({ ok: true, value: 1 });
    } finally {
      await fragile.close();
      if (previousPythonPath === undefined) delete process.env['PYTHONPATH'];
      else process.env['PYTHONPATH'] = previousPythonPath;
      rmSync(root, { recursive: true, force: true });
    }
  }, 20_000);
});

describe.skipIf(!HAS_PYTHON)('closing the Python plugin host', () => {
  it('kills a host stuck in a formula by PID after 1 s; the call in flight answers closed', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gridbook-plugins-'));
    try {
      const stuck = await PythonPluginHost.start({ timeoutMs: 10_000 });
      expect((await stuck.load('tools', writePlugin(root, 'tools', TOOLS))).ok).toBe(true);
      const pid = stuck.pid!;
      const hung = stuck.call('HANG', [], {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      await stuck.close();
      expect(performance.now() - started).toBeLessThan(3000);
      expect(isGone(pid)).toBe(true);
      expect(await hung).toEqual({ ok: false, kind: 'crash', error: 'the plugin host was closed' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!HAS_PYTHON)('starting the Python plugin host', () => {
  it('throws PythonUnavailableError for an interpreter that does not exist', async () => {
    const start = PythonPluginHost.start({ python: '/nonexistent/python3', timeoutMs: 1000 });
    await expect(start).rejects.toBeInstanceOf(PythonUnavailableError);
    await expect(start).rejects.toThrow(/was not found.*GRIDBOOK_PYTHON/);
  });

  it('throws PythonUnavailableError when the interpreter is too old', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gridbook-plugins-'));
    try {
      // Stands in for Python 3.8 running host.py: the line host.py writes before exiting.
      const fake = path.join(root, 'python3.8');
      const refusal =
        '{"ready": false, "python": "3.8.10", "error": "Python 3.9 or newer is required, found 3.8.10"}';
      writeFileSync(fake, `#!/bin/sh\necho '${refusal}'\nexit 1\n`, { mode: 0o755 });
      const start = PythonPluginHost.start({ python: fake, timeoutMs: 1000 });
      await expect(start).rejects.toBeInstanceOf(PythonUnavailableError);
      await expect(start).rejects.toThrow(
        /3\.9 or newer is required, found 3\.8\.10.*GRIDBOOK_PYTHON/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('throws PythonUnavailableError for a program that exits instead of serving', async () => {
    const start = PythonPluginHost.start({ python: 'false', timeoutMs: 1000 });
    await expect(start).rejects.toThrow(/exited \(exit code 1\) before it was ready/);
  });
});
