// What every route plugin receives, and the one helper that finds the caller's workbook.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Caller, WorkbookHost } from '../hosting/index.js';
import type { Workbook } from '../core/index.js';

export interface RouteDeps {
  readonly host: WorkbookHost;
  readonly config: Config;
}

/** The caller as authentication left it on the request (nothing in OSS mode). */
export function callerOf(request: FastifyRequest): Caller {
  return (request as FastifyRequest & { caller?: Caller }).caller ?? {};
}

export function workbookOf(deps: RouteDeps, request: FastifyRequest): Promise<Workbook> {
  return deps.host.workbookFor(callerOf(request));
}
