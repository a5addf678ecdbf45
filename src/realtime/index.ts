// Realtime: what subscribers of a workbook's commits are sent, the selections its followers
// publish (presence), independent of the transport, and the Redis relay that carries the wake-ups
// between server processes when REDIS_URL is set (the only importer of redis, loaded on open).
export { commitEventOf } from './commit-event.js';
export {
  MAX_PEERS_PER_WORKBOOK,
  PRESENCE_TTL_MS,
  PresenceBoard,
  isDeparture,
  type PeerDeparture,
  type PeerPresence,
  type PresenceNews,
  type PresenceBoardOptions,
  type PresenceListener,
  type PresenceRelay,
} from './presence-board.js';
export {
  RedisRelay,
  RedisUnavailableError,
  type RedisRelayOptions,
  type RelayListener,
} from './redis-relay.js';
