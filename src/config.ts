// The only reader of process.env. Every variable of docs/design.md §4 is parsed and validated once;
// a bad value stops start-up with a ConfigError that names the variable and how to fix it.
import path from 'node:path';

export type Mode = 'oss' | 'saas';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly mode: Mode;
  readonly dataDir: string;
  readonly devPortalEnabled: boolean;
  readonly providerKeys: Readonly<
    Record<'gemini' | 'anthropic' | 'groq' | 'openrouter', string | undefined>
  >;
  readonly providerBaseUrls: Readonly<
    Record<'gemini' | 'anthropic' | 'groq' | 'openrouter', string | undefined>
  >;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly jwt: {
    readonly secret: string | undefined;
    readonly jwksUrl: string | undefined;
    readonly issuer: string | undefined;
    readonly audience: string | undefined;
  };
  /** SaaS: GRIDBOOK_SECRET_KEY's 32 bytes (signs sessions; seals stored keys and plugin secrets). */
  readonly secretKey: Buffer | undefined;
  /** SaaS: users without a key of their own for a provider use the environment's key (opt-in). */
  readonly sharedProviderKeys: boolean;
  /** SaaS: how long a built-in session token lasts, in seconds. */
  readonly sessionSeconds: number;
  /** SaaS: estimated bytes the workbooks in memory may take before idle ones are evicted. */
  readonly workbookMemoryBytes: number;
  /** SaaS: how long a workbook must go unused before it may leave memory, in ms. */
  readonly workbookIdleMs: number;
  /** SaaS: commit-log bytes after a workbook's snapshot that start a compaction, at least; 0 never. */
  readonly dbCompactBytes: number;
  /** Largest accepted request body in bytes (a 1M-cell range write is about 8 MB of JSON). */
  readonly maxBodyBytes: number;
  /**
   * How long a client may take to send a whole request (headers and body), in ms; 0 turns the bound
   * off.
   */
  readonly requestTimeoutMs: number;
  /** How long one POST /eval may evaluate before its remaining items answer #N/A, in ms. */
  readonly evalBudgetMs: number;
  /** The most cells one range write may hold (POST /grid/range, MCP write_range). */
  readonly maxWriteCells: number;
  /** The most cells one import may bring (JSON, GridOS, xlsx, CSV). */
  readonly maxImportCells: number;
  /** The most cells one GET /grid lists (the page reads blocks of 100 × 26). */
  readonly maxGridCells: number;
  /** How long one .xlsx import or export may run in the xlsx worker before it is stopped, in ms. */
  readonly xlsxTimeoutMs: number;
  /**
   * How long one change's recalculation may take before the change is refused (413), in ms;
   * undefined when GRIDBOOK_FORMULA_BUDGET_MS is 0 (no bound).
   */
  readonly formulaBudgetMs: number | undefined;
  /** Python plugins (docs/design.md §7). */
  readonly plugins: {
    /** The interpreter the plugin host runs on (CPython 3.9 or newer). */
    readonly python: string;
    /** How long one plugin call may run before it is stopped and answers #TIMEOUT!. */
    readonly timeoutMs: number;
    /** Plugin time one run of queued calls (a recalculation, an /eval) may use. */
    readonly budgetMs: number;
  };
  /** How many read-only tool calls (peek, eval, schema, find) the agent's model may make per turn. */
  readonly agentToolCalls: number;
  /** How many undo steps each workbook keeps. */
  readonly undoDepth: number;
  /** The estimated bytes each workbook's undo history may hold; 0 turns undo off. */
  readonly undoMaxBytes: number;
  /** The locale number formats, dates and TEXT() use (a BCP 47 tag such as en-US or de-DE). */
  readonly locale: string;
  /** Journal bytes after the last snapshot that start a background compaction; 0 never compacts. */
  readonly journalCompactBytes: number;
  /** Host names served besides the loopback ones (OSS mode; "*" serves any). */
  readonly allowedHosts: readonly string[];
  /** Origins whose pages may call the API (CORS); none by default. */
  readonly corsOrigins: readonly string[];
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw))
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be from ${min} to ${max}, got ${value}`);
  return value;
}

function localeTag(env: Env, name: string, fallback: string): string {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(raw))
    throw new ConfigError(name, `expected a locale tag such as en-US or de-DE, got "${raw}"`);
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  const lowered = raw.toLowerCase();
  const match = allowed.find((option) => option === lowered);
  if (match === undefined)
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  return match;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

function hostList(env: Env): readonly string[] {
  const names = list(env, 'GRIDBOOK_ALLOWED_HOSTS');
  for (const name of names) {
    if (name !== '*' && !/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)$/.test(name)) {
      throw new ConfigError(
        'GRIDBOOK_ALLOWED_HOSTS',
        `expected host names without ports, separated by commas (IPv6 in brackets), got "${name}"`,
      );
    }
  }
  return Object.freeze(names);
}

function originList(env: Env): readonly string[] {
  const origins = list(env, 'GRIDBOOK_CORS_ORIGINS').map((origin) => {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(
        'GRIDBOOK_CORS_ORIGINS',
        `is not an origin like https://app.example.com: "${origin}"`,
      );
    }
    if (
      !['http:', 'https:'].includes(parsed.protocol) ||
      parsed.origin !== origin.replace(/\/$/, '')
    ) {
      throw new ConfigError(
        'GRIDBOOK_CORS_ORIGINS',
        `expected scheme://host[:port] with nothing after it, got "${origin}"`,
      );
    }
    return parsed.origin;
  });
  return Object.freeze(origins);
}

function list(env: Env, name: string): string[] {
  return (nonEmpty(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function flag(env: Env, name: string): boolean {
  const raw = nonEmpty(env, name);
  if (raw === undefined || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(name, `set it to 1 to enable or leave it unset, got "${raw}"`);
}

function host(env: Env): string {
  const raw = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(raw))
    throw new ConfigError('HOST', `is not a host name or IP address: "${raw}"`);
  return raw;
}

const MAKE_SECRET_KEY = 'make one with: openssl rand -base64 32';

/** 32 bytes as base64 (44 characters) or hex (64 characters). */
function secretKey(env: Env): Buffer | undefined {
  const raw = nonEmpty(env, 'GRIDBOOK_SECRET_KEY');
  if (raw === undefined) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : undefined;
  if (bytes?.length !== 32)
    throw new ConfigError(
      'GRIDBOOK_SECRET_KEY',
      `must be 32 random bytes in base64 or hex; ${MAKE_SECRET_KEY}`,
    );
  return bytes;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const http = ['http:', 'https:'];
  const config: Config = {
    port: integer(env, 'PORT', 8000, 0, 65535),
    host: host(env),
    mode: oneOf(env, 'GRIDBOOK_MODE', ['oss', 'saas'] as const, 'oss'),
    dataDir: path.resolve(cwd, nonEmpty(env, 'GRIDBOOK_DATA_DIR') ?? '.'),
    devPortalEnabled: flag(env, 'GRIDBOOK_DEV_PORTAL_ENABLED'),
    plugins: {
      python: nonEmpty(env, 'GRIDBOOK_PYTHON') ?? 'python3',
      timeoutMs: integer(env, 'GRIDBOOK_PLUGIN_TIMEOUT_MS', 2_000, 10, 600_000),
      budgetMs: integer(env, 'GRIDBOOK_PLUGIN_BUDGET_MS', 10_000, 10, 3_600_000),
    },
    providerKeys: {
      gemini: nonEmpty(env, 'GEMINI_API_KEY') ?? nonEmpty(env, 'GOOGLE_API_KEY'),
      anthropic: nonEmpty(env, 'ANTHROPIC_API_KEY'),
      groq: nonEmpty(env, 'GROQ_API_KEY'),
      openrouter: nonEmpty(env, 'OPENROUTER_API_KEY'),
    },
    providerBaseUrls: {
      gemini: url(env, 'GRIDBOOK_GEMINI_BASE_URL', http),
      anthropic: url(env, 'GRIDBOOK_ANTHROPIC_BASE_URL', http),
      groq: url(env, 'GRIDBOOK_GROQ_BASE_URL', http),
      openrouter: url(env, 'GRIDBOOK_OPENROUTER_BASE_URL', http),
    },
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    jwt: {
      secret: nonEmpty(env, 'GRIDBOOK_JWT_SECRET'),
      jwksUrl: url(env, 'GRIDBOOK_JWKS_URL', http),
      issuer: nonEmpty(env, 'GRIDBOOK_JWT_ISSUER'),
      audience: nonEmpty(env, 'GRIDBOOK_JWT_AUDIENCE'),
    },
    secretKey: secretKey(env),
    sharedProviderKeys: flag(env, 'GRIDBOOK_SHARED_PROVIDER_KEYS'),
    sessionSeconds: integer(env, 'GRIDBOOK_SESSION_SECONDS', 3_600, 60, 30 * 86_400),
    workbookMemoryBytes: integer(env, 'GRIDBOOK_WORKBOOK_MEMORY_BYTES', 1024 ** 3, 0, 1024 ** 4),
    workbookIdleMs: integer(env, 'GRIDBOOK_WORKBOOK_IDLE_MS', 60_000, 1, 86_400_000),
    // Matches saas's DEFAULT_DB_COMPACT_AFTER_BYTES (1 MiB).
    dbCompactBytes: integer(env, 'GRIDBOOK_DB_COMPACT_BYTES', 1024 * 1024, 0, 1024 ** 4),
    maxBodyBytes: integer(
      env,
      'GRIDBOOK_MAX_BODY_BYTES',
      64 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    requestTimeoutMs: integer(env, 'GRIDBOOK_REQUEST_TIMEOUT_MS', 120_000, 0, 3_600_000),
    evalBudgetMs: integer(env, 'GRIDBOOK_EVAL_BUDGET_MS', 2_000, 1, 600_000),
    // Defaults match core's DEFAULT_MAX_WRITE_CELLS and editing's DEFAULT_MAX_IMPORT_CELLS
    // (docs/decisions/2026-11-26-write-and-import-sizes.md); config reads the environment only.
    maxWriteCells: integer(env, 'GRIDBOOK_MAX_WRITE_CELLS', 100_000, 1, 17_179_869_184),
    maxImportCells: integer(env, 'GRIDBOOK_MAX_IMPORT_CELLS', 1_048_576, 1, 17_179_869_184),
    // Matches editing's DEFAULT_MAX_GRID_CELLS; config reads the environment only.
    maxGridCells: integer(env, 'GRIDBOOK_MAX_GRID_CELLS', 250_000, 1, 17_179_869_184),
    // Matches persistence's XLSX_JOB_TIMEOUT_MS; config reads the environment only.
    xlsxTimeoutMs: integer(env, 'GRIDBOOK_XLSX_TIMEOUT_MS', 120_000, 1, 3_600_000),
    formulaBudgetMs: integer(env, 'GRIDBOOK_FORMULA_BUDGET_MS', 5_000, 0, 600_000) || undefined,
    agentToolCalls: integer(env, 'GRIDBOOK_AGENT_TOOL_CALLS', 4, 0, 16),
    undoDepth: integer(env, 'GRIDBOOK_UNDO_DEPTH', 100, 0, 10_000),
    // Matches core's DEFAULT_UNDO_MAX_BYTES; config reads the environment only.
    undoMaxBytes: integer(env, 'GRIDBOOK_UNDO_MAX_BYTES', 256 * 1024 * 1024, 0, 1024 ** 4),
    locale: localeTag(env, 'GRIDBOOK_LOCALE', 'en-US'),
    // Matches persistence's DEFAULT_COMPACT_AFTER_BYTES (64 MiB).
    journalCompactBytes: integer(
      env,
      'GRIDBOOK_JOURNAL_COMPACT_BYTES',
      64 * 1024 * 1024,
      0,
      1024 ** 4,
    ),
    allowedHosts: hostList(env),
    corsOrigins: originList(env),
    logLevel: oneOf(
      env,
      'GRIDBOOK_LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
  };
  if (config.mode === 'saas' && config.secretKey === undefined) {
    throw new ConfigError(
      'GRIDBOOK_SECRET_KEY',
      `SaaS mode needs a secret key (it signs sign-in sessions and encrypts stored keys); ${MAKE_SECRET_KEY}`,
    );
  }
  if (config.jwt.secret !== undefined && config.jwt.jwksUrl !== undefined) {
    throw new ConfigError(
      'GRIDBOOK_JWT_SECRET',
      'set GRIDBOOK_JWT_SECRET (HS256) or GRIDBOOK_JWKS_URL (RS256/ES256), not both',
    );
  }
  return Object.freeze(config);
}
