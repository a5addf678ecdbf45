import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isShared } from '../persistence/index.js';
import { isBlank, readSharedBody } from './shared-body.js';

function requestWith(headers: Record<string, string>): FastifyRequest {
  return { headers } as unknown as FastifyRequest;
}

/** Sends `chunks` through a stream, a turn apart, and ends it. */
function streamOf(chunks: readonly Buffer[]): PassThrough {
  const stream = new PassThrough();
  void (async () => {
    for (const chunk of chunks) {
      stream.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    stream.end();
  })();
  return stream;
}

const chunksOf = (text: string, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
    Buffer.from(text.slice(index * size, (index + 1) * size)),
  );

describe('readSharedBody', () => {
  it('reads a body of the declared length into shared memory, chunk by chunk', async () => {
    const text = 'x'.repeat(200_000);
    const body = await readSharedBody(
      requestWith({ 'content-length': String(text.length) }),
      streamOf(chunksOf(text, 65_536)),
      1_000_000,
    );
    expect(isShared(body)).toBe(true);
    expect(body.toString('utf8')).toBe(text);
  });

  it('grows its buffer for a body sent without Content-Length (chunked)', async () => {
    const text = Array.from({ length: 30_000 }, (_, index) => `${index},`).join('');
    const body = await readSharedBody(requestWith({}), streamOf(chunksOf(text, 10_000)), 1_000_000);
    expect(isShared(body)).toBe(true);
    expect(body.length).toBe(text.length);
    expect(body.toString('utf8')).toBe(text);
  });

  it('refuses a declared length over the limit with 413 before reading anything', async () => {
    const stream = new PassThrough();
    await expect(
      readSharedBody(requestWith({ 'content-length': '2000' }), stream, 1000),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('stops reading with 413 once an unsized body passes the limit', async () => {
    await expect(
      readSharedBody(requestWith({}), streamOf(chunksOf('y'.repeat(5000), 1000)), 2500),
    ).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a body longer or shorter than its Content-Length with 400', async () => {
    await expect(
      readSharedBody(requestWith({ 'content-length': '10' }), streamOf([Buffer.from('abc')]), 100),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      readSharedBody(requestWith({ 'content-length': '2' }), streamOf([Buffer.from('abc')]), 100),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers a stream error with its status, 400 when it has none', async () => {
    const stream = new PassThrough();
    const reading = readSharedBody(requestWith({ 'content-length': '10' }), stream, 100);
    stream.emit('error', new Error('aborted'));
    await expect(reading).rejects.toMatchObject({ statusCode: 400, message: 'aborted' });
  });
});

describe('isBlank', () => {
  it('is true only for JSON whitespace', () => {
    expect(isBlank(Buffer.from(' \r\n\t'))).toBe(true);
    expect(isBlank(Buffer.from(''))).toBe(true);
    expect(isBlank(Buffer.from('  {}'))).toBe(false);
  });
});
