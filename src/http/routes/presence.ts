// Presence (RT-02): POST /presence publishes the caller's selection to the other followers of
// its workbook, who hear it as a `presence` event on GET /events (events.ts). Nothing is
// stored: the page repeats its selection every 4 s and a peer unheard for 8 s has gone, or says
// it is leaving with DELETE /presence.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { PresenceBody, PresenceResponse } from '../../contract/index.js';
import { formatRange, parseRange, type CellAddress } from '../../core/index.js';
import type { Caller } from '../../hosting/index.js';
import type { PresenceBoard } from '../../realtime/index.js';
import { HttpError } from '../errors.js';
import { callerOf, clientOf, type RouteDeps } from '../route-deps.js';

export interface PresenceRouteDeps extends RouteDeps {
  readonly presence: PresenceBoard;
}

/**
 * The peer id of a client of a user: stable across its publications, the same on every process,
 * and not the client id itself (which would let others send undo requests as that client).
 */
export function peerIdOf(caller: Caller, client: string): string {
  return createHash('sha256')
    .update(`${caller.userId ?? ''}\0${client}`)
    .digest('hex')
    .slice(0, 16);
}

/** The longest label sent: an email's longest legal length (RFC 5321). */
const MAX_LABEL_LENGTH = 254;

/** What the others see beside the selection: the email in SaaS mode, a name from the peer id in OSS. */
function userLabelOf(caller: Caller, peer: string): string {
  if (caller.email !== undefined) return caller.email.slice(0, MAX_LABEL_LENGTH);
  return caller.userId === undefined ? `Guest ${peer.slice(0, 4)}` : `User ${peer.slice(0, 4)}`;
}

/** The peer id of the client making this request; every presence request names its client. */
export function requestPeerOf(request: FastifyRequest): string | undefined {
  const client = clientOf(request);
  return client === undefined ? undefined : peerIdOf(callerOf(request), client);
}

const cornerOf = (a: CellAddress, b: CellAddress, pick: (x: number, y: number) => number) => ({
  row: pick(a.row, b.row),
  col: pick(a.col, b.col),
});

/** The caller's peer id; every presence request names its client. */
function peerRequired(request: FastifyRequest): string {
  const peer = requestPeerOf(request);
  if (peer === undefined)
    throw new HttpError(
      400,
      'X-Gridbook-Client: send the id this browser names itself with; presence is per client.',
    );
  return peer;
}

export const presenceRoutes: FastifyPluginAsyncTypebox<PresenceRouteDeps> = async (app, deps) => {
  app.post(
    '/presence',
    {
      schema: {
        body: PresenceBody,
        response: { 200: PresenceResponse },
        tags: ['workbook'],
        summary: "Show the caller's selection to the workbook's other followers",
        description:
          "Needs X-Gridbook-Client (the peer is one browser). The workbook's other followers on GET /events get a `presence` event {peer, user, sheet, range}; the caller's own client does not. A sheet the workbook lacks answers 404. Nothing is stored: repeat it every 4 s while the selection stands (a peer unheard for 8 s has gone), and at most once per 80 ms while it moves; DELETE /presence when the page closes.",
      },
    },
    async (request) => {
      const peer = peerRequired(request);
      const selection = parseRange(request.body.range, 'range');
      if (selection.sheet !== undefined)
        throw new HttpError(
          400,
          'range: send the cell or range without a sheet name; name the sheet in `sheet`.',
        );
      const caller = callerOf(request);
      // The same access as reading the workbook: a stranger's request answers 404 here.
      const handle = await deps.host.handleFor(caller);
      // A sheet that is not there answers 404 (SheetNotFoundError); one named in another case is
      // told by its own name, so every page finds it.
      const sheet = handle.workbook.sheet(request.body.sheet).name;
      deps.presence.publish(handle.id, {
        peer,
        user: userLabelOf(caller, peer),
        sheet,
        range: formatRange({
          start: cornerOf(selection.start, selection.end, Math.min),
          end: cornerOf(selection.start, selection.end, Math.max),
        }),
      });
      return { status: 'Success' as const };
    },
  );

  app.delete(
    '/presence',
    {
      schema: {
        response: { 200: PresenceResponse },
        tags: ['workbook'],
        summary: "Take the caller's selection down: its page is closing",
        description:
          "Needs X-Gridbook-Client. The workbook's other followers get a `presence_left` event {peer} at once, instead of the selection standing until its 8 s run out. Answers 200 whether or not a selection stood.",
      },
    },
    async (request) => {
      const peer = peerRequired(request);
      const handle = await deps.host.handleFor(callerOf(request));
      deps.presence.leave(handle.id, peer);
      return { status: 'Success' as const };
    },
  );
};
