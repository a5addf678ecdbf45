// DESIGN §3.2: a module imports only from lower ranks, only through the other module's
// index.ts; only core/formula imports hyperformula; http never touches engines, databases or
// vendor SDKs; the web UI takes nothing but types from src/contract.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

const RANKS: Readonly<Record<string, number>> = {
  'config.ts': 0,
  contract: 0,
  core: 0,
  'engine-api': 1,
  providers: 1,
  persistence: 1,
  plugins: 1,
  realtime: 1,
  agent: 2,
  editing: 2,
  saas: 2,
  hosting: 3,
  http: 4,
  'main.ts': 5,
};

function sourceFiles(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts') ? [full] : [];
  });
}

interface ImportLine {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

function importsOf(file: string): ImportLine[] {
  const text = readFileSync(file, 'utf8');
  const found: ImportLine[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? match[5];
    if (specifier !== undefined) found.push({ specifier, typeOnly: match[2] !== undefined });
  }
  return found;
}

/** The top-level module a path under src/ belongs to ("core", "http", "config.ts" …). */
function moduleOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0]!.replace(/\.js$/, '.ts');
}

function violations(): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    if (file.endsWith('.test.ts')) continue;
    const from = moduleOf(file);
    const fromRank = RANKS[from];
    const where = path.relative(ROOT, file);
    if (fromRank === undefined) {
      problems.push(`${where}: module "${from}" has no rank in DESIGN §3.2`);
      continue;
    }
    for (const { specifier } of importsOf(file)) {
      if (specifier === 'hyperformula' && !path.relative(SRC, file).startsWith(path.join('core', 'formula'))) {
        problems.push(`${where}: only core/formula may import hyperformula`);
      }
      if (from === 'http' && /^(hyperformula|pg|@electric-sql\/pglite|ai|@ai-sdk\/.*|@openrouter\/.*|exceljs|redis)$/.test(specifier)) {
        problems.push(`${where}: http must not import ${specifier} (go through a use-case)`);
      }
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SRC)) continue;
      const to = moduleOf(target);
      if (to === from) continue;
      const toRank = RANKS[to];
      if (toRank === undefined) {
        problems.push(`${where}: imports unranked module "${to}"`);
        continue;
      }
      if (toRank >= fromRank) problems.push(`${where}: ${from} (rank ${fromRank}) must not import ${to} (rank ${toRank})`);
      const relative = path.relative(SRC, target).replace(/\.(js|ts)$/, '');
      if (to !== 'config.ts' && to !== 'main.ts' && relative !== `${to}/index`) {
        problems.push(`${where}: import ${to} through ${to}/index.js, not ${specifier}`);
      }
    }
  }
  return problems;
}

describe('[ARCH-1] import ranks of DESIGN §3.2', () => {
  it('every module imports only lower ranks, through their index', () => {
    expect(violations()).toEqual([]);
  });

  it('the check reads the imports it judges (http/app.ts imports hosting through its index)', () => {
    expect(importsOf(path.join(SRC, 'http', 'app.ts')).map((line) => line.specifier)).toContain('../hosting/index.js');
    expect(moduleOf(path.join(SRC, 'config.js'))).toBe('config.ts');
  });

  it('[ARCH-2] only core and hosting apply ops: everyone else commits through the workbook handle', () => {
    // Persistence may build workbooks of its own (compaction replays a journal into one) but
    // never changes the live one; that is only reachable through hosting's handle.
    const allowed = new Set(['core', 'hosting', 'persistence']);
    const problems = sourceFiles(SRC)
      .filter((file) => !file.endsWith('.test.ts') && !allowed.has(moduleOf(file)))
      .filter((file) => /(?<!handle)\.(apply|undo|redo)\(|Workbook\.create\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(problems).toEqual([]);
  });

  it('the web UI imports from src/contract only as types', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, 'web'))) {
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (!specifier.includes('/src/')) continue;
        if (!specifier.includes('/src/contract') || !typeOnly) problems.push(`${path.relative(ROOT, file)}: ${specifier}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
