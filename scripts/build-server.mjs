#!/usr/bin/env node
// Compiles the server (src/, without tests) into dist/server with tsc, for `npm start`.
// Running the compiled JavaScript instead of `tsx src/main.ts` starts the server 50–75 MiB
// smaller and faster: tsx keeps its transpiler and every transpiled module's source in memory
// (bench/README.md, W6). With --if-stale it does nothing when dist/server/main.js is newer than
// every file under src/, the tsconfig files and package.json, so later starts are instant.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'server');
const builtMain = path.join(outDir, 'main.js');
const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((name) =>
  path.join(root, name),
);

function newestMtime(target) {
  const info = statSync(target, { throwIfNoEntry: false });
  if (info === undefined) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isStale() {
  const built = statSync(builtMain, { throwIfNoEntry: false });
  if (built === undefined) return true;
  return Math.max(...inputs.map(newestMtime)) > built.mtimeMs;
}

export function buildServer() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = performance.now();
  // A clean output: a source file deleted since the last build must not linger as JavaScript.
  rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  // Exit code 2: type errors, but every file was emitted. tsx never type-checked either, so the
  // server still starts (`npm test` is where type errors fail); 1 or a signal means no output.
  if (result.status === 2)
    process.stderr.write('tsc reported type errors (above); the server was compiled anyway.\n');
  else if (result.status !== 0)
    throw new Error(`tsc exited with ${result.status ?? result.signal}`);
  // main.js is also the `gridbook` command (package.json bin: `npx gridbook mcp`).
  chmodSync(builtMain, 0o755);
  return performance.now() - started;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  process.stdout.write('Compiling the server into dist/server …\n');
  try {
    const took = buildServer();
    process.stdout.write(`Server compiled in ${(took / 1000).toFixed(1)} s.\n`);
  } catch (error) {
    process.stderr.write(
      `Compiling the server failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
