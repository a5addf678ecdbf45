// The Redis server the Redis tests run against: TEST_REDIS_URL (.ci/run sets it). There is no
// embedded Redis, so without it those tests are skipped and say why. Every test run's channels
// start with a prefix of its own: runs in parallel share the one server.
import { randomBytes } from 'node:crypto';

/** The real server's URL when the run has one. */
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL']?.trim() || undefined;

/** Why Redis tests are skipped (in their titles, so a skip shows its reason). */
export const REDIS_SKIP_REASON =
  'skipped: TEST_REDIS_URL is unset and there is no embedded Redis; .ci/run sets it to redis://127.0.0.1:6379';

/** A channel prefix no other run (or test) uses. */
export function uniqueRedisPrefix(): string {
  return `gbtest:${process.pid}:${randomBytes(6).toString('hex')}:`;
}

/** A Redis test's title: as given when it runs, with the reason when it is skipped. */
export function redisTitle(title: string): string {
  return TEST_REDIS_URL === undefined ? `${title} (${REDIS_SKIP_REASON})` : title;
}
