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
