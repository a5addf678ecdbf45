// Plugin formulas as engine functions that never block (docs/design.md §7). The engine evaluates
// synchronously, so a call is answered from the cache or, on a miss, queued for the Python host
// while the cell shows #BUSY!. Queued calls run one at a time; when results arrive, listeners are
// told which functions to recompute (hosting commits a refresh-functions op for them). Results are
// cached per (scope, function, arguments) — plugin functions are taken to be pure — until the
// plugin is loaded again or removed, or the scope's secrets change. A scope is whose secrets a call
// runs with (SaaS: the workbook owner's); results never cross scopes, since a plugin's answer may
// depend on the credentials it was called with. A run of queued calls shares one plugin-time budget, so 500 slow calls
// cost one budget, not 500 timeouts.
import {
  FormulaError,
  isFormulaError,
  isRangeArgument,
  SENTINELS,
  type CellValue,
  type CustomFunction,
  type FunctionArgument,
} from '../core/index.js';
import type { CallOutcome, PluginValue } from './python-host/protocol.js';

/** What runs a plugin formula: the Python host, or a stand-in in tests. */
export interface PluginCaller {
  /** `scope` is whose secrets the call runs with; undefined: no user (OSS). */
  call(name: string, args: readonly unknown[], scope: string | undefined): Promise<CallOutcome>;
}

export interface PluginFunctionsOptions {
  /** Plugin time one run of queued calls may use before the rest answer #TIMEOUT!. */
  readonly budgetMs: number;
  /** The most results kept; the oldest go first. */
  readonly maxCached?: number;
  /** Monotonic milliseconds (performance.now), injected. */
  readonly now?: () => number;
}

/** Which functions of which scope (undefined: unscoped calls) have new results. */
export type RefreshListener = (names: readonly string[], scope: string | undefined) => void;

interface QueuedCall {
  readonly name: string;
  readonly args: readonly unknown[];
  readonly key: string;
  readonly scope: string | undefined;
}

/** Cache keys start with the function's name, then the scope, so both can be forgotten by prefix. */
function keyPrefix(name: string, scope: string | undefined): string {
  return `${name.toUpperCase()}\u0000${JSON.stringify(scope ?? null)}\u0000`;
}

const DEFAULT_MAX_CACHED = 100_000;

/** The argument as Python receives it: a scalar, or a range as a list of row lists. */
function wireArgument(argument: FunctionArgument): unknown {
  if (isRangeArgument(argument))
    return argument.rows.map((row) =>
      row.map((cell) => (isFormulaError(cell) ? cell.sentinel : cell)),
    );
  return argument;
}

function valueOf(name: string, outcome: CallOutcome, timeoutNote: string): CellValue {
  if (outcome.ok) return cellValueOf(outcome.value);
  if (outcome.kind === 'timeout')
    return new FormulaError(SENTINELS.timeout, `${name}: ${outcome.error}${timeoutNote}`);
  return new FormulaError(SENTINELS.value, `${name}: ${outcome.error}`);
}

function cellValueOf(value: PluginValue): CellValue {
  if (typeof value === 'number' && !Number.isFinite(value))
    return new FormulaError(SENTINELS.number, 'the plugin returned a number that is not finite');
  return value;
}

export class PluginFunctions {
  readonly #caller: PluginCaller;
  readonly #budgetMs: number;
  readonly #maxCached: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, CellValue>();
  readonly #pending = new Set<string>();
  readonly #queue: QueuedCall[] = [];
  readonly #listeners = new Set<RefreshListener>();
  readonly #settleWaiters = new Set<() => void>();
  /** Functions with results not yet announced, per scope (JSON of the scope, null unscoped). */
  #arrived = new Map<string, Set<string>>();
  #draining = false;

  constructor(caller: PluginCaller, options: PluginFunctionsOptions) {
    this.#caller = caller;
    this.#budgetMs = options.budgetMs;
    this.#maxCached = options.maxCached ?? DEFAULT_MAX_CACHED;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * An engine function for each formula name (uppercase), answering from the cache or #BUSY!;
   * its calls run with the secrets of `scope`.
   */
  functionsFor(
    names: readonly string[],
    description: string,
    scope?: string | undefined,
  ): CustomFunction[] {
    return names.map((name) => ({
      name,
      minArgs: 0,
      maxArgs: Infinity,
      description,
      evaluate: (args) => this.#evaluate(name, args, scope),
    }));
  }

  /** Told which functions to recompute once their results arrive (and at once, of any not yet told). */
  onResults(listener: RefreshListener): () => void {
    this.#listeners.add(listener);
    if (this.#arrived.size > 0) queueMicrotask(() => this.#announce());
    return () => this.#listeners.delete(listener);
  }

  /**
   * Forgets the results of these functions: of every scope (their plugin was loaded again or
   * removed), or of one scope (its secrets changed).
   */
  forget(names: readonly string[], scope?: string): void {
    const prefixes = names.map((name) =>
      scope === undefined ? `${name.toUpperCase()}\u0000` : keyPrefix(name, scope),
    );
    for (const key of [...this.#cache.keys()])
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.#cache.delete(key);
  }

  /** Whether calls are queued or running. */
  get busy(): boolean {
    return this.#queue.length > 0 || this.#draining;
  }

  /** Resolves once no call is queued or running, or after `ms`, whichever is first. */
  settle(ms: number): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#settleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.#settleWaiters.add(done);
    });
  }

  #evaluate(name: string, args: readonly FunctionArgument[], scope: string | undefined): CellValue {
    // As in Excel, an error in an argument is the answer; Python never sees it.
    const failed = args.find(isFormulaError);
    if (failed !== undefined) return failed;
    const wire = args.map(wireArgument);
    const key = `${keyPrefix(name, scope)}${JSON.stringify(wire)}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    if (!this.#pending.has(key)) {
      this.#pending.add(key);
      this.#queue.push({ name, args: wire, key, scope });
      if (!this.#draining) void this.#drain();
    }
    return new FormulaError(SENTINELS.busy, `${name} is computing`);
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    const started = this.#now();
    try {
      for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) {
        const spent = this.#now() - started;
        const value =
          spent >= this.#budgetMs
            ? new FormulaError(
                SENTINELS.timeout,
                `${next.name}: not run, the plugin-time budget of ${this.#budgetMs} ms was spent by the calls before it`,
              )
            : valueOf(next.name, await this.#caller.call(next.name, next.args, next.scope), '');
        this.#remember(next, value);
      }
    } finally {
      this.#draining = false;
      this.#announce();
      for (const wake of [...this.#settleWaiters]) wake();
    }
  }

  #remember(call: QueuedCall, value: CellValue): void {
    this.#pending.delete(call.key);
    this.#cache.set(call.key, value);
    if (this.#cache.size > this.#maxCached)
      this.#cache.delete(this.#cache.keys().next().value as string);
    const scope = JSON.stringify(call.scope ?? null);
    const names = this.#arrived.get(scope) ?? new Set<string>();
    names.add(call.name);
    this.#arrived.set(scope, names);
  }

  #announce(): void {
    if (this.#arrived.size === 0 || this.#listeners.size === 0) return;
    const arrived = this.#arrived;
    this.#arrived = new Map();
    for (const [scope, names] of arrived) {
      const parsed = JSON.parse(scope) as string | null;
      for (const listener of this.#listeners) listener([...names], parsed ?? undefined);
    }
  }
}
