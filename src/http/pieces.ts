// Large answers (a CSV export, a long /grid listing) are built a slice at a time as byte pieces:
// they are sent as they are, with their length declared, never joined into one buffer (joining
// megabytes, and encoding one long string for the socket, held the event loop for one long turn).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends `pieces` in order as the answer's body. */
export function sentInPieces(reply: FastifyReply, pieces: readonly Uint8Array[]): FastifyReply {
  const length = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  return reply.header('content-length', length).send(Readable.from(pieces));
}
