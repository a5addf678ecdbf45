// Realtime: what subscribers of a workbook's commits are sent, and the selections its followers
// publish (presence), independent of the transport.
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
