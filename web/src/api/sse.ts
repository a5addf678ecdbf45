// Server-Sent Events from a fetch body: `event:` names and `data:` lines, one event per blank
// line (the chain's live steps).

export interface ServerEvent {
  readonly name: string;
  readonly data: string;
}

/** Splits a complete SSE text block into events (pure, for tests and the stream reader). */
export function parseEvents(block: string): ServerEvent[] {
  const events: ServerEvent[] = [];
  for (const chunk of block.split(/\r?\n\r?\n/)) {
    let name = 'message';
    const data: string[] = [];
    for (const line of chunk.split(/\r?\n/)) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) events.push({ name, data: data.join('\n') });
  }
  return events;
}

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const end = Math.max(buffer.lastIndexOf('\n\n'), buffer.lastIndexOf('\r\n\r\n'));
      if (end < 0) continue;
      const complete = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^(\r?\n)+/, '');
      yield* parseEvents(complete);
    }
    buffer += decoder.decode();
    if (buffer.trim() !== '') yield* parseEvents(buffer);
  } finally {
    reader.releaseLock();
  }
}
