// Runs the Relay contract against Postgres NOTIFY (on PGlite, or TEST_DATABASE_URL's server) and
// Redis pub/sub (TEST_REDIS_URL; skipped without it, saying why).
import { RedisRelay } from '../../src/realtime/index.js';
import { notifyRelay } from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import { REDIS_SKIP_REASON, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/test-redis.js';
import { relayContract } from './relay.contract.js';

useTestDatabaseForFile();

relayContract(`Postgres NOTIFY on ${TEST_DATABASE_KIND}`, async () => {
  const test = await openTestDatabase({ migrated: false });
  return {
    first: notifyRelay(test.database),
    second: notifyRelay(test.reconnect()),
    cleanup: () => test.drop(),
  };
});

relayContract(
  'Redis pub/sub',
  async () => {
    const prefix = uniqueRedisPrefix();
    const first = await RedisRelay.open({ url: TEST_REDIS_URL!, prefix });
    const second = await RedisRelay.open({ url: TEST_REDIS_URL!, prefix });
    return {
      first,
      second,
      cleanup: async () => {
        await first.close();
        await second.close();
      },
    };
  },
  TEST_REDIS_URL === undefined ? REDIS_SKIP_REASON : undefined,
);
