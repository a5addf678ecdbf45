// The per-request logger Fastify gives each request (request.log, reply.log). Fastify's default
// makes a pino child for every request, and pino redacts the child's bindings as it makes it:
// 2–2.5 % of the server's busy time under W4's 50 connections, for a logger that at the
// default level ("info", "warn" in the benches) is only ever called at "debug" (QuietRequestLog).
// This one makes the same child, with the same bindings and redaction, on the first call at a
// level the logger writes; calls at a level it drops never make it.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogMethod = FastifyBaseLogger['info'];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** A pino logger: it can say whether it writes a level. */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

export class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly childBindings: Bindings,
    private readonly childOptions: ChildOptions,
  ) {}

  /** The pino child Fastify's default would have made, made now. */
  get #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.childBindings, this.childOptions);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  /** Whether a call at `level` would be written (pino's own question, asked of the child once made). */
  isLevelEnabled(level: string): boolean {
    return (this.#child as Partial<LevelAwareLogger> | undefined)?.isLevelEnabled !== undefined
      ? (this.#child as LevelAwareLogger).isLevelEnabled(level)
      : this.parent.isLevelEnabled(level);
  }

  set level(level: string) {
    this.#real.level = level;
  }

  /** Logs through the child only when the parent writes this level (a child made here inherits it). */
  #log(level: Level, args: Parameters<LogMethod>): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.#real[level] as (...rest: unknown[]) => void)(...args);
  }

  fatal(...args: Parameters<LogMethod>): void {
    this.#log('fatal', args);
  }
  error(...args: Parameters<LogMethod>): void {
    this.#log('error', args);
  }
  warn(...args: Parameters<LogMethod>): void {
    this.#log('warn', args);
  }
  info(...args: Parameters<LogMethod>): void {
    this.#log('info', args);
  }
  debug(...args: Parameters<LogMethod>): void {
    this.#log('debug', args);
  }
  trace(...args: Parameters<LogMethod>): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real.child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a lazy child when the route keeps the server's level (the only
 * case here) and the logger is pino's, else the child at once (a level of its own changes which
 * calls it drops).
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const levelAware = logger as Partial<LevelAwareLogger>;
  if (
    typeof levelAware.isLevelEnabled !== 'function' ||
    (options !== undefined && Object.keys(options).length > 0)
  )
    return logger.child(bindings, options);
  return new LazyRequestLogger(
    logger as LevelAwareLogger,
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
}
