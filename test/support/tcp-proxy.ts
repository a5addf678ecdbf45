// A TCP proxy on 127.0.0.1 in front of a real server (Redis), for outage tests: `cut()` drops
// every connection and refuses new ones, as a server that went away does, and `restore()` accepts
// them again on the same port. Other clients of the real server are not touched.
import net from 'node:net';

export class TcpProxy {
  readonly #target: { readonly host: string; readonly port: number };
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | undefined;
  #port = 0;

  private constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /** Starts in front of `url`'s host and port (redis://host:port). */
  static async start(url: string): Promise<TcpProxy> {
    const parsed = new URL(url);
    const proxy = new TcpProxy({ host: parsed.hostname, port: Number(parsed.port || 6379) });
    await proxy.restore();
    return proxy;
  }

  /** `url` with the proxy's address in place of the real server's. */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.#port);
    return parsed.toString();
  }

  /** Accepts connections (again, on the same port once it has one). */
  async restore(): Promise<void> {
    if (this.#server !== undefined) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#target.port, this.#target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.#sockets.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.#sockets.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** Drops every connection and refuses new ones until `restore()`. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  close(): Promise<void> {
    return this.cut();
  }
}
