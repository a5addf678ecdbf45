// Starts the app in SaaS mode over a test database (test-database.ts: a schema of its own in
// TEST_DATABASE_URL's Postgres, else in this file's PGlite), the way main.ts composes it.
import { loadConfig } from '../../src/config.js';
import { SaasHost } from '../../src/hosting/index.js';
import {
  Accounts,
  Authenticator,
  Collaborators,
  DatabaseCommitFollower,
  DatabasePresenceRelay,
  PostgresPluginSecretStore,
  PostgresWorkbookStore,
  SecretCipher,
  ServiceTokens,
  UserProviders,
  Users,
  WorkbookDirectory,
} from '../../src/saas/index.js';
import {
  PluginSecrets,
  type DeclaredSecrets,
  type PluginRegistry,
  type PluginSecretStore,
} from '../../src/plugins/index.js';
import { PresenceBoard, RedisRelay } from '../../src/realtime/index.js';
import { api, type Api } from './api.js';
import { startApp, type RunningApp } from './start-app.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_JWT_SECRET = 'a-test-identity-provider-secret-of-some-length';

export interface RunningSaasApp extends RunningApp {
  readonly database: TestDatabase;
  readonly host: SaasHost;
  readonly store: PostgresWorkbookStore;
  /** The plugins opened through `options.plugins`, if any. */
  readonly plugins: PluginRegistry | undefined;
  /** The fetch helper with `Authorization: Bearer <token>` (and any other headers). */
  as(token: string, headers?: Readonly<Record<string, string>>): Api;
  /** Signs up a built-in account; resolves with its session token and user id. */
  signUp(email: string, password?: string): Promise<{ token: string; userId: string }>;
}

export async function startSaasApp(
  options: {
    readonly env?: Readonly<Record<string, string>>;
    readonly now?: () => Date;
    readonly jwksCooldownMs?: number;
    /** The built web UI to serve (browser tests). */
    readonly webDir?: string;
    /** Opens the plugins the workbooks may call, over the app's plugin-secret store. */
    readonly plugins?: (secrets: PluginSecretStore) => Promise<PluginRegistry>;
    /** Pino options (a stream capturing log lines); default: silent. */
    readonly logger?: Record<string, unknown>;
    /** Collects every log line the app writes, at debug level (request logs included). */
    readonly logLines?: string[];
    /**
     * Another server process on this app's database: its own connection to the same schema,
     * left in place when this app closes (the other app drops it).
     */
    readonly sameDatabaseAs?: RunningSaasApp;
    /**
     * Follows the commits other processes store and hears the selections their followers publish
     * (LISTEN/NOTIFY), as main.ts does on Postgres.
     */
    readonly follow?: boolean;
    /**
     * With `follow`: the wake-ups go through Redis pub/sub (as main.ts does with REDIS_URL) on
     * channels under `prefix` (one per test run: parallel runs share the Redis server).
     */
    readonly redis?: { readonly url: string; readonly prefix: string };
    /** Told of the problems the app's relay and followers report (connection lost, …). */
    readonly report?: (problem: string, error: unknown) => void;
    /** How often GET /events streams check the caller's access (ms). */
    readonly eventCheckMs?: number;
  } = {},
): Promise<RunningSaasApp> {
  const env = {
    GRIDBOOK_MODE: 'saas',
    GRIDBOOK_SECRET_KEY: TEST_SECRET_KEY,
    GRIDBOOK_LOG_LEVEL: 'silent',
    ...options.env,
  };
  const config = loadConfig(env, process.cwd());
  const other = options.sameDatabaseAs?.database;
  const database: TestDatabase =
    other === undefined
      ? await openTestDatabase()
      : { ...other, database: other.reconnect(), drop: async () => undefined };
  const now = options.now ?? (() => new Date());
  const store = new PostgresWorkbookStore({ database: database.database, now });
  const users = new Users(database.database);
  const authenticator = new Authenticator({
    database: database.database,
    users,
    secretKey: config.secretKey!,
    idp: config.jwt,
    sessionSeconds: config.sessionSeconds,
    now,
    onUserCreated: Collaborators.promote,
    ...(options.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: options.jwksCooldownMs }),
  });
  const directory = new WorkbookDirectory(database.database);
  const cipher = new SecretCipher(config.secretKey!);
  const secretStore = new PostgresPluginSecretStore(database.database, cipher);
  const plugins = await options.plugins?.(secretStore);
  const report = options.report ?? (() => undefined);
  const relay =
    options.follow === true && options.redis !== undefined
      ? await RedisRelay.open({ ...options.redis, report })
      : undefined;
  const relayed = {
    database: database.database,
    report,
    ...(relay === undefined ? {} : { relay }),
  };
  const follower = options.follow === true ? await DatabaseCommitFollower.open(relayed) : undefined;
  const presenceRelay =
    options.follow === true ? await DatabasePresenceRelay.open(relayed) : undefined;
  const host = new SaasHost({
    directory,
    journal: store,
    ...(follower === undefined ? {} : { follower }),
    memoryBudgetBytes: config.workbookMemoryBytes,
    minIdleMs: config.workbookIdleMs,
    // Every commit marks its workbook changed at once, so a later step's list never sees a
    // deferred updated_at land (the interval itself: test/hosting/saas-host-updated-at.test.ts).
    touchIntervalMs: 0,
    now,
    ...(plugins === undefined ? {} : { plugins }),
  });
  const noPlugins: DeclaredSecrets = {
    declaredSecrets: () => undefined,
    secretsChanged: () => undefined,
  };
  const running = await startApp({
    env,
    host,
    deps: {
      ...(options.logLines === undefined
        ? {}
        : {
            logger: {
              level: 'debug',
              stream: { write: (line: string) => options.logLines!.push(line) },
            },
          }),
      ...(options.webDir === undefined ? {} : { webDir: options.webDir }),
      ...(options.eventCheckMs === undefined ? {} : { eventCheckMs: options.eventCheckMs }),
      store,
      presence: new PresenceBoard({ now: () => Date.now(), relay: presenceRelay }),
      ...(plugins === undefined ? {} : { plugins }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      saas: {
        authenticator,
        accounts: new Accounts({
          database: database.database,
          users,
          authenticator,
          now,
          onUserCreated: Collaborators.promote,
        }),
        tokens: new ServiceTokens(database.database, (hash) =>
          authenticator.forgetServiceToken(hash),
        ),
        directory,
        collaborators: new Collaborators(database.database, directory),
        host,
        providers: new UserProviders({
          database: database.database,
          cipher,
          environmentKeys: config.providerKeys,
          shareEnvironmentKeys: config.sharedProviderKeys,
          baseUrls: config.providerBaseUrls,
        }),
        pluginSecrets: new PluginSecrets(plugins ?? noPlugins, secretStore),
      },
    },
  });
  const as = (token: string, headers: Readonly<Record<string, string>> = {}): Api =>
    api(running.url, { authorization: `Bearer ${token}`, ...headers });
  return {
    ...running,
    database,
    host,
    store,
    plugins,
    as,
    signUp: async (email, password = 'correct horse battery') => {
      const response = await running.http.post('/auth/signup', { email, password });
      if (response.status !== 200)
        throw new Error(`sign-up failed: ${response.status} ${response.text}`);
      return { token: response.body.token, userId: response.body.user.id };
    },
    close: async () => {
      await running.close();
      await follower?.close();
      await presenceRelay?.close();
      await relay?.close();
      await plugins?.close();
      await store.close();
      await database.drop();
    },
  };
}
