// docs/design.md §3.2 and §10 rules 11–12, held by the project's own check (import-rules.ts): the
// real tree passes, and a miniature checkout that breaks each rule once proves the check sees it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsIn, importViolations, packagesLoadedFrom } from './import-rules.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const BROKEN = path.join(import.meta.dirname, 'fixtures', 'broken');
const START = path.join(import.meta.dirname, 'fixtures', 'start', 'src', 'main.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

describe('[ARCH-1] import rules', () => {
  it('the real tree keeps every rule', () => {
    expect(importViolations(ROOT)).toEqual([]);
  });

  it('finds each deliberate violation of the broken fixture, and only those', () => {
    expect(importViolations(BROKEN).sort()).toEqual(
      [
        'src/agent/uses-vendor-sdk.ts:1: @ai-sdk/anthropic: only providers/vendors may import the vendor SDKs',
        'src/core/dynamic-crypto.ts:1: core is pure and must not import crypto',
        'src/core/imports-http.ts:1: core (rank 0) must not import http (rank 4)',
        'src/core/uses-fastify.ts:1: fastify: only http may import Fastify',
        'src/core/uses-node-fs.ts:1: core is pure and must not import node:fs',
        'src/core/uses-redis.ts:1: redis: only realtime may import Redis',
        'src/http/deep-import.ts:1: import core through core/index.js, not ../core/address/a1.js',
        'src/http/uses-hyperformula-subpath.ts:1: hyperformula/commonjs/index.js: only core/formula may import hyperformula',
        'src/http/uses-jose.ts:1: jose: only the auth code may import jose',
        'src/http/uses-mcp-sdk.ts:1: @modelcontextprotocol/sdk/server/mcp.js: only mcp may import the MCP SDK',
        'src/http/uses-papaparse.ts:1: papaparse: only persistence may import the file codecs',
        'src/http/uses-pg.ts:1: pg: only saas and the workbook store may import the database drivers',
        'web/src/imports-contract-as-value.ts:1: the web UI imports contract/index.ts only as types (import type)',
        'web/src/imports-core-index.ts:1: the web UI may take from src/ only contract types and the pure core modules (address, value typing, number formats), not core/index.ts',
        'web/src/uses-hyperformula.ts:1: the web UI must not import hyperformula (a server package)',
        'import cycle: src/core/cycle-a.ts → src/core/cycle-b.ts → src/core/cycle-a.ts',
      ].sort(),
    );
  });

  it('reads imports as the parser does: multi-line, type-only, re-exports, import() calls and import types', () => {
    const text = [
      "import {\n  a,\n  b,\n} from 'hyperformula';",
      "import type { C } from './c.js';",
      "import { type D } from './d.js';",
      "export { e } from './e.js';",
      "type F = typeof import('ai');",
      "const g = () => import('papaparse');",
      "// import x from 'in-a-comment';",
    ].join('\n');
    expect(importsIn('x.ts', text).map((site) => [site.specifier, site.typeOnly])).toEqual([
      ['hyperformula', false],
      ['./c.js', true],
      ['./d.js', true],
      ['./e.js', false],
      ['ai', true],
      ['papaparse', false],
    ]);
  });

  it('[ARCH-2] only core and hosting apply ops: everyone else commits through the workbook handle', () => {
    // Persistence and plugins may build workbooks of their own (compaction replays a journal into
    // one; /dev/plugins/test evaluates in a throwaway one) but never change the live one; that is
    // only reachable through hosting's handle.
    const allowed = new Set(['core', 'hosting', 'persistence', 'plugins']);
    const problems = sourceFiles(SRC)
      .filter((file) => !allowed.has(path.relative(SRC, file).split(path.sep)[0]!))
      .filter((file) =>
        /(?<!handle)\.(apply|undo|redo)\(|Workbook\.create\(/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(ROOT, file));
    expect(problems).toEqual([]);
  });

  it('[ARCH-3] the server’s start loads no JWT library and no Redis client: jose is imported only when SaaS auth runs, redis only when REDIS_URL opens a relay', () => {
    // OSS mode reaches the saas barrel (main.ts, http/errors.ts, hosting/saas-host.ts import it),
    // so SaaS-only packages must come in through import() calls (saas/auth/authenticator.ts,
    // realtime/redis-relay.ts).
    const loaded = packagesLoadedFrom(path.join(SRC, 'main.ts'));
    expect(loaded.get('jose')).toBeUndefined();
    expect(loaded.get('redis')).toBeUndefined();
    // The walk does follow the start's static imports into packages.
    expect(loaded.get('fastify')).toBeDefined();
  });

  it('a start’s packages follow static value imports only, with the chain that reaches each', () => {
    const loaded = packagesLoadedFrom(START);
    expect([...loaded.keys()]).toEqual(['papaparse']);
    expect(loaded.get('papaparse')).toEqual(['main.ts', 'codec.ts']);
  });
});
