// The landing page loads no grid code (docs/ui-rules.md PERF-13): everything its entry reaches,
// import by import, stays out of the workbook page's folders and the grid library. The browser
// test checks the built result (the workbook entry is never fetched); this names the import
// that broke the rule.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(import.meta.dirname, '../../web/src');
const LANDING_ENTRY = path.join(WEB_SRC, 'landing', 'main.tsx');
/** The sign-in page (SaaS) is kept as small, by the same rule. */
const SIGN_IN_ENTRY = path.join(WEB_SRC, 'signin', 'main.tsx');
/** Folders of web/src that belong to the workbook page. */
const WORKBOOK_ONLY = [
  'app',
  'grid',
  'charts',
  'files',
  'sheets',
  'status',
  'agent',
  'settings',
  'ui',
  'shims',
];
const FORBIDDEN_PACKAGES = /^(@glideapps\/|chart\.js|exceljs|papaparse)/;

function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern =
    /^\s*(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...text.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

function resolveLocal(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  if (target.endsWith('.css')) return target;
  const withoutJs = target.replace(/\.js$/, '');
  for (const candidate of [`${withoutJs}.ts`, `${withoutJs}.tsx`, target]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`${path.relative(WEB_SRC, from)}: cannot resolve ${specifier}`);
}

/** Every (importer, specifier) an entry reaches, following local imports. */
function entryImports(entry: string): { from: string; specifier: string; file?: string }[] {
  const seen = new Set<string>();
  const edges: { from: string; specifier: string; file?: string }[] = [];
  const visit = (file: string): void => {
    if (seen.has(file) || file.endsWith('.css')) return;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) {
        edges.push({ from: file, specifier });
        continue;
      }
      const target = resolveLocal(file, specifier);
      edges.push({ from: file, specifier, file: target });
      visit(target);
    }
  };
  visit(entry);
  return edges;
}

const landingImports = () => entryImports(LANDING_ENTRY);

describe('[ENTRY-01] the landing page bundle', () => {
  it('reaches no workbook-page folder and no grid, chart or spreadsheet-file library', () => {
    const problems = landingImports()
      .filter(({ specifier, file }) =>
        file === undefined
          ? FORBIDDEN_PACKAGES.test(specifier)
          : WORKBOOK_ONLY.includes(path.relative(WEB_SRC, file).split(path.sep)[0]!),
      )
      .map(({ from, specifier }) => `${path.relative(WEB_SRC, from)} imports ${specifier}`);
    expect(problems).toEqual([]);
  });

  it('the walk follows the entry’s imports (it reaches the API client and React)', () => {
    const edges = landingImports();
    expect(edges.some(({ file }) => file === path.join(WEB_SRC, 'api', 'client.ts'))).toBe(true);
    expect(edges.some(({ specifier }) => specifier === 'react-dom/client')).toBe(true);
  });
});

describe('[ENTRY-01] the sign-in page bundle', () => {
  it('reaches no workbook-page folder and no grid, chart or spreadsheet-file library', () => {
    const edges = entryImports(SIGN_IN_ENTRY);
    const problems = edges
      .filter(({ specifier, file }) =>
        file === undefined
          ? FORBIDDEN_PACKAGES.test(specifier)
          : WORKBOOK_ONLY.includes(path.relative(WEB_SRC, file).split(path.sep)[0]!),
      )
      .map(({ from, specifier }) => `${path.relative(WEB_SRC, from)} imports ${specifier}`);
    expect(problems).toEqual([]);
    expect(edges.some(({ file }) => file === path.join(WEB_SRC, 'api', 'client.ts'))).toBe(true);
  });
});
