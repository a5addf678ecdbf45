#!/usr/bin/env node
// Composition root: config → store → host (restored from the journal) → app → listen.
import { randomBytes } from 'node:crypto';
import { AgentService, pluginAgentDefinition } from './agent/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { OSS_WORKBOOK_ID, OssHost, SaasHost } from './hosting/index.js';
import {
  Accounts,
  Authenticator,
  Collaborators,
  DatabaseError,
  MIGRATIONS_DIR_NAME,
  openDatabase,
  PostgresPluginSecretStore,
  PostgresWorkbookStore,
  DatabaseCommitFollower,
  DatabasePresenceRelay,
  databaseName,
  SecretCipher,
  ServiceTokens,
  UserProviders,
  Users,
  WorkbookDirectory,
} from './saas/index.js';
import { MemoryKeyStore } from './providers/index.js';
import { buildApp } from './http/index.js';
import { PresenceBoard, RedisRelay, RedisUnavailableError } from './realtime/index.js';
import { FileKeyStore, KeyFileError, ProviderService } from './providers/index.js';
import {
  CorruptSaveFileError,
  FileWorkbookStore,
  JournalInUseError,
  saveFileTextIn,
  XlsxWorkerPool,
  type WorkbookStore,
} from './persistence/index.js';
import { builtInFunctionNames, type WorkbookDocument } from './core/index.js';
import { followPluginChanges } from './hosting/index.js';
import {
  PluginRegistry,
  PluginSecrets,
  PythonPluginHost,
  PythonUnavailableError,
  type PluginSecretStore,
} from './plugins/index.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyServerV8Flags, applyServingV8Flags } from './v8-tuning.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Gridbook cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Stored keys (<data dir>/keys.json) over env keys; an unreadable key file stops start-up with the
 * reason.
 */
async function providersOrExit(config: Config): Promise<ProviderService> {
  try {
    return await ProviderService.open({
      keyStore: new FileKeyStore(config.dataDir),
      envKeys: config.providerKeys,
      baseUrls: config.providerBaseUrls,
    });
  } catch (error) {
    if (error instanceof KeyFileError) {
      process.stderr.write(`Gridbook cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The checkout this file runs from: src/main.ts under tsx (dev, tests) or the compiled
 * dist/server/main.js (npm start) sit at different depths, so look for package.json.
 */
function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}

/**
 * The checkpoint (system_state.gridbook) a data directory of an older version holds, to start
 * from when the journal is still empty; an unreadable one is reported and skipped, never fatal.
 */
async function checkpointSeed(store: WorkbookStore): Promise<WorkbookDocument | undefined> {
  try {
    return await store.load(OSS_WORKBOOK_ID);
  } catch (error) {
    if (!(error instanceof CorruptSaveFileError)) throw error;
    process.stderr.write(`Gridbook starts with an empty workbook: ${error.message}\n`);
    return undefined;
  }
}

/**
 * The plugin host and the plugins it runs: the bundled examples, then <data dir>/plugins.
 * Without a usable Python the server runs without plugins and says why.
 */
async function openPlugins(
  config: Config,
  report: (problem: string, error: unknown) => void,
  secrets?: PluginSecretStore,
): Promise<PluginRegistry> {
  let host: PythonPluginHost | undefined;
  let pythonProblem: string | undefined;
  try {
    host = await PythonPluginHost.start({
      python: config.plugins.python,
      timeoutMs: config.plugins.timeoutMs,
      report: (problem) => report(`plugin host: ${problem}`, undefined),
    });
  } catch (error) {
    if (!(error instanceof PythonUnavailableError)) throw error;
    pythonProblem = error.message;
    report(`plugins are off: ${pythonProblem}`, undefined);
  }
  return PluginRegistry.open({
    host,
    pythonProblem,
    bundledDir: path.join(repositoryRoot(), 'examples', 'plugins'),
    dataDir: path.join(config.dataDir, 'plugins'),
    budgetMs: config.plugins.budgetMs,
    reservedNames: builtInFunctionNames(),
    report: (problem) => report(problem, undefined),
    ...(secrets === undefined ? {} : { secrets }),
  });
}

/**
 * What carries the wake-ups between server processes on one Postgres (commits, selections):
 * Redis pub/sub when REDIS_URL is set, else nothing here (they default to Postgres NOTIFY). An
 * unreachable Redis stops start-up with the reason. The channels name the database: several
 * deployments may share one Redis.
 */
async function relayOrExit(
  config: Config,
  database: Awaited<ReturnType<typeof openDatabase>>['database'],
  report: (problem: string, error: unknown) => void,
): Promise<RedisRelay | undefined> {
  if (config.redisUrl === undefined) return undefined;
  if (database.kind !== 'postgres') {
    report('REDIS_URL is not used: the embedded PGlite serves one process only', undefined);
    return undefined;
  }
  try {
    const prefix = `gridbook:${await databaseName(database)}:`;
    return await RedisRelay.open({ url: config.redisUrl, prefix, report });
  } catch (error) {
    if (!(error instanceof RedisUnavailableError)) throw error;
    process.stderr.write(
      `Gridbook cannot start: ${error.message}. Start Redis there or correct REDIS_URL (unset, server processes tell each other of commits through Postgres NOTIFY).\n`,
    );
    process.exit(1);
  }
}

async function main(): Promise<void> {
  // Before the workbook is built and written to: V8's heap settings for a long-lived workbook.
  applyServerV8Flags();
  const config = configOrExit();
  if (config.mode === 'saas') {
    await mainSaas(config);
    return;
  }
  // The journal and the save/load checkpoint live in <data dir> (docs/design.md §4): every
  // acknowledged change is on disk there, and the workbook is restored from it before the server
  // listens.
  const report = (problem: string, error: unknown): void => {
    process.stderr.write(
      `Gridbook: ${problem}${error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`}\n`,
    );
  };
  if (config.redisUrl !== undefined)
    report('REDIS_URL is not used in OSS mode: one process serves the one workbook', undefined);
  // One worker thread for file work off the event loop: xlsx, JSON imports and exports, saves,
  // checkpoint loads. The journal's snapshots are written in a worker of their own: an import is
  // acknowledged once its snapshot is on disk, and must not wait behind a long xlsx export.
  const xlsxWorker = new XlsxWorkerPool({ timeoutMs: config.xlsxTimeoutMs });
  const snapshotWorker = new XlsxWorkerPool({ timeoutMs: config.xlsxTimeoutMs });
  const store = new FileWorkbookStore({
    dir: config.dataDir,
    compactAfterBytes: config.journalCompactBytes,
    report,
    decode: (data, field) => xlsxWorker.decodeJson(data, field),
    encode: saveFileTextIn(snapshotWorker),
  });
  // Plugins first: the workbook's engine is built with their functions.
  const plugins = await openPlugins(config, report);
  const host = await OssHost.open({
    journal: store,
    workbookOptions: {
      undoDepth: config.undoDepth,
      undoMaxBytes: config.undoMaxBytes,
      formulaBudgetMs: config.formulaBudgetMs,
      functionSource: () => plugins.functions(),
    },
    seed: () => checkpointSeed(store),
    report,
  }).catch((error: unknown) => {
    // Another server runs on this data directory: say so and stop, touching nothing.
    if (!(error instanceof JournalInUseError)) throw error;
    process.stderr.write(`Gridbook cannot start: ${error.message}\n`);
    process.exit(1);
  });
  followPluginChanges(await host.handleFor(), plugins, report);
  // The workbook is restored: from here on the collector must not wait on the thread pool.
  applyServingV8Flags();
  const providers = await providersOrExit(config);
  // The agent completes through the providers; chart ids are random (core has no randomness).
  const agent = new AgentService({
    completer: providers,
    newChartId: () => `chart_${randomBytes(4).toString('hex')}`,
    maxToolCalls: config.agentToolCalls,
    extraAgents: () => plugins.agents().map(pluginAgentDefinition),
  });
  const webDir = path.join(repositoryRoot(), 'dist', 'web');
  const app = await buildApp({
    config,
    host,
    providers,
    agent,
    webDir,
    store,
    plugins,
    xlsxWorker,
  });
  await serveUntilStopped(
    app,
    config,
    [() => store.close(), () => plugins.close()],
    `OSS mode; workbook data in ${config.dataDir}`,
  );
}

/**
 * SaaS mode: the database (Postgres at DATABASE_URL, else PGlite in <data dir>/db) migrated,
 * workbooks stored in it, every request authenticated, each user's workbooks loaded on demand.
 */
async function mainSaas(config: Config): Promise<void> {
  // Workbooks are opened on demand while the server serves: no restart replay to favour.
  applyServingV8Flags();
  const report = (problem: string, error: unknown): void => {
    process.stderr.write(
      `Gridbook: ${problem}${error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`}\n`,
    );
  };
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrationsDir: path.join(repositoryRoot(), MIGRATIONS_DIR_NAME),
    });
  } catch (error) {
    if (error instanceof DatabaseError) {
      process.stderr.write(`Gridbook cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { database } = opened;
  for (const name of opened.applied) report(`database migration applied: ${name}`, undefined);
  const now = (): Date => new Date();
  // The journal's snapshots are written in a worker of their own, as in OSS mode.
  const store = new PostgresWorkbookStore({
    database,
    compactAfterBytes: config.dbCompactBytes,
    report,
    encode: saveFileTextIn(new XlsxWorkerPool({ timeoutMs: config.xlsxTimeoutMs })),
  });
  // Several processes may share one Postgres server: each keeps its copies of workbooks current
  // with the others' commits (PGlite is one process only, kept so by its lock file), woken up
  // through Redis when REDIS_URL is set, else through Postgres NOTIFY.
  const relay = await relayOrExit(config, database, report);
  const relayed = relay === undefined ? {} : { relay };
  const follower =
    database.kind === 'postgres'
      ? await DatabaseCommitFollower.open({ database, report, ...relayed })
      : undefined;
  // ... and shows each the selections of collaborators connected to the others (RT-02).
  const presenceRelay =
    database.kind === 'postgres'
      ? await DatabasePresenceRelay.open({ database, report, ...relayed })
      : undefined;
  const users = new Users(database);
  const authenticator = new Authenticator({
    database,
    users,
    secretKey: config.secretKey!,
    idp: config.jwt,
    sessionSeconds: config.sessionSeconds,
    now,
    onUserCreated: Collaborators.promote,
  });
  const directory = new WorkbookDirectory(database);
  // Provider keys and plugin secrets are each user's own, sealed under GRIDBOOK_SECRET_KEY.
  const cipher = new SecretCipher(config.secretKey!);
  const pluginSecretStore = new PostgresPluginSecretStore(database, cipher);
  const plugins = await openPlugins(config, report, pluginSecretStore);
  const host = new SaasHost({
    directory,
    journal: store,
    workbookOptions: {
      undoDepth: config.undoDepth,
      undoMaxBytes: config.undoMaxBytes,
      formulaBudgetMs: config.formulaBudgetMs,
    },
    plugins,
    memoryBudgetBytes: config.workbookMemoryBytes,
    minIdleMs: config.workbookIdleMs,
    now,
    report,
    ...(follower === undefined ? {} : { follower }),
  });
  const userProviders = new UserProviders({
    database,
    cipher,
    environmentKeys: config.providerKeys,
    shareEnvironmentKeys: config.sharedProviderKeys,
    baseUrls: config.providerBaseUrls,
  });
  // Requests answer through the caller's own providers (userProviders); this one, without any
  // key, only stands behind the agent list, which needs none.
  const providers = await ProviderService.open({
    keyStore: new MemoryKeyStore(),
    envKeys: {},
    baseUrls: config.providerBaseUrls,
  });
  const agent = new AgentService({
    completer: providers,
    newChartId: () => `chart_${randomBytes(4).toString('hex')}`,
    maxToolCalls: config.agentToolCalls,
    extraAgents: () => plugins.agents().map(pluginAgentDefinition),
  });
  const app = await buildApp({
    config,
    host,
    providers,
    agent,
    webDir: path.join(repositoryRoot(), 'dist', 'web'),
    store,
    plugins,
    presence: new PresenceBoard({ now: () => Date.now(), relay: presenceRelay }),
    saas: {
      authenticator,
      accounts: new Accounts({
        database,
        users,
        authenticator,
        now,
        onUserCreated: Collaborators.promote,
      }),
      tokens: new ServiceTokens(database, (hash) => authenticator.forgetServiceToken(hash)),
      directory,
      collaborators: new Collaborators(database, directory),
      host,
      providers: userProviders,
      pluginSecrets: new PluginSecrets(plugins, pluginSecretStore),
    },
  });
  await serveUntilStopped(
    app,
    config,
    [
      async () => follower?.close(),
      async () => presenceRelay?.close(),
      async () => relay?.close(),
      () => store.close(),
      () => database.close(),
      () => plugins.close(),
    ],
    `SaaS mode; ${opened.description}`,
  );
}

/**
 * Listens, says where, and on SIGINT/SIGTERM closes the app and then each resource in order
 * (the store last flushes what the app acknowledged).
 */
async function serveUntilStopped(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: Config,
  closers: readonly (() => Promise<unknown>)[],
  mode: string,
): Promise<void> {
  const shutdown = async (): Promise<void> => {
    await app.close();
    for (const close of closers) await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  const address = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Gridbook is running at ${browsableAddress(address)} (${mode})\n`);
}

/** The address to open in a browser: Fastify names the listening socket, which may be 0.0.0.0. */
function browsableAddress(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  return url.origin;
}

/**
 * `gridbook mcp [--url http://host:port]`: MCP on stdin/stdout, relayed to a running server
 * (default: HOST and PORT, as the server reads them). Nothing but MCP may go to stdout.
 */
async function mcpOverStdio(args: readonly string[]): Promise<void> {
  const urlAt = args.indexOf('--url');
  const explicit = urlAt >= 0 ? args[urlAt + 1] : undefined;
  const config = explicit === undefined ? configOrExit() : undefined;
  const host = config?.host === '0.0.0.0' ? '127.0.0.1' : config?.host;
  // Imported here: a server start does not load the MCP SDK.
  const { relayStdioTo } = await import('./mcp/index.js');
  await relayStdioTo(explicit ?? `http://${host}:${config?.port}`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'mcp') await mcpOverStdio(args);
else await main();
