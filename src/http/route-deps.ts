// What every route plugin receives, and the one helper that finds the caller's workbook.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Caller, JournaledWorkbook, WorkbookHost } from '../hosting/index.js';
import type { ApplyMeta, SliceClock, WorkbookReader } from '../core/index.js';
import { CLIENT_ID_PATTERN } from '../contract/index.js';
import type { PluginResults } from '../plugins/index.js';
import type { WorkbookTitle } from '../editing/index.js';
import { HttpError } from './errors.js';

export interface RouteDeps {
  readonly host: WorkbookHost;
  readonly config: Config;
  /** The Python plugins the server runs (answers wait for their results, bounded). */
  readonly plugins?: PluginResults | undefined;
  /** SaaS mode: the workbook directory, whose title of a workbook follows the workbook's name. */
  readonly titles?: { setTitle(workbookId: string, title: string): Promise<void> } | undefined;
}

/** The caller as authentication left it on the request (nothing in OSS mode). */
export function callerOf(request: FastifyRequest): Caller {
  return (request as FastifyRequest & { caller?: Caller }).caller ?? {};
}

/** The handle of the caller's workbook: every change goes through its commit (hosting numbers and journals it). */
export function handleOf(deps: RouteDeps, request: FastifyRequest): Promise<JournaledWorkbook> {
  return deps.host.handleFor(callerOf(request));
}

/** The response header naming the last commit a read's answer is sure to include. */
export const SEQ_HEADER = 'x-gridbook-seq';

/**
 * The caller's workbook for a read whose answer says, in X-Gridbook-Seq, which commits it
 * includes: a page that follows GET /events from that seq misses no change made after the read.
 */
export async function workbookAtSeq(
  deps: RouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<WorkbookReader> {
  const handle = await handleOf(deps, request);
  // Taken before the read: every commit up to it is in the answer (a later one may be too, and
  // is then sent again as an event, which costs a re-read and loses nothing).
  void reply.header(SEQ_HEADER, String(handle.publishedSeq));
  return handle.workbook;
}

/** The caller's workbook, for reading. */
export async function workbookOf(
  deps: RouteDeps,
  request: FastifyRequest,
): Promise<WorkbookReader> {
  return (await handleOf(deps, request)).workbook;
}

/** Where the workbook's name is also kept (its directory title in SaaS mode; nowhere in OSS). */
export function titleOf(deps: RouteDeps, handle: JournaledWorkbook): WorkbookTitle | undefined {
  const titles = deps.titles;
  return titles === undefined ? undefined : (name) => titles.setTitle(handle.id, name);
}

/** How reads built across turns of the event loop (core's read-slices) tell time and yield. */
export const READ_CLOCK: SliceClock = {
  now: () => performance.now(),
  turn: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

/** The header a client names itself with, so the undo history knows whose each step is. */
export const CLIENT_HEADER = 'x-gridbook-client';
const CLIENT_ID = new RegExp(CLIENT_ID_PATTERN);

/** The calling client's id from `X-Gridbook-Client`, or undefined when it sent none. */
export function clientOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CLIENT_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !CLIENT_ID.test(header)) {
    throw new HttpError(
      400,
      'The X-Gridbook-Client header must be one id of 1–100 letters, digits, ".", "_", ":" or "-".',
    );
  }
  return header;
}

/** Who makes a change through this request: the actor, and the client it came from (recorded with its undo step). */
export function changeMeta(request: FastifyRequest, actor = 'User'): ApplyMeta {
  const origin = clientOf(request);
  return origin === undefined ? { actor } : { actor, origin };
}
