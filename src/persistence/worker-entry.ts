// Where persistence's worker threads start. Compiled into dist/server a worker is plain
// JavaScript beside the module that starts it. From the TypeScript sources (tests, `npm run
// dev`) it needs tsx's loader, which a worker's execArgv does not install for its entry module:
// a one-line module registers tsx first, then imports the worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The module `stem` beside `from` (an `import.meta.url`), with `from`'s own extension. */
export function siblingModule(from: string, stem: string): URL {
  const extension = extname(fileURLToPath(from));
  return new URL(`./${stem}${extension}`, from);
}

/** The entry to start a worker with: the module itself, or from sources a module that registers tsx and imports it. */
export function workerEntry(module: URL): URL {
  if (!module.pathname.endsWith('.ts')) return module;
  // The ES module build of tsx's API, as its package.json exports it to `import`.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = (
    JSON.parse(readFileSync(manifest, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    }
  ).exports['./esm/api']!;
  const tsx = pathToFileURL(join(dirname(manifest), exported.import.default)).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(module.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
