// The import rules of docs/design.md §3.2 and §10, checked on what the TypeScript parser reads
// (static imports, re-exports, `import()` calls and `import('x')` types), not on text: which module
// may import which (ranks, through the other module's index.ts), which packages each module may
// use, what the web UI may take from the server's code, and no import cycles.
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const RANKS: Readonly<Record<string, number>> = {
  'config.ts': 0,
  'v8-tuning.ts': 0,
  contract: 0,
  core: 0,
  files: 0,
  'engine-api': 1,
  providers: 1,
  persistence: 1,
  plugins: 1,
  realtime: 1,
  agent: 2,
  editing: 2,
  saas: 2,
  mcp: 3,
  hosting: 3,
  http: 4,
  'main.ts': 5,
};

interface PackageRule {
  readonly packages: RegExp;
  readonly name: string;
  /** Where under src/ the package may be imported (a path prefix, or a test on the path). */
  readonly allowedIn: (pathUnderSrc: string) => boolean;
  readonly where: string;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const isNodeBuiltin = (specifier: string): boolean =>
  NODE_BUILTINS.has(specifier) ||
  NODE_BUILTINS.has(specifier.split('/')[0]!) ||
  specifier.startsWith('node:');
const under =
  (...prefixes: string[]) =>
  (file: string) =>
    prefixes.some((prefix) => file === prefix || file.startsWith(`${prefix}/`));

const PACKAGE_RULES: readonly PackageRule[] = [
  {
    packages: /^hyperformula(\/|$)/,
    name: 'hyperformula',
    allowedIn: under('core/formula'),
    where: 'core/formula',
  },
  {
    packages: /^(fastify|@fastify\/.*)(\/|$)/,
    name: 'Fastify',
    allowedIn: under('http'),
    where: 'http',
  },
  {
    packages: /^(pg|@electric-sql\/pglite|drizzle-orm)(\/|$)/,
    name: 'the database drivers',
    allowedIn: under('saas', 'persistence'),
    where: 'saas and the workbook store',
  },
  {
    packages: /^jose(\/|$)/,
    name: 'jose',
    allowedIn: (file) => /(^|\/)auth[^/]*(\/|\.ts$)/.test(file),
    where: 'the auth code',
  },
  {
    packages: /^(@ai-sdk\/.*|@openrouter\/.*)(\/|$)/,
    name: 'the vendor SDKs',
    allowedIn: under('providers/vendors'),
    where: 'providers/vendors',
  },
  { packages: /^ai(\/|$)/, name: 'the AI SDK', allowedIn: under('providers'), where: 'providers' },
  {
    packages: /^(redis|ioredis)(\/|$)/,
    name: 'Redis',
    allowedIn: under('realtime'),
    where: 'realtime',
  },
  {
    packages: /^@modelcontextprotocol\//,
    name: 'the MCP SDK',
    allowedIn: under('mcp'),
    where: 'mcp',
  },
  {
    packages: /^(exceljs|papaparse)(\/|$)/,
    name: 'the file codecs',
    allowedIn: under('persistence'),
    where: 'persistence',
  },
];

/**
 * What web/ may import from src/: wire types, and the pure modules the page shares with the server.
 */
const WEB_MAY_IMPORT_FROM_SRC: readonly { readonly prefix: string; readonly typeOnly: boolean }[] =
  [
    { prefix: 'contract/', typeOnly: true },
    { prefix: 'core/address/', typeOnly: false },
    { prefix: 'core/formula-text/', typeOnly: false },
    { prefix: 'core/chart', typeOnly: false },
    { prefix: 'core/value-typing', typeOnly: false },
    // The Sort dialog names columns by their header text when it guesses a header, as the sort does.
    { prefix: 'core/header-row', typeOnly: false },
    // Typed numbers and dates read in the server's locale (value typing already builds on it).
    { prefix: 'core/format/number-format', typeOnly: false },
  ];

export interface ImportSite {
  readonly specifier: string;
  readonly typeOnly: boolean;
  /** An `import()` call: loaded when the call runs, not with the importing module. */
  readonly dynamic: boolean;
  readonly line: number;
}

/** Every import a file makes, as the TypeScript parser sees them. */
export function importsIn(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ImportSite[] = [];
  const add = (literal: ts.Node, typeOnly: boolean, dynamic = false): void => {
    if (!ts.isStringLiteralLike(literal)) return;
    found.push({
      specifier: literal.text,
      typeOnly,
      dynamic,
      line: source.getLineAndCharacterOfPosition(literal.getStart()).line + 1,
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const namedAllTypes =
        clause?.namedBindings !== undefined &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.name === undefined &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier, clause?.isTypeOnly === true || namedAllTypes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined
    ) {
      add(node.arguments[0], false, true);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node.moduleReference.expression, node.isTypeOnly);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry)
      ? [full]
      : [];
  });
}

/** The file a relative specifier names (`./a.js` → a.ts, `./dir/index.js` → dir/index.ts). */
function resolveRelative(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  if (!/\.(js|jsx|ts|tsx)$/.test(target) && statSync(target, { throwIfNoEntry: false })?.isFile())
    return target; // data: finance.json
  const stem = target.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')]) {
    try {
      if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
    } catch {
      // A path through a file (x.json/index.ts) is no candidate.
    }
  }
  return `${stem}.ts`;
}

/** Import cycles between files (value imports; a type-only import costs nothing at run time). */
function cyclesIn(edges: ReadonlyMap<string, readonly string[]>, root: string): string[] {
  const problems: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack
          .slice(stack.indexOf(next))
          .concat(next)
          .map((entry) => path.relative(root, entry));
        problems.push(`import cycle: ${cycle.join(' → ')}`);
      } else if (state.get(next) === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (state.get(file) === undefined) visit(file);
  return problems;
}

/** Every rule broken under `root` (a checkout: src/ and web/src/), one line each. */
export function importViolations(root: string): string[] {
  const src = path.join(root, 'src');
  const webSrc = path.join(root, 'web', 'src');
  const problems: string[] = [];
  const edges = new Map<string, string[]>();
  const moduleOf = (file: string): string => path.relative(src, file).split(path.sep)[0]!;

  for (const file of sourceFiles(src)) {
    const where = path.relative(root, file);
    const underSrc = path.relative(src, file).split(path.sep).join('/');
    const from = moduleOf(file);
    const fromRank = RANKS[from];
    if (fromRank === undefined)
      problems.push(`${where}: module "${from}" has no rank in docs/design.md §3.2`);
    const valueTargets: string[] = [];
    for (const site of importsIn(file, readFileSync(file, 'utf8'))) {
      const at = `${where}:${site.line}`;
      if (!site.specifier.startsWith('.')) {
        if ((from === 'core' || from === 'contract') && isNodeBuiltin(site.specifier))
          problems.push(`${at}: ${from} is pure and must not import ${site.specifier}`);
        for (const rule of PACKAGE_RULES) {
          if (rule.packages.test(site.specifier) && !rule.allowedIn(underSrc))
            problems.push(`${at}: ${site.specifier}: only ${rule.where} may import ${rule.name}`);
        }
        continue;
      }
      const target = resolveRelative(file, site.specifier);
      if (!site.typeOnly) valueTargets.push(target);
      if (!target.startsWith(src + path.sep)) continue;
      const to = moduleOf(target);
      if (to === from || fromRank === undefined) continue;
      const toRank = RANKS[to];
      if (toRank === undefined) problems.push(`${at}: imports unranked module "${to}"`);
      else if (toRank >= fromRank)
        problems.push(`${at}: ${from} (rank ${fromRank}) must not import ${to} (rank ${toRank})`);
      const viaIndex = path.relative(src, target).split(path.sep).join('/') === `${to}/index.ts`;
      // A module that is one file (config.ts, main.ts, v8-tuning.ts) has no index to go through.
      if (!viaIndex && !to.endsWith('.ts'))
        problems.push(`${at}: import ${to} through ${to}/index.js, not ${site.specifier}`);
    }
    edges.set(file, valueTargets);
  }

  for (const file of sourceFiles(webSrc)) {
    const at = (line: number) => `${path.relative(root, file)}:${line}`;
    const valueTargets: string[] = [];
    for (const site of importsIn(file, readFileSync(file, 'utf8'))) {
      if (!site.specifier.startsWith('.')) {
        if (isNodeBuiltin(site.specifier))
          problems.push(`${at(site.line)}: the web UI must not import ${site.specifier}`);
        if (
          /^(hyperformula|fastify|@fastify\/|pg|exceljs|papaparse|ai|@ai-sdk\/|redis|jose)(\/|$)/.test(
            site.specifier,
          )
        ) {
          problems.push(
            `${at(site.line)}: the web UI must not import ${site.specifier} (a server package)`,
          );
        }
        continue;
      }
      const target = resolveRelative(file, site.specifier);
      if (!site.typeOnly) valueTargets.push(target);
      if (!target.startsWith(src + path.sep)) continue;
      const underSrc = path.relative(src, target).split(path.sep).join('/');
      const allowed = WEB_MAY_IMPORT_FROM_SRC.find((entry) => underSrc.startsWith(entry.prefix));
      if (allowed === undefined)
        problems.push(
          `${at(site.line)}: the web UI may take from src/ only contract types and the pure core modules (address, value typing, number formats), not ${underSrc}`,
        );
      else if (allowed.typeOnly && !site.typeOnly)
        problems.push(
          `${at(site.line)}: the web UI imports ${underSrc} only as types (import type)`,
        );
    }
    edges.set(file, valueTargets);
  }

  return [...problems, ...cyclesIn(edges, root)];
}

/**
 * The packages a program loads as it starts from `entry` (a file under src/): every package named
 * by a static value import of a module reached through static value imports, with the chain of
 * files that reaches it. Type-only imports are erased and `import()` calls wait until they run,
 * so neither counts.
 */
export function packagesLoadedFrom(entry: string): Map<string, string[]> {
  const loaded = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: readonly string[]): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.basename(file)];
    for (const site of importsIn(file, readFileSync(file, 'utf8'))) {
      if (site.typeOnly || site.dynamic) continue;
      if (site.specifier.startsWith('.')) {
        const target = resolveRelative(file, site.specifier);
        if (/\.tsx?$/.test(target)) visit(target, here);
      } else if (!isNodeBuiltin(site.specifier) && !loaded.has(site.specifier)) {
        loaded.set(site.specifier, here);
      }
    }
  };
  visit(entry, []);
  return loaded;
}
