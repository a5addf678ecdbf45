// SaaS mode: many workbooks per user in the database. For each request it resolves the workbook
// (X-Workbook-Id / ?workbook_id=, else the caller's default one, created on first use), checks
// that the caller may act on it (owner or editor; anything else is WorkbookNotFoundError, the
// same as a workbook that does not exist), and gives out its handle: loaded from the store on
// first use, kept in memory while used, and evicted when idle once the workbooks in memory
// exceed their byte budget (least recently used first), to load again on the next request.
// This is the only place that decides access. A workbook's plugin functions run with its owner's
// plugin secrets (whoever calls), and plugin results and secret changes reach the loaded
// workbooks of that owner as commits of their own. With a CommitFollower, several processes may
// serve one database: each announces its commits and applies the others' to its copies, and a
// copy whose commit the database refused as already taken is dropped and loaded again.
import type { ApplyMeta, CommitRecord, Workbook, WorkbookOptions } from '../core/index.js';
import { WorkbookNotFoundError, type WorkbookDirectory } from '../saas/index.js';
import type { CommitJournal } from './commit-journal.js';
import { catchUp, type CommitFollower } from './commit-follower.js';
import { refreshCommit, type ScopedFunctions } from './plugin-refresh.js';
import type { FeedLimits } from './commit-feed.js';
import { JournaledWorkbook } from './journaled-workbook.js';
import { recoverWorkbook } from './recover-workbook.js';
import type { Caller, WorkbookHost } from './workbook-host.js';

/** A rough size of a workbook in memory per cell (inputs, versions, the engine's cell). */
const BYTES_PER_CELL = 400;

export interface SaasHostOptions {
  readonly directory: Pick<WorkbookDirectory, 'roleOf' | 'defaultFor' | 'touch' | 'ownerOf'>;
  readonly journal: CommitJournal;
  /** Engine options of every workbook (its plugin functions come from `plugins`). */
  readonly workbookOptions?: WorkbookOptions;
  /** The plugins the workbooks' formulas may call; omitted, none. */
  readonly plugins?: ScopedFunctions;
  readonly now?: () => Date;
  readonly feedLimits?: FeedLimits;
  /** Estimated bytes the workbooks in memory may take before idle ones are evicted. */
  readonly memoryBudgetBytes: number;
  /** How long a workbook must go unused before it may be evicted (a request in flight keeps it). */
  readonly minIdleMs?: number;
  /** How often at most `updated_at` is written per workbook while it changes (default 10 s). */
  readonly touchIntervalMs?: number;
  readonly report?: (problem: string, error: unknown) => void;
  /** Keeps loaded copies current with other processes' commits; omitted, this process is alone. */
  readonly follower?: CommitFollower;
}

interface Loaded {
  readonly handle: JournaledWorkbook;
  readonly workbook: Workbook;
  /** The owner: whose plugin secrets its formulas use. */
  readonly owner: string;
  lastUsed: number;
  /** Requests holding it now (Caller.hold): never evicted while above 0. */
  inUse: number;
  /** The last time `updated_at` was written for a commit (at most every touch interval). */
  touched: number;
  /** A write of `updated_at` waiting for the interval to pass, for commits made meanwhile. */
  touchLater: ReturnType<typeof setTimeout> | undefined;
  /** Dropped from memory while requests still held it: disposed when the last lets go. */
  retired: boolean;
  /** The catch-up with other processes' commits in progress (one at a time). */
  catching: Promise<void>;
  /** Set while applying another process's commits, which are not announced again. */
  adopting: boolean;
}

export class SaasHost implements WorkbookHost {
  readonly #options: SaasHostOptions;
  readonly #now: () => Date;
  /** Loaded workbooks in least-recently-used order (Map keeps insertion order). */
  readonly #loaded = new Map<string, Loaded>();
  readonly #loading = new Map<string, Promise<Loaded>>();
  /** Workbooks being deleted: they load for no one meanwhile. */
  readonly #deleting = new Set<string>();

  constructor(options: SaasHostOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    options.plugins?.onChange((change) => {
      for (const loaded of this.#loaded.values()) {
        if (change.scope !== undefined && change.scope !== loaded.owner) continue;
        refreshCommit(loaded.handle, change).catch((error: unknown) =>
          this.#options.report?.('plugin results could not be shown', error),
        );
      }
    });
    options.follower?.follow({
      heard: (workbookId, seq) => this.#heard(workbookId, seq),
      connected: () => void this.#checkHeads([...this.#loaded.keys()]),
    });
  }

  async handleFor(caller: Caller): Promise<JournaledWorkbook> {
    const userId = caller.userId;
    if (userId === undefined) throw new WorkbookNotFoundError();
    let workbookId = caller.workbookId;
    if (workbookId === undefined) {
      // The caller's default workbook is theirs by definition: no access check to make.
      workbookId = await this.#options.directory.defaultFor(userId);
    } else {
      const role = await this.#options.directory.roleOf(userId, workbookId);
      if (role === undefined) throw new WorkbookNotFoundError();
    }
    let loaded = await this.#load(workbookId, caller.hold !== undefined);
    if (this.#options.follower?.listening === false) {
      // Announcements may be missed now: ask the database how far the workbook has gone.
      await this.#checkHeads([workbookId]);
      const current = this.#loaded.get(workbookId);
      if (current !== loaded) {
        this.#release(loaded, caller.hold !== undefined);
        loaded = await this.#load(workbookId, caller.hold !== undefined);
      }
    }
    const held = loaded;
    caller.hold?.(() => this.#release(held, true));
    return loaded.handle;
  }

  /**
   * Names a workbook just created (POST /workbooks with a title): a `rename-workbook` commit,
   * journaled and seen like any other, but not an undo step: the workbook starts with that name as
   * another starts with the default one, so an undo in the page does not take its name away.
   * No one else can hold the workbook yet (its id is not given out before this returns).
   */
  async nameNew(workbookId: string, name: string, meta: ApplyMeta): Promise<void> {
    const loaded = await this.#load(workbookId, false);
    if (loaded.workbook.name === name) return;
    await loaded.handle.commit([{ type: 'rename-workbook', name }], meta);
    loaded.workbook.clearHistory();
  }

  /** Whether the workbook is in memory now (tests, metrics). */
  isLoaded(workbookId: string): boolean {
    return this.#loaded.has(workbookId);
  }

  /**
   * Deletes a workbook: its copy refuses changes (WorkbookNotFoundError) and none loads again
   * meanwhile, the changes already made are stored, and only then `removeRows` deletes it from
   * the database; so no write lands after its rows are gone, or is answered as a conflict.
   */
  async delete(workbookId: string, removeRows: () => Promise<void>): Promise<void> {
    this.#deleting.add(workbookId);
    try {
      const loaded =
        this.#loaded.get(workbookId) ??
        (await this.#loading.get(workbookId)?.catch(() => undefined));
      if (loaded !== undefined) {
        loaded.handle.close(new WorkbookNotFoundError());
        this.#retire(workbookId, loaded);
        await loaded.handle.settled();
      }
      await removeRows();
    } finally {
      this.#deleting.delete(workbookId);
    }
  }

  #release(loaded: Loaded, held: boolean): void {
    if (held) loaded.inUse -= 1;
    loaded.lastUsed = this.#now().getTime();
    if (loaded.retired && loaded.inUse === 0) this.#dispose(loaded);
  }

  /** Drops an out-of-date copy: the next request loads the workbook from the database again. */
  #retire(workbookId: string, loaded: Loaded): void {
    if (loaded.retired) return;
    loaded.retired = true;
    if (this.#loaded.get(workbookId) === loaded) this.#loaded.delete(workbookId);
    if (loaded.inUse === 0) this.#dispose(loaded);
  }

  #dispose(loaded: Loaded): void {
    if (loaded.touchLater !== undefined) this.#touch(loaded);
    void loaded.handle.settled().then(() => loaded.workbook.dispose());
  }

  /** Another process stored commit `seq` of the workbook. */
  #heard(workbookId: string, seq: number): void {
    const loaded = this.#loaded.get(workbookId);
    if (loaded !== undefined) {
      void this.#follow(workbookId, loaded, seq);
      return;
    }
    // Its load may have read the journal before this commit.
    void this.#loading
      .get(workbookId)
      ?.then((opened) => this.#follow(workbookId, opened, seq))
      .catch(() => undefined);
  }

  async #checkHeads(workbookIds: readonly string[]): Promise<void> {
    const follower = this.#options.follower;
    if (follower === undefined || workbookIds.length === 0) return;
    try {
      const heads = await follower.heads(workbookIds);
      const behind: Promise<void>[] = [];
      for (const [workbookId, head] of heads) {
        const loaded = this.#loaded.get(workbookId);
        if (loaded !== undefined) behind.push(this.#follow(workbookId, loaded, head));
      }
      await Promise.all(behind);
    } catch (error) {
      this.#options.report?.('checking workbooks against the database failed', error);
    }
  }

  /** Brings the copy up to `head`, one catch-up at a time; a copy that cannot follow is retired. */
  #follow(workbookId: string, loaded: Loaded, head: number): Promise<void> {
    const follower = this.#options.follower;
    if (follower === undefined || loaded.retired || loaded.handle.seq >= head)
      return loaded.catching;
    loaded.catching = loaded.catching.then(async () => {
      // Retired, evicted or forgotten meanwhile: a later load reads the database anyway.
      if (loaded.retired || this.#loaded.get(workbookId) !== loaded) return;
      const adopt = (records: readonly CommitRecord[]): boolean => {
        loaded.adopting = true;
        try {
          return loaded.handle.adopt(records);
        } finally {
          loaded.adopting = false;
        }
      };
      try {
        if (!(await catchUp(loaded.handle, head, follower, adopt)))
          this.#retire(workbookId, loaded);
      } catch (error) {
        this.#options.report?.('catching up with another process failed; reloading', error);
        this.#retire(workbookId, loaded);
      }
    });
    return loaded.catching;
  }

  /** Evicts idle workbooks until the estimate fits the budget; resolves with those evicted. */
  async evictIdle(): Promise<string[]> {
    const evicted: string[] = [];
    const now = this.#now().getTime();
    const minIdle = this.#options.minIdleMs ?? 60_000;
    let total = 0;
    for (const loaded of this.#loaded.values()) total += estimatedBytes(loaded.workbook);
    for (const [id, loaded] of this.#loaded) {
      if (total <= this.#options.memoryBudgetBytes) break;
      if (loaded.inUse > 0 || now - loaded.lastUsed < minIdle) continue;
      this.#loaded.delete(id);
      total -= estimatedBytes(loaded.workbook);
      await loaded.handle.settled();
      if (loaded.touchLater !== undefined) this.#touch(loaded);
      loaded.workbook.dispose();
      evicted.push(id);
    }
    return evicted;
  }

  /** The loaded workbook, opened first if need be; `hold` counts a request using it (released by it). */
  async #load(workbookId: string, hold: boolean): Promise<Loaded> {
    if (this.#deleting.has(workbookId)) throw new WorkbookNotFoundError();
    const loaded = this.#loaded.get(workbookId);
    if (loaded !== undefined) {
      loaded.lastUsed = this.#now().getTime();
      if (hold) loaded.inUse += 1;
      // Most recently used goes last.
      this.#loaded.delete(workbookId);
      this.#loaded.set(workbookId, loaded);
      return loaded;
    }
    let loading = this.#loading.get(workbookId);
    if (loading === undefined) {
      loading = this.#open(workbookId).finally(() => this.#loading.delete(workbookId));
      this.#loading.set(workbookId, loading);
    }
    const opened = await loading;
    if (this.#deleting.has(workbookId)) throw new WorkbookNotFoundError();
    // Marked used once it is open (an open slower than the idle time must not evict it at once).
    opened.lastUsed = this.#now().getTime();
    if (hold) opened.inUse += 1;
    void this.evictIdle().catch((error: unknown) =>
      this.#options.report?.('evicting idle workbooks failed', error),
    );
    return opened;
  }

  async #open(workbookId: string): Promise<Loaded> {
    const owner = await this.#options.directory.ownerOf(workbookId);
    if (owner === undefined) throw new WorkbookNotFoundError();
    const recovered = await this.#options.journal.recover(workbookId);
    for (const note of recovered.notes)
      this.#options.report?.(`journal recovery: ${note}`, undefined);
    const plugins = this.#options.plugins;
    const { workbook, seq } = recoverWorkbook(workbookId, recovered, {
      ...this.#options.workbookOptions,
      ...(plugins === undefined ? {} : { functionSource: () => plugins.functions(owner) }),
    });
    const handle = new JournaledWorkbook({
      id: workbookId,
      workbook,
      journal: this.#options.journal,
      seq,
      now: this.#now,
      ...(this.#options.feedLimits === undefined ? {} : { feedLimits: this.#options.feedLimits }),
      ...(this.#options.report === undefined ? {} : { report: this.#options.report }),
      onStale: () => this.#retire(workbookId, loaded),
    });
    const loaded: Loaded = {
      handle,
      workbook,
      owner,
      lastUsed: this.#now().getTime(),
      inUse: 0,
      touched: 0,
      touchLater: undefined,
      retired: false,
      catching: Promise.resolve(),
      adopting: false,
    };
    const follower = this.#options.follower;
    if (follower !== undefined)
      handle.subscribe(seq, (commit) => {
        if (!loaded.adopting) follower.announce(workbookId, commit.seq);
      });
    handle.subscribe(seq, () => this.#changed(loaded));
    this.#loaded.set(workbookId, loaded);
    return loaded;
  }

  /**
   * The list shows when a workbook last changed: `updated_at` is written at most once a touch
   * interval per workbook, and a commit inside the interval is written when it ends, so the
   * last change always shows (a burst of writes costs one database write an interval).
   */
  #changed(loaded: Loaded): void {
    if (loaded.touchLater !== undefined) return;
    const interval = this.#options.touchIntervalMs ?? 10_000;
    const wait = loaded.touched + interval - this.#now().getTime();
    if (wait <= 0) {
      this.#touch(loaded);
      return;
    }
    loaded.touchLater = setTimeout(() => this.#touch(loaded), wait);
    loaded.touchLater.unref();
  }

  #touch(loaded: Loaded): void {
    clearTimeout(loaded.touchLater);
    loaded.touchLater = undefined;
    loaded.touched = this.#now().getTime();
    void this.#options.directory
      .touch(loaded.handle.id)
      .catch((error: unknown) => this.#options.report?.('updating updated_at failed', error));
  }
}

function estimatedBytes(workbook: Workbook): number {
  let cells = 0;
  for (const name of workbook.sheetNames) cells += workbook.sheet(name).cellCount;
  return 64 * 1024 + cells * BYTES_PER_CELL;
}
