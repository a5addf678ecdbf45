import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/server-process.js';
import { TcpProxy } from '../../test/support/tcp-proxy.js';
import { redisTitle, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/support/test-redis.js';
import { RedisRelay, RedisUnavailableError, type RelayListener } from './redis-relay.js';

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check() && tries < 500; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('RedisRelay', () => {
  it('fails to open at once when Redis cannot be reached, naming where (without the password) and why', async () => {
    const port = await freePort();
    const started = Date.now();
    const opening = RedisRelay.open({
      url: `redis://:s3cret@127.0.0.1:${port}`,
      prefix: 'gbtest:',
    });
    await expect(opening).rejects.toBeInstanceOf(RedisUnavailableError);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toBe(
      `Redis at redis://127.0.0.1:${port} cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(message).not.toContain('s3cret');
    // No retrying before it has ever connected: a wrong REDIS_URL is answered, not waited on.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.skipIf(TEST_REDIS_URL === undefined)(
    redisTitle(
      'through an outage: the listeners are told it went and came back (each once, and the log says so once each way), a send meanwhile fails at once, and messages flow again after',
    ),
    async () => {
      const proxy = await TcpProxy.start(TEST_REDIS_URL!);
      cleanups.push(() => proxy.close());
      const reports: string[] = [];
      const report = (problem: string): void => void reports.push(problem);
      const url = proxy.urlFor(TEST_REDIS_URL!);
      const prefix = uniqueRedisPrefix();
      const sender = await RedisRelay.open({ url: TEST_REDIS_URL!, prefix });
      cleanups.push(() => sender.close());
      const relay = await RedisRelay.open({ url, prefix, report });
      cleanups.push(() => relay.close());
      const told: string[] = [];
      const heard: string[] = [];
      const listener: RelayListener = {
        notify: (message) => heard.push(message),
        connected: () => told.push('connected'),
        disconnected: () => told.push('disconnected'),
      };
      await relay.listen('commits', listener);
      expect(told).toEqual(['connected']);

      await proxy.cut();
      await until(() => told.length === 2);
      expect(told).toEqual(['connected', 'disconnected']);
      const started = Date.now();
      await expect(relay.send('commits', ['1:wb1'])).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(500);
      // Reconnection attempts keep failing meanwhile: still one report.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(/Redis connection was lost/);

      await proxy.restore();
      await until(() => told.length === 3);
      expect(told).toEqual(['connected', 'disconnected', 'connected']);
      expect(reports).toHaveLength(2);
      expect(reports[1]).toMatch(/Redis connection is back/);
      // Subscribed again: both its own sends and another process's reach it.
      await relay.send('commits', ['2:wb1']);
      await sender.send('commits', ['3:wb1']);
      await until(() => heard.length === 2);
      expect(heard).toEqual(['2:wb1', '3:wb1']);
    },
    20_000,
  );

  it.skipIf(TEST_REDIS_URL === undefined)(
    redisTitle(
      'while Redis is down, stopping a listener and closing return at once (a shutdown does not wait for Redis)',
    ),
    async () => {
      const proxy = await TcpProxy.start(TEST_REDIS_URL!);
      cleanups.push(() => proxy.close());
      const relay = await RedisRelay.open({
        url: proxy.urlFor(TEST_REDIS_URL!),
        prefix: uniqueRedisPrefix(),
      });
      let down = false;
      const stop = await relay.listen('commits', {
        notify: () => undefined,
        connected: () => undefined,
        disconnected: () => (down = true),
      });
      await proxy.cut();
      await until(() => down);
      // Let a reconnection attempt fail and the next wait start.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await stop();
      await relay.close();
      expect(Date.now() - started).toBeLessThan(100);
    },
  );
});
