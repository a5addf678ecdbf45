// Reads a text/event-stream response (GET /events) event by event, with bounded waits, for
// black-box tests of the commit stream.
export interface StreamEvent {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: any;
}

/** Reads a text/event-stream response event by event (bounded waits). */
export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  readonly #events: StreamEvent[] = [];

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    this.#reader = response.body!.getReader();
  }

  /** Opens `url` (GET /events) with `headers`; the response may be an error to inspect. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<EventReader> {
    const abort = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    return new EventReader(response, abort);
  }

  /** The next `count` events (comments skipped); fails after 5 s without them. */
  async next(count = 1): Promise<StreamEvent[]> {
    const deadline = Date.now() + 5_000;
    while (this.#events.length < count) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`only ${this.#events.length} of ${count} events came`);
      const read = await Promise.race([
        this.#reader.read(),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
      ]);
      if (read === 'timeout') continue;
      if (read.done) throw new Error(`the stream ended after ${this.#events.length} events`);
      this.#buffer += this.#decoder.decode(read.value, { stream: true });
      this.#parse();
    }
    return this.#events.splice(0, count);
  }

  /** Resolves true when the server ends the stream within 5 s. */
  async ended(): Promise<boolean> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      const read = await Promise.race([
        this.#reader.read().catch(() => ({ done: true as const, value: undefined })),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
      ]);
      if (read === 'timeout') return false;
      if (read.done) return true;
      this.#buffer += this.#decoder.decode(read.value, { stream: true });
      this.#parse();
    }
  }

  /** Events that arrived so far and were not taken by `next`. */
  get pending(): readonly StreamEvent[] {
    return this.#events;
  }

  close(): void {
    this.abort.abort();
  }

  #parse(): void {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(': ');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 2);
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) this.#events.push({ event, id, data: JSON.parse(data.join('\n')) });
    }
  }
}
