// The other followers' selections the page has heard (RT-02): the last one of each peer, until it
// goes unheard for 8 s (its page repeats it every 4 s while open and in view) or its page says it
// closed.
import type { PresenceEventJson } from '../api/types.js';

export interface PeerSelection extends PresenceEventJson {
  /** When it was last heard (the page's clock). */
  readonly heardAt: number;
}

/** A peer unheard for this long has gone (ui.md §1.15). */
export const PEER_TTL_MS = 8_000;
/** The most peers kept; the one heard least recently gives way (the server keeps as many). */
export const MAX_PEERS = 64;

export class PeerSelections {
  #peers: readonly PeerSelection[] = [];

  constructor(private readonly ttlMs = PEER_TTL_MS) {}

  /** The peers heard within the last ttl, the most recently heard last. */
  get peers(): readonly PeerSelection[] {
    return this.#peers;
  }

  /** Takes a peer's selection; returns the peers now. */
  hear(presence: PresenceEventJson, now: number): readonly PeerSelection[] {
    const others = this.#peers.filter((peer) => peer.peer !== presence.peer);
    this.#peers = [...others.slice(-(MAX_PEERS - 1)), { ...presence, heardAt: now }];
    return this.#peers;
  }

  /** Drops a peer whose page closed; returns the peers now. */
  leave(peer: string): readonly PeerSelection[] {
    this.#peers = this.#peers.filter((heard) => heard.peer !== peer);
    return this.#peers;
  }

  /** Drops the peers unheard for the ttl; true when any went. */
  expire(now: number): boolean {
    const kept = this.#peers.filter((peer) => now - peer.heardAt < this.ttlMs);
    if (kept.length === this.#peers.length) return false;
    this.#peers = kept;
    return true;
  }
}
