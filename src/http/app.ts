// buildApp(deps): the Fastify app with every route, the error table and the OpenAPI document.
// It never listens; main.ts and the tests decide where it serves.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import { setFormatLocale } from '../core/index.js';
import type { WorkbookHost } from '../hosting/index.js';
import {
  answerClientError,
  answerFrameworkError,
  installErrorHandling,
  type ErrorStatus,
} from './errors.js';
import { installJsonParser } from './json-body.js';
import { loggerOptions, QuietRequestLog } from './logging.js';
import { lazyRequestLogger } from './request-logger.js';
import { installRequestGuard } from './request-guard.js';
import { responseSerializer } from './response-serializer.js';
import { finishOpenApiDocument } from './openapi-document.js';
import { MemoryKeyStore, ProviderService } from '../providers/index.js';
import { providerRoutes } from './routes/providers.js';
import { AgentService, pluginAgentDefinition } from '../agent/index.js';
import { agentRoutes } from './routes/agent.js';
import { engineApiRoutes } from './routes/engine-api.js';
import { gridRoutes } from './routes/grid.js';
import { formatRoutes } from './routes/formats.js';
import { healthRoutes } from './routes/health.js';
import { workbookRoutes } from './routes/workbook.js';
import { nameRoutes } from './routes/names.js';
import { webRoutes } from './routes/web.js';
import { FileWorkbookStore, XlsxWorkerPool, type WorkbookStore } from '../persistence/index.js';
import { chartRoutes } from './routes/charts.js';
import { persistenceRoutes } from './routes/persistence.js';
import { mcpRoutes } from './routes/mcp.js';
import { structureRoutes } from './routes/structure.js';
import { layoutRoutes } from './routes/layout.js';
import { findRoutes } from './routes/find.js';
import { pluginRoutes } from './routes/plugins.js';
import type { PluginRegistry } from '../plugins/index.js';
import { PresenceBoard } from '../realtime/index.js';
import { installSaasAuthentication, saasRoutes, type SaasServices } from './routes/saas.js';
import { pluginSecretRoutes } from './routes/plugin-secrets.js';
import { eventRoutes } from './routes/events.js';
import { presenceRoutes } from './routes/presence.js';
import type { FastifyRequest } from 'fastify';
import { callerOf } from './route-deps.js';
import { HttpError } from './errors.js';
import { lazyValidators } from './lazy-validators.js';

export interface AppDeps {
  readonly config: Config;
  readonly host: WorkbookHost;
  /** Pino options, or false for a silent app (tests). */
  readonly logger?: boolean | Record<string, unknown>;
  readonly errorStatuses?: readonly ErrorStatus[];
  /** Provider keys, models and complete(); omitted, keys come from config env vars and live in memory only. */
  readonly providers?: ProviderService;
  /** The AI agent; omitted, one is built over `providers`. */
  readonly agent?: AgentService;
  /** The built web UI (dist/web) to serve at /; omitted, the app serves only the API. */
  readonly webDir?: string;
  /** Where save/load go; omitted, a file store in config.dataDir. */
  readonly store?: WorkbookStore;
  /** Where .xlsx files are read and written; omitted, the process's one xlsx worker. */
  readonly xlsxWorker?: XlsxWorkerPool;
  /** The clock for export file names (injected so tests never read the wall clock). */
  readonly now?: () => Date;
  /** Fresh unique tokens for server-assigned ids (charts). */
  readonly newId?: () => string;
  /** Hold every response body to its route's response schema (tests); a mismatch answers 500. */
  readonly checkResponses?: boolean;
  /** The Python plugins this server runs; omitted, none (GET /plugins lists nothing). */
  readonly plugins?: PluginRegistry;
  /** SaaS mode's accounts, tokens, workbooks and host (required when config.mode is saas). */
  readonly saas?: SaasServices;
  /** How often GET /events streams ping and check the caller's access (ms; default 15 s). */
  readonly eventCheckMs?: number;
  /** Where followers' selections are published (RT-02); omitted, a board of this process only. */
  readonly presence?: PresenceBoard;
}

export type App = FastifyInstance;

/** The providers a request uses: the server's in OSS mode, the calling user's own in SaaS. */
function callerProviders(
  deps: AppDeps,
  serverProviders: ProviderService,
): (request: FastifyRequest) => Promise<ProviderService> {
  const saas = deps.saas;
  if (saas === undefined) return async () => serverProviders;
  return async (request) => {
    const userId = callerOf(request).userId;
    if (userId === undefined) throw new HttpError(401, 'Not signed in.');
    return saas.providers.forUser(userId);
  };
}

const HEADERS_TIMEOUT_MS = 20_000;

/** Node requires the headers' bound to be no longer than the whole request's. */
function headersTimeoutMs(requestTimeoutMs: number): number {
  return requestTimeoutMs === 0
    ? HEADERS_TIMEOUT_MS
    : Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs);
}

export async function buildApp(deps: AppDeps): Promise<App> {
  // Number formats, dates and TEXT() follow GRIDBOOK_LOCALE (one locale per process).
  setFormatLocale(deps.config.locale);
  const logger = loggerOptions(deps.logger, deps.config.logLevel);
  const app = Fastify({
    logger,
    logController: new QuietRequestLog(),
    // Each request's pino child is made only when it writes a line (request-logger.ts).
    ...(logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
    bodyLimit: deps.config.maxBodyBytes,
    // A client that trickles its headers or body ties up a socket and its buffers: the headers
    // must arrive within 20 s and the whole request within GRIDBOOK_REQUEST_TIMEOUT_MS (Node
    // answers 408 and closes). Responses may take longer (an agent's model call, an SSE stream).
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs(deps.config.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
    // No type coercion: a number where text is expected is the client's mistake, reported as 422.
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
      },
    },
    schemaController: { compilersFactory: { buildValidator: lazyValidators() } },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setSerializerCompiler(await responseSerializer(deps.checkResponses === true));
  installErrorHandling(app, deps.errorStatuses, deps.config.maxBodyBytes);
  installRequestGuard(app, {
    mode: deps.config.mode,
    listenHost: deps.config.host,
    allowedHosts: deps.config.allowedHosts,
    corsOrigins: deps.config.corsOrigins,
  });
  installJsonParser(app, deps.config.maxBodyBytes);
  if (deps.config.mode === 'saas') {
    if (deps.saas === undefined) throw new Error('SaaS mode needs its services (deps.saas).');
    installSaasAuthentication(app, deps.saas);
  }

  await app.register(swagger, {
    transformObject: (document) =>
      'openapiObject' in document
        ? finishOpenApiDocument(document.openapiObject)
        : document.swaggerObject,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gridbook API',
        version: '0.1.0',
        description:
          'Workbook kernel, Engine API (/eval, /schema, /peek), direct writes and workbook management. ' +
          'Requests that change the workbook send JSON (application/json) or an upload (multipart/form-data, xlsx, CSV); ' +
          'text/plain and form bodies answer 415, and a request a browser marks as cross-site (Origin, Sec-Fetch-Site) answers 403 ' +
          'unless GRIDBOOK_CORS_ORIGINS lists its origin. In OSS mode only loopback host names and GRIDBOOK_ALLOWED_HOSTS are served (421 otherwise).',
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const routeDeps = {
    host: deps.host,
    config: deps.config,
    plugins: deps.plugins,
    titles: deps.config.mode === 'saas' ? deps.saas?.directory : undefined,
  };
  await app.register(healthRoutes);
  await app.register(engineApiRoutes, routeDeps);
  await app.register(gridRoutes, routeDeps);
  await app.register(formatRoutes, routeDeps);
  await app.register(structureRoutes, routeDeps);
  await app.register(layoutRoutes, routeDeps);
  await app.register(findRoutes, routeDeps);
  await app.register(pluginRoutes, routeDeps);
  await app.register(workbookRoutes, routeDeps);
  const presence = deps.presence ?? new PresenceBoard({ now: () => Date.now() });
  await app.register(eventRoutes, { ...routeDeps, checkMs: deps.eventCheckMs, presence });
  await app.register(presenceRoutes, { ...routeDeps, presence });
  await app.register(nameRoutes, routeDeps);
  const newId = deps.newId ?? (() => randomBytes(4).toString('hex'));
  await app.register(chartRoutes, { ...routeDeps, newId });
  await app.register(persistenceRoutes, {
    ...routeDeps,
    store: deps.store ?? new FileWorkbookStore({ dir: deps.config.dataDir }),
    now: deps.now ?? (() => new Date()),
    xlsxWorker: deps.xlsxWorker ?? new XlsxWorkerPool({ timeoutMs: deps.config.xlsxTimeoutMs }),
  });
  const providers =
    deps.providers ??
    (await ProviderService.open({
      keyStore: new MemoryKeyStore(),
      envKeys: deps.config.providerKeys,
      baseUrls: deps.config.providerBaseUrls,
    }));
  const providersFor = callerProviders(deps, providers);
  await app.register(providerRoutes, { providersFor });
  const agent =
    deps.agent ??
    new AgentService({
      completer: providers,
      newChartId: () => `chart_${deps.newId?.() ?? randomBytes(4).toString('hex')}`,
      maxToolCalls: deps.config.agentToolCalls,
      extraAgents: () => deps.plugins?.agents().map(pluginAgentDefinition) ?? [],
    });
  // SaaS: the agent answers through the caller's own keys, also on a workbook shared with them.
  const agentFor = async (request: FastifyRequest): Promise<AgentService> =>
    deps.saas === undefined ? agent : agent.withCompleter(await providersFor(request));
  await app.register(mcpRoutes, { ...routeDeps, newId, agentFor });
  await app.register(agentRoutes, { ...routeDeps, agent, agentFor });
  await app.register(pluginSecretRoutes, { pluginSecrets: deps.saas?.pluginSecrets });
  if (deps.config.mode === 'saas' && deps.saas !== undefined)
    await app.register(saasRoutes, { saas: deps.saas });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The UI's catch-all `/*` never shadows an API route: the router prefers any more specific path.
  if (deps.webDir !== undefined) await app.register(webRoutes, { webDir: deps.webDir });
  return app;
}
