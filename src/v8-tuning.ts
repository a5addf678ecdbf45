// The V8 settings the server sets for itself at start (main.ts), so `npm start`, the `gridbook`
// command and anything else that runs dist/server/main.js get them without node flags.
import v8 from 'node:v8';

/**
 * No allocation-site pretenuring. V8 allocates straight into old space for the allocation sites
 * whose objects it saw survive scavenges. Everything a write creates (its parsed body, ops, the
 * engine's change list, the commit) survives the scavenges that run while the write is applied,
 * and is garbage as soon as it is answered; pretenured, it dies in old space, where only a full GC
 * finds it and leaves the pages half empty. With 1,000,000 cells written 10,000 at a time the
 * server held ~90 MiB more RSS after two full GCs than without it, for the same live heap, and
 * filling took no more CPU (bench/README.md, "W6 server memory, 2026-11-29 evening").
 */
export const SERVER_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

/** Applies SERVER_V8_FLAGS to this process; first thing at start, before the workbook is built. */
export function applyServerV8Flags(): void {
  for (const flag of SERVER_V8_FLAGS) v8.setFlagsFromString(flag);
}

/**
 * No parallel scavenges once the server serves. V8 runs a young-generation collection on the
 * main thread with helpers from the process's one platform thread pool, which every worker
 * thread's isolate shares. While the xlsx worker's collector (a 1.5 GB heap parsing a
 * million-cell file) had that pool's threads, a scavenge of the import's cells on the main thread
 * waited for its helpers: 163–208 ms in one piece, in about one xlsx-largest run of three, where
 * scavenges otherwise take under 30 ms (issue 16; docs/decisions/2026-11-30-serial-scavenges.md).
 * Alone on the main thread a scavenge never waits for another thread. Not applied before a
 * restart's replay, which has the machine to itself and gains from the helpers (W7: ~2.25 s
 * against ~2.4 s without them).
 */
export const SERVING_V8_FLAGS: readonly string[] = ['--no-parallel-scavenge'];

/** Applies SERVING_V8_FLAGS: once the workbook is restored, before the server listens. */
export function applyServingV8Flags(): void {
  for (const flag of SERVING_V8_FLAGS) v8.setFlagsFromString(flag);
}
