// The worker threads doing long work beside the server (decoding and encoding imports and
// exports, compacting a journal) run at a lower CPU priority than the thread answering requests.
// On a machine with few cores, a million-cell import parsed in its worker took the CPU from the
// event loop, and every other request waited for it (issue 16). Linux lets one thread of a
// process be reniced (setpriority with its thread id, read from /proc/thread-self); elsewhere
// nothing changes.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of a background thread: the request thread (0) gets ~9× its CPU share. */
export const BACKGROUND_NICE = 10;

/** This thread's id as the kernel knows it, or undefined where /proc does not say. */
export function threadId(): number | undefined {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's CPU priority to BACKGROUND_NICE (call it first thing in a worker
 * thread: the main thread would lower itself); false where that cannot be done.
 */
export function runInBackground(): boolean {
  const id = threadId();
  if (id === undefined) return false;
  try {
    setPriority(id, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
