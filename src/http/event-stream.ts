// Server-Sent Events on a hijacked reply: the headers go out with the first event, so a route
// that fails before it has anything to stream still answers a plain JSON error with its status.
import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** Whether the headers have gone out (the reply is the stream's from then on). */
  readonly open: boolean;
  /** Whether the client went away or the stream was ended. */
  readonly closed: boolean;
  /** Bytes written but not yet taken by the client. */
  readonly buffered: number;
  send(event: string, data: unknown, id?: number): void;
  /** An event already in wire form (`id:`, `event:`, `data:` lines and the blank line). */
  sendText(text: string): void;
  /** A comment line: keeps proxies from timing an idle stream out. */
  ping(): void;
  end(): void;
}

export function eventStream(reply: FastifyReply): EventStream {
  let open = false;
  const raw = reply.raw;
  const start = (): void => {
    if (open) return;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    open = true;
  };
  const write = (text: string): void => {
    start();
    if (!raw.writableEnded && !raw.destroyed) raw.write(text);
  };
  return {
    get open() {
      return open;
    },
    get closed() {
      return raw.writableEnded || raw.destroyed;
    },
    get buffered() {
      return raw.writableLength;
    },
    send: (event, data, id) =>
      write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    sendText: write,
    ping: () => write(': ping\n\n'),
    end: () => {
      start();
      if (!raw.writableEnded) raw.end();
    },
  };
}
