// Reading the chain's Server-Sent Events from a fetch body.
import { describe, expect, it } from 'vitest';
import { parseEvents, readEvents } from '../../web/src/api/sse.js';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('server-sent events', () => {
  it('parses named events with multi-line data', () => {
    expect(parseEvents('event: step\ndata: {"a":1}\n\nevent: result\ndata: x\ndata: y')).toEqual([
      { name: 'step', data: '{"a":1}' },
      { name: 'result', data: 'x\ny' },
    ]);
  });

  it('yields events as they complete, across chunk boundaries', async () => {
    const events = [];
    for await (const event of readEvents(
      streamOf([
        'event: st',
        'ep\ndata: 1\n',
        '\nevent: step\r\ndata: 2\r\n\r\n',
        'event: result\ndata: done\n\n',
      ]),
    ))
      events.push(event);
    expect(events).toEqual([
      { name: 'step', data: '1' },
      { name: 'step', data: '2' },
      { name: 'result', data: 'done' },
    ]);
  });
});
