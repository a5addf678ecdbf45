// The page follows the workbook's commit stream (RT-01): other people's changes, and other tabs'
// (one stream per browser, shared), appear as they are committed, gathered for a moment so a
// burst of commits costs one re-read. The same stream brings the other followers' selections
// (RT-02), and the page publishes its own.
import type { ApiClient } from '../api/client.js';
import type { PresenceEventJson } from '../api/types.js';
import type { Session } from '../app/session.js';
import { OutsideChange } from '../app/outside-change.js';
import type { FeedMessage } from './commit-feed.js';
import { SharedFeed, type TabChannel, type TabPorts } from './shared-feed.js';
import { VisibleFeed, type TabVisibility } from './visible-feed.js';
import { PeerSelections } from './peer-selections.js';
import { oneAtATime, SelectionPublisher, type SharedSelection } from './selection-publisher.js';
import { formatRect } from '../grid/address.js';

/** How long commits are gathered before the page reads what they changed. */
const GATHER_MS = 40;

/** Applies feed messages to the session, a gathered batch at a time, one batch after another. */
export class ChangeBatches {
  #pending = new OutsideChange();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly apply: (change: OutsideChange) => Promise<void>,
    private readonly gone: (detail: string) => void,
    /** This browser's client id: its own commits do not flash. */
    private readonly ownClient: string,
    private readonly gatherMs = GATHER_MS,
  ) {}

  take(message: FeedMessage): void {
    if (message.kind === 'gone') return this.gone(message.detail);
    if (message.kind === 'presence' || message.kind === 'presence_left') return;
    if (message.kind === 'resync') this.#pending.everything = true;
    else this.#pending.add(message.event, message.event.client !== this.ownClient);
    this.#timer ??= setTimeout(() => this.#flush(), this.gatherMs);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #flush(): void {
    this.#timer = undefined;
    const change = this.#pending;
    this.#pending = new OutsideChange();
    if (change.empty) return;
    // A failed re-read (the server away) is retried by the heartbeat and the next change.
    this.#applying = this.#applying.then(() => this.apply(change)).catch(() => undefined);
  }
}

/** Opens GET /events for `client`, replaying the commits after `after`. */
async function openEvents(
  client: ApiClient,
  after: number | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await client.raw('GET', '/events', {
    accept: 'text/event-stream',
    signal,
    headers: after === undefined ? {} : { 'last-event-id': String(after) },
  });
  if (response.body === null) throw new Error('GET /events answered without a body');
  return response.body;
}

/**
 * Web Locks and BroadcastChannel, where the browser has both. Web Locks need a secure context
 * (https, or localhost): a page served over plain http from another machine has none, and
 * follows the stream itself while in view (visible-feed.ts).
 */
function browserPorts(): TabPorts | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockRequester } }).navigator?.locks;
  if (locks === undefined || typeof BroadcastChannel !== 'function') return undefined;
  return {
    lock: (name, signal, hold) => locks.request(name, { signal }, hold),
    channel: (name) => new BroadcastChannel(name) as unknown as TabChannel,
    now: () => Date.now(),
  };
}

/** The part of the page's document this uses (typed here: the server's checks have no DOM). */
interface VisibleDocument {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** The document's visibility. */
function documentVisibility(page: VisibleDocument): TabVisibility {
  return {
    visible: () => page.visibilityState === 'visible',
    watch: (listener) => {
      page.addEventListener('visibilitychange', listener);
      return () => page.removeEventListener('visibilitychange', listener);
    },
  };
}

/** The part of the Web Locks API (navigator.locks) this uses. */
interface LockRequester {
  request(name: string, options: { signal: AbortSignal }, hold: () => Promise<void>): Promise<void>;
}

/**
 * Follows the commit stream of the workbook `scope` names (its id, or the one workbook of an OSS
 * server) for the session; returns the function that stops it.
 */
export function followCommits(session: Session, scope: string): () => void {
  const batches = new ChangeBatches(
    (change) => session.applyOutsideChange(change),
    () => {
      // The workbook was deleted or access revoked: reading it again shows the page's notice.
      void session.refreshWorkbook().catch(() => undefined);
    },
    session.client.clientId,
  );
  const visibility = documentVisibility(
    (globalThis as unknown as { document: VisibleDocument }).document,
  );
  const peers = followPeers(session, visibility);
  const common = {
    open: (after: number | undefined, signal: AbortSignal) =>
      openEvents(session.client, after, signal),
    deliver: (message: FeedMessage) => {
      if (message.kind === 'presence') peers.hear(message.presence);
      else if (message.kind === 'presence_left') peers.leave(message.peer);
      else batches.take(message);
    },
    after: session.openedAtSeq,
  };
  const ports = browserPorts();
  const feed =
    ports === undefined
      ? new VisibleFeed({ ...common, visibility })
      : new SharedFeed({ ...common, name: `gridbook:commits:${scope}`, ports });
  session.commitsFollowed = () => feed.live;
  feed.start();
  return () => {
    feed.stop();
    batches.stop();
    peers.stop();
    session.commitsFollowed = () => false;
  };
}

/** The window's page events (the root typecheck has no DOM library). */
interface PageEvents {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
}

/** How often peers unheard for 8 s are looked for (each is then gone within a second of it). */
const EXPIRE_EVERY_MS = 1_000;

/** Publishes the page's selection (POST /presence) and keeps the peers heard in session.peers. */
function followPeers(
  session: Session,
  visibility: TabVisibility,
): { hear(presence: PresenceEventJson): void; leave(peer: string): void; stop(): void } {
  const peers = new PeerSelections();
  const expiry = setInterval(() => {
    if (peers.expire(Date.now())) session.peers.set(peers.peers);
  }, EXPIRE_EVERY_MS);
  const publisher = new SelectionPublisher({
    visibility,
    // Best effort: a refused or lost one is sent again with the next move or heartbeat.
    publish: oneAtATime((selection: SharedSelection) =>
      session.client.raw('POST', '/presence', { body: selection }),
    ),
    leave: () =>
      void session.client.raw('DELETE', '/presence', { keepalive: true }).catch(() => undefined),
  });
  const page = globalThis as unknown as Partial<PageEvents>;
  const pageHidden = (): void => publisher.leave();
  page.addEventListener?.('pagehide', pageHidden);
  const select = (): void => {
    const { sheet, rect } = session.selection.get();
    if (sheet !== '') publisher.select({ sheet, range: formatRect(rect) });
  };
  const stopSelecting = session.selection.subscribe(select);
  publisher.start();
  select();
  return {
    hear: (presence) => session.peers.set(peers.hear(presence, Date.now())),
    leave: (peer) => session.peers.set(peers.leave(peer)),
    stop: () => {
      stopSelecting();
      page.removeEventListener?.('pagehide', pageHidden);
      publisher.stop();
      clearInterval(expiry);
      session.peers.set([]);
    },
  };
}
