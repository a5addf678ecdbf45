// Starts the compaction worker (compaction-worker.ts) and waits for its answer. Compiled into
// dist/server the worker is plain JavaScript beside this file. From the TypeScript sources
// (tests, `npm run dev`) it needs tsx's loader, which a worker's execArgv does not install for
// its entry module: a one-line module registers tsx first, then imports the worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CompactionFailedError } from '../errors.js';
import type {
  CompactionJob,
  DirectoryCompactionJob,
  TextCompactionJob,
} from './compaction-worker.js';

function workerUrl(): URL {
  const extension = extname(fileURLToPath(import.meta.url));
  return new URL(`./compaction-worker${extension}`, import.meta.url);
}

/** The worker's entry: the worker itself, or from sources a module that registers tsx and imports it. */
function entryFor(worker: URL): URL {
  if (!worker.pathname.endsWith('.ts')) return worker;
  // The ES module build of tsx's API, as its package.json exports it to `import`.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = (
    JSON.parse(readFileSync(manifest, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    }
  ).exports['./esm/api']!;
  const tsx = pathToFileURL(join(dirname(manifest), exported.import.default)).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(worker.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** Writes base-<upTo> in the journal directory from its base and log (the file journal). */
export async function compactInWorker(job: Omit<DirectoryCompactionJob, 'kind'>): Promise<void> {
  await runWorker({ kind: 'directory', ...job }, job.dir);
}

/** The dense snapshot text of stored records folded onto their stored base (a database store). */
export async function foldTextsInWorker(
  job: Omit<TextCompactionJob, 'kind'>,
  where: string,
): Promise<string> {
  const text = await runWorker({ kind: 'text', ...job }, where);
  if (text === undefined)
    throw new CompactionFailedError(where, job.upTo, 'the worker sent no snapshot');
  return text;
}

function runWorker(job: CompactionJob, where: string): Promise<string | undefined> {
  return new Promise<string | undefined>((resolve, reject) => {
    const worker = new Worker(entryFor(workerUrl()), { workerData: job });
    let answered = false;
    worker.once('message', (message: { ok: boolean; text?: string; message?: string }) => {
      answered = true;
      if (message.ok) resolve(message.text);
      else reject(new CompactionFailedError(where, job.upTo, message.message ?? 'no reason given'));
    });
    worker.once('error', (error) =>
      reject(new CompactionFailedError(where, job.upTo, error.message)),
    );
    worker.once('exit', (code) => {
      if (!answered)
        reject(
          new CompactionFailedError(
            where,
            job.upTo,
            `the worker exited with code ${code} without an answer`,
          ),
        );
    });
  });
}
