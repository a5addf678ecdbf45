// The lazy per-request logger: it writes exactly what pino's child would (bindings, redaction),
// and a call at a level the server drops never makes the child.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions, QuietRequestLog } from './logging.js';
import { lazyRequestLogger } from './request-logger.js';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('the per-request logger', () => {
  it('makes no pino child for calls at a level the server does not write', () => {
    const { stream, lines } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyRequestLogger(parent, { reqId: 'req-1' }, {});
    log.debug({ req: 'x' }, 'incoming request');
    log.info('request completed');
    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
  });

  it('writes a line like pino’s child would: its bindings, the redaction, the level', async () => {
    const { stream, lines } = capture();
    const parent = pino(loggerOptions(undefined, 'warn') as pino.LoggerOptions, stream);
    const log = lazyRequestLogger(parent, { reqId: 'req-7' }, {});
    log.error({ body: { api_key: 'sk-secret' } }, 'request errored');
    log.warn('second');
    log.debug('dropped');
    const [first, second, ...rest] = lines();
    expect(first).toMatchObject({ level: 50, reqId: 'req-7', msg: 'request errored' });
    expect(JSON.stringify(first)).not.toContain('sk-secret');
    expect(second).toMatchObject({ level: 40, reqId: 'req-7', msg: 'second' });
    expect(rest).toEqual([]);
  });

  it('is what Fastify hands a route: a failing request logs its error with the request id', async () => {
    const { stream, lines } = capture();
    const app = Fastify({
      logger: { ...loggerOptions(undefined, 'warn'), stream },
      childLoggerFactory: lazyRequestLogger,
    });
    app.get('/fails', async (request) => {
      request.log.warn('about to fail');
      throw new Error('boom');
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    const logged = lines();
    expect(logged.map((line) => line['msg'])).toContain('about to fail');
    expect(logged.every((line) => typeof line['reqId'] === 'string')).toBe(true);
    await app.close();
  });

  it.each([
    ['debug', ['incoming request', 'request completed']],
    ['info', []],
  ])(
    'with the server at %s, the requests log (at debug) writes %j for a request that succeeds',
    async (level, expected) => {
      const { stream, lines } = capture();
      const app = Fastify({
        logger: { ...loggerOptions(undefined, level), stream },
        logController: new QuietRequestLog(),
        childLoggerFactory: lazyRequestLogger,
      });
      app.get('/ok', async () => ({ ok: true }));
      expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
      const logged = lines().filter((line) => line['reqId'] !== undefined);
      expect(logged.map((line) => line['msg'])).toEqual(expected);
      if (level === 'debug') expect(logged[1]).toHaveProperty('responseTime');
      await app.close();
    },
  );
});
