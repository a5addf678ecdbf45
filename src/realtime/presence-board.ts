// Presence (RT-02): the selections the followers of each workbook last published, held only for
// as long as their pages keep repeating them, and handed to the workbook's listeners as they
// come. Nothing here is stored or numbered: a restart forgets it and the pages' next heartbeat
// tells it again. Transport-agnostic: the commit stream (SSE) listens, a relay carries the
// publications of other server processes in.

/** One peer's selection, as the workbook's other followers are told it. */
export interface PeerPresence {
  /** One id per browser and user, the same in every publication. */
  readonly peer: string;
  /** What to show beside the selection (an email, or a made-up name). */
  readonly user: string;
  readonly sheet: string;
  readonly range: string;
}

/** A peer whose page closed (or stopped following): its selection is to be taken down now. */
export interface PeerDeparture {
  readonly peer: string;
  readonly left: true;
}

/** What a workbook's followers are told: a selection, or that its peer left. */
export type PresenceNews = PeerPresence | PeerDeparture;

export const isDeparture = (news: PresenceNews): news is PeerDeparture => 'left' in news;

/** Carries publications between server processes that serve the same workbooks. */
export interface PresenceRelay {
  /** Tells the other processes (best effort, never awaited). */
  publish(workbookId: string, news: PresenceNews): void;
  /** Starts hearing the other processes' publications. */
  follow(heard: (workbookId: string, news: PresenceNews) => void): void;
}

export type PresenceListener = (news: PresenceNews) => void;

export interface PresenceBoardOptions {
  readonly now: () => number;
  readonly relay?: PresenceRelay | undefined;
  /** How long a publication stands without being repeated (the pages repeat every 4 s). */
  readonly ttlMs?: number;
  /** The most peers one workbook keeps; the one heard least recently gives way. */
  readonly maxPeers?: number;
  /** Told of a listener that threw (the others are still told). */
  readonly report?: (problem: string, error: unknown) => void;
}

/** A page unheard for this long has gone (ui.md §1.15: twice the 4 s heartbeat). */
export const PRESENCE_TTL_MS = 8_000;
/** Far more people than look at one workbook at once; a bound on what one workbook can cost. */
export const MAX_PEERS_PER_WORKBOOK = 64;

interface Heard {
  readonly presence: PeerPresence;
  readonly at: number;
}

interface Room {
  /** By peer, the least recently heard first (each publication moves its peer to the end). */
  readonly peers: Map<string, Heard>;
  readonly listeners: Set<PresenceListener>;
}

export class PresenceBoard {
  readonly #rooms = new Map<string, Room>();
  readonly #now: () => number;
  readonly #relay: PresenceRelay | undefined;
  readonly #ttlMs: number;
  readonly #maxPeers: number;
  readonly #report: (problem: string, error: unknown) => void;
  #sweptAt: number;

  constructor(options: PresenceBoardOptions) {
    this.#now = options.now;
    this.#relay = options.relay;
    this.#ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
    this.#maxPeers = options.maxPeers ?? MAX_PEERS_PER_WORKBOOK;
    this.#report = options.report ?? (() => undefined);
    this.#sweptAt = this.#now();
    this.#relay?.follow((workbookId, news) =>
      isDeparture(news) ? this.#leave(workbookId, news) : this.#take(workbookId, news),
    );
  }

  /** A follower of this process published its selection: its listeners here and elsewhere hear it. */
  publish(workbookId: string, presence: PeerPresence): void {
    this.#take(workbookId, presence);
    this.#relay?.publish(workbookId, presence);
  }

  /**
   * A follower of this process left: its selection is taken down here and elsewhere, and the
   * listeners that were shown it are told. Leaving twice, or unseen, tells nobody.
   */
  leave(workbookId: string, peer: string): void {
    const departure: PeerDeparture = { peer, left: true };
    this.#leave(workbookId, departure);
    this.#relay?.publish(workbookId, departure);
  }

  /** The selections that still stand on the workbook, the least recently heard first. */
  present(workbookId: string): PeerPresence[] {
    const room = this.#rooms.get(workbookId);
    if (room === undefined) return [];
    this.#expire(workbookId, room, this.#now());
    return [...room.peers.values()].map((heard) => heard.presence);
  }

  /** Tells `listener` of every publication on the workbook from now on; returns the stop. */
  follow(workbookId: string, listener: PresenceListener): () => void {
    const room = this.#room(workbookId);
    room.listeners.add(listener);
    return () => {
      room.listeners.delete(listener);
      this.#drop(workbookId, room);
    };
  }

  /** How many workbooks the board holds anything for (memory bound checks). */
  get size(): number {
    return this.#rooms.size;
  }

  #take(workbookId: string, presence: PeerPresence): void {
    const now = this.#now();
    // Workbooks nobody publishes to any more are forgotten here, at most once per ttl.
    if (now - this.#sweptAt >= this.#ttlMs) this.#sweep(now);
    const room = this.#room(workbookId);
    room.peers.delete(presence.peer);
    room.peers.set(presence.peer, { presence, at: now });
    if (room.peers.size > this.#maxPeers) {
      const oldest = room.peers.keys().next().value;
      if (oldest !== undefined) room.peers.delete(oldest);
    }
    this.#tell(room, presence);
  }

  #leave(workbookId: string, departure: PeerDeparture): void {
    const room = this.#rooms.get(workbookId);
    if (room === undefined || !room.peers.delete(departure.peer)) return;
    this.#tell(room, departure);
    this.#drop(workbookId, room);
  }

  #tell(room: Room, news: PresenceNews): void {
    for (const listener of room.listeners) {
      try {
        listener(news);
      } catch (error) {
        this.#report('a presence listener failed', error);
      }
    }
  }

  #room(workbookId: string): Room {
    let room = this.#rooms.get(workbookId);
    if (room === undefined) {
      room = { peers: new Map(), listeners: new Set() };
      this.#rooms.set(workbookId, room);
    }
    return room;
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [workbookId, room] of this.#rooms) this.#expire(workbookId, room, now);
  }

  #expire(workbookId: string, room: Room, now: number): void {
    for (const [peer, heard] of room.peers) {
      // Least recently heard first: the first one still standing ends the expired run.
      if (now - heard.at < this.#ttlMs) break;
      room.peers.delete(peer);
    }
    this.#drop(workbookId, room);
  }

  #drop(workbookId: string, room: Room): void {
    if (room.peers.size === 0 && room.listeners.size === 0 && this.#rooms.get(workbookId) === room)
      this.#rooms.delete(workbookId);
  }
}
