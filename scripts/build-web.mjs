#!/usr/bin/env node
// Builds the browser UI (web/) into dist/web with Vite. With --if-stale it does nothing when
// dist/web/index.html is newer than every file under web/ (and package.json), so `npm start`
// on a fresh clone builds once and later starts are instant.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(target) {
  const info = statSync(target, { throwIfNoEntry: false });
  if (info === undefined) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isStale() {
  const built = statSync(builtIndex, { throwIfNoEntry: false });
  if (built === undefined) return true;
  const sources = Math.max(newestMtime(webDir), newestMtime(path.join(root, 'package.json')));
  return sources > built.mtimeMs;
}

export async function buildWeb() {
  const { build } = await import('vite');
  const started = performance.now();
  await build({ configFile: path.join(webDir, 'vite.config.ts') });
  return performance.now() - started;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  process.stdout.write('Building the web UI into dist/web …\n');
  try {
    const took = await buildWeb();
    process.stdout.write(`Web UI built in ${(took / 1000).toFixed(1)} s.\n`);
  } catch (error) {
    process.stderr.write(
      `Building the web UI failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
