// The commit stream: GET /events answers Server-Sent Events, one `commit` event per durable
// commit of the caller's workbook (its own and everyone else's), in seq order and once each, so
// an open page shows other people's changes as they land and a tool can follow the workbook.
// A client that reconnects sends Last-Event-ID (the last seq it saw) and gets what it missed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { EventStreamResponse, EventsQuery } from '../../contract/index.js';
import {
  CommitsUnavailableError,
  type Caller,
  type Commit,
  type JournaledWorkbook,
} from '../../hosting/index.js';
import {
  commitEventOf,
  isDeparture,
  type PresenceBoard,
  type PresenceNews,
} from '../../realtime/index.js';
import { WorkbookNotFoundError } from '../../saas/index.js';
import { HttpError } from '../errors.js';
import { eventStream, type EventStream } from '../event-stream.js';
import { callerOf, type RouteDeps } from '../route-deps.js';
import { requestPeerOf } from './presence.js';

/** How often a stream is pinged and the caller's access and workbook copy checked again. */
const CHECK_MS = 15_000;

export interface EventRouteDeps extends RouteDeps {
  /** CHECK_MS, shorter in tests. */
  readonly checkMs?: number | undefined;
  /** The selections the workbook's followers publish (POST /presence). */
  readonly presence: PresenceBoard;
}
/**
 * Streams one caller (a user, or an address in OSS mode) may hold open at once: a page holds one
 * per browser, so this is room for many browsers and tools, not for an unbounded pile of sockets.
 */
export const MAX_STREAMS_PER_CALLER = 32;

/** Unsent bytes past which a client too slow to read is cut off (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Each commit's event text, made once however many streams send it. */
const eventTexts = new WeakMap<Commit, string>();

function commitEventText(commit: Commit): string {
  let text = eventTexts.get(commit);
  if (text === undefined) {
    text = `id: ${commit.seq}\nevent: commit\ndata: ${JSON.stringify(commitEventOf(commit))}\n\n`;
    eventTexts.set(commit, text);
  }
  return text;
}

/** Each publication's event text, made once however many streams send it (no id: not a commit). */
const presenceTexts = new WeakMap<PresenceNews, string>();

function presenceEventText(news: PresenceNews): string {
  let text = presenceTexts.get(news);
  if (text === undefined) {
    text = isDeparture(news)
      ? `event: presence_left\ndata: ${JSON.stringify({ peer: news.peer })}\n\n`
      : `event: presence\ndata: ${JSON.stringify(news)}\n\n`;
    presenceTexts.set(news, text);
  }
  return text;
}

/** Where the client wants to start: Last-Event-ID (a reconnect) over `from_seq`; undefined: now. */
function startSeqOf(request: FastifyRequest<{ Querystring: EventsQuery }>): number | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined) {
    const from = request.query.from_seq;
    return from === undefined ? undefined : Number(from);
  }
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header.trim()))
    throw new HttpError(
      400,
      'Last-Event-ID: send the seq of the last commit event received (a whole number).',
    );
  return Number(header.trim());
}

/** One client's stream: follows a workbook copy's commits, and the copy that replaces it. */
class CommitStream {
  #handle: JournaledWorkbook;
  #unsubscribe: () => void = () => undefined;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly stream: EventStream,
    handle: JournaledWorkbook,
    from: number | undefined,
    private readonly current: () => Promise<JournaledWorkbook>,
    private readonly ended: () => void,
    checkMs: number,
  ) {
    this.#handle = handle;
    stream.send('hello', { seq: handle.publishedSeq });
    this.#follow(from ?? handle.publishedSeq);
    this.#timer = setInterval(() => void this.#check(), checkMs);
    this.#timer.unref();
  }

  #follow(from: number): void {
    const handle = this.#handle;
    const listener = (commit: Commit): void => this.send(commitEventText(commit));
    try {
      if (from > handle.publishedSeq) throw new CommitsUnavailableError(from, handle.publishedSeq);
      this.#unsubscribe = handle.subscribe(from, listener);
    } catch (error) {
      if (!(error instanceof CommitsUnavailableError)) throw error;
      // What the client missed is no longer kept (or it knew another copy): it reads again.
      this.stream.send('reset', { seq: handle.publishedSeq });
      this.#unsubscribe = handle.subscribe(handle.publishedSeq, listener);
    }
  }

  /** Sends an event already in wire form, cutting off a client too slow to take it. */
  send(text: string): void {
    if (this.stream.closed) return;
    this.stream.sendText(text);
    if (this.stream.buffered > MAX_BUFFERED_BYTES) this.close();
  }

  /** Pings, and follows the workbook's current copy: another process's change may have replaced it. */
  async #check(): Promise<void> {
    if (this.stream.closed) return this.close();
    this.stream.ping();
    try {
      const handle = await this.current();
      if (handle === this.#handle || this.stream.closed) return;
      this.#unsubscribe();
      this.#handle = handle;
      this.#follow(Number.MAX_SAFE_INTEGER);
    } catch (error) {
      if (!(error instanceof WorkbookNotFoundError)) return;
      // Deleted, or the caller's access was revoked: nothing more will come.
      this.stream.send('gone', { detail: error.message });
      this.close();
    }
  }

  close(): void {
    clearInterval(this.#timer);
    this.#unsubscribe();
    this.stream.end();
    this.ended();
  }
}

/**
 * Sends the stream the selections standing on the workbook, then each one published, except its
 * own client's (`own`, the stream's peer id); returns the stop.
 */
function followPresence(
  board: PresenceBoard,
  workbookId: string,
  own: string | undefined,
  follower: CommitStream,
): () => void {
  const deliver = (news: PresenceNews): void => {
    if (news.peer !== own) follower.send(presenceEventText(news));
  };
  for (const presence of board.present(workbookId)) deliver(presence);
  return board.follow(workbookId, deliver);
}

export const eventRoutes: FastifyPluginAsyncTypebox<EventRouteDeps> = async (app, deps) => {
  const open = new Set<CommitStream>();
  const perCaller = new Map<string, number>();
  // A stream never ends by itself: the server's close ends them, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.close();
  });

  app.get(
    '/events',
    {
      schema: {
        querystring: EventsQuery,
        response: { 200: { content: { 'text/event-stream': { schema: EventStreamResponse } } } },
        tags: ['workbook'],
        summary: "Follow the workbook's commits (Server-Sent Events)",
        description:
          'text/event-stream: `hello` {seq} first, then one `commit` event (id = seq, data = CommitEventJson) per durable commit, in order. `reset` {seq}: the commits asked for are no longer kept, read the workbook again; `gone` {detail}: the workbook was deleted or access revoked, the stream ends. Reconnect with Last-Event-ID to get what was missed. `presence` {peer, user, sheet, range} (no id): another client’s selection (POST /presence), first those standing when the stream opens, then each as it is published; a peer not heard again within 8 s has gone. `presence_left` {peer} (no id): that peer’s page closed (DELETE /presence): take its selection down now.',
      },
    },
    async (request, reply) => {
      const from = startSeqOf(request);
      const caller = callerOf(request);
      // The stream holds the workbook as a request does (not evicted while a page follows it);
      // its later checks hold nothing more.
      const check: Caller = { ...caller, hold: undefined };
      const handle = await deps.host.handleFor(caller);
      // Counted from here to open.add with no await between, so concurrent starts cannot pass it.
      const key = caller.userId ?? request.ip;
      if ((perCaller.get(key) ?? 0) >= MAX_STREAMS_PER_CALLER)
        throw new HttpError(
          429,
          `Too many open event streams: ${MAX_STREAMS_PER_CALLER} at once per user. Close one (a browser needs only one for all its tabs) and try again.`,
        );
      const stream = eventStream(reply);
      let stopPresence = (): void => undefined;
      const ended = () => {
        if (!open.delete(follower)) return;
        stopPresence();
        const left = (perCaller.get(key) ?? 1) - 1;
        if (left > 0) perCaller.set(key, left);
        else perCaller.delete(key);
      };
      const follower: CommitStream = new CommitStream(
        stream,
        handle,
        from,
        () => deps.host.handleFor(check),
        ended,
        deps.checkMs ?? CHECK_MS,
      );
      open.add(follower);
      perCaller.set(key, (perCaller.get(key) ?? 0) + 1);
      stopPresence = followPresence(deps.presence, handle.id, requestPeerOf(request), follower);
      reply.raw.once('close', () => follower.close());
      return reply;
    },
  );
};
