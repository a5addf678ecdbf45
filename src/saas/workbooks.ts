// The workbooks table: who owns which workbook, its title, and each user's default workbook.
// Access is decided by hosting through `roleOf`; a workbook the caller cannot access is reported
// exactly as one that does not exist.
import { randomUUID } from 'node:crypto';
import { DEFAULT_WORKBOOK_NAME, MAX_WORKBOOK_NAME } from '../core/index.js';
import type { Database } from './db/index.js';
import { PostgresWorkbookStore } from './postgres-workbook-store.js';
import { ACCESS_CACHE_TTL_MS, RevocableCache } from './revocable-cache.js';

export type WorkbookRole = 'owner' | 'editor';

export interface WorkbookSummary {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: Date;
  readonly role: WorkbookRole;
}

/** A new workbook's title: the name a new workbook document has. */
export const DEFAULT_WORKBOOK_TITLE = DEFAULT_WORKBOOK_NAME;

/** 404: no workbook with this id that the caller may see (missing and forbidden look alike). */
export class WorkbookNotFoundError extends Error {
  override readonly name = 'WorkbookNotFoundError';
  constructor() {
    super('Workbook not found.');
  }
}

/** 403: the caller may edit the workbook but this needs its owner. */
export class OwnerOnlyError extends Error {
  override readonly name = 'OwnerOnlyError';
  constructor(action: string) {
    super(`Only the workbook's owner can ${action}.`);
  }
}

/**
 * 400: a title that is empty or too long. The title is the workbook document's name, so its
 * limits are the name's (core's `validateWorkbookName`): whatever one accepts the other does.
 */
export class InvalidTitleError extends Error {
  override readonly name = 'InvalidTitleError';
  constructor(field = 'title') {
    super(`${field}: must be 1 to ${MAX_WORKBOOK_NAME} characters (not only spaces).`);
  }
}

interface WorkbookRow {
  id: string;
  title: string;
  updated_at: Date;
  role: WorkbookRole;
}

const summary = (row: WorkbookRow): WorkbookSummary => ({
  id: row.id,
  title: row.title,
  updatedAt: new Date(row.updated_at),
  role: row.role,
});

/** The title trimmed, or InvalidTitleError naming `field`; the same rules as a workbook name. */
export function validTitle(raw: string | undefined, field = 'title'): string {
  const title = (raw ?? DEFAULT_WORKBOOK_TITLE).trim();
  if (title === '' || title.length > MAX_WORKBOOK_NAME) throw new InvalidTitleError(field);
  return title;
}

export class WorkbookDirectory {
  readonly #database: Database;
  /** `workbookId \0 userId` → the role the database gave (grants only). */
  readonly #roles = new RevocableCache<WorkbookRole>({
    maxEntries: 100_000,
    ttlMs: ACCESS_CACHE_TTL_MS,
  });

  constructor(database: Database) {
    this.#database = database;
  }

  /** The caller's role on the workbook, or undefined when it may not see it (or it does not exist). */
  async roleOf(userId: string, workbookId: string): Promise<WorkbookRole | undefined> {
    const key = `${workbookId}\0${userId}`;
    const cached = this.#roles.get(key);
    if (cached !== undefined) return cached;
    const generation = this.#roles.generation;
    const role = await this.#roleInDatabase(userId, workbookId);
    if (role !== undefined) this.#roles.set(key, role, generation);
    return role;
  }

  /** Revoked access: the next roleOf of these asks the database (a collaborator, or everyone on a workbook). */
  forgetAccess(workbookId: string, userId?: string): void {
    const prefix = `${workbookId}\0`;
    this.#roles.forget((key) =>
      userId === undefined ? key.startsWith(prefix) : key === `${prefix}${userId}`,
    );
  }

  async #roleInDatabase(userId: string, workbookId: string): Promise<WorkbookRole | undefined> {
    // One query on every request: the owner and the caller's grant together.
    const { rows } = await this.#database.query<{ owner_id: string; role: string | null }>(
      `SELECT w.owner_id, c.role FROM workbooks w
       LEFT JOIN workbook_collaborators c ON c.workbook_id = w.id AND c.user_id = $2
       WHERE w.id = $1`,
      [workbookId, userId],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    if (row.owner_id === userId) return 'owner';
    return row.role === 'editor' ? 'editor' : undefined;
  }

  /** Who owns the workbook (whose plugin secrets its formulas use); undefined when it does not exist. */
  async ownerOf(workbookId: string): Promise<string | undefined> {
    const { rows } = await this.#database.query<{ owner_id: string }>(
      'SELECT owner_id FROM workbooks WHERE id = $1',
      [workbookId],
    );
    return rows[0]?.owner_id;
  }

  /** The user's default workbook id, created on first use. */
  async defaultFor(userId: string): Promise<string> {
    const existing = await this.#database.query<{ id: string }>(
      'SELECT id FROM workbooks WHERE owner_id = $1 AND is_default',
      [userId],
    );
    if (existing.rows[0] !== undefined) return existing.rows[0].id;
    await this.#database.query(
      `INSERT INTO workbooks (id, owner_id, title, is_default) VALUES ($1, $2, $3, true)
       ON CONFLICT (owner_id) WHERE is_default DO NOTHING`,
      [randomUUID(), userId, DEFAULT_WORKBOOK_TITLE],
    );
    const created = await this.#database.query<{ id: string }>(
      'SELECT id FROM workbooks WHERE owner_id = $1 AND is_default',
      [userId],
    );
    return created.rows[0]!.id;
  }

  /** The workbooks the user owns, most recently changed first. */
  async list(userId: string): Promise<WorkbookSummary[]> {
    const { rows } = await this.#database.query<WorkbookRow>(
      `SELECT id, title, updated_at, 'owner' AS role FROM workbooks WHERE owner_id = $1
       ORDER BY updated_at DESC, id`,
      [userId],
    );
    return rows.map(summary);
  }

  /**
   * Creates a workbook titled `title`; `nameDocument` then gives the new workbook document that
   * name (hosting commits it), so the page opens on the name the list shows.
   */
  async create(
    userId: string,
    title: string | undefined,
    nameDocument?: (workbookId: string, name: string) => Promise<void>,
  ): Promise<WorkbookSummary> {
    const valid = validTitle(title);
    const { rows } = await this.#database.query<WorkbookRow>(
      `INSERT INTO workbooks (id, owner_id, title) VALUES ($1, $2, $3)
       RETURNING id, title, updated_at, 'owner' AS role`,
      [randomUUID(), userId, valid],
    );
    const created = summary(rows[0]!);
    await nameDocument?.(created.id, valid);
    return created;
  }

  /**
   * Retitles the workbook (owner only). The title is checked before anything changes; then
   * `renameDocument` renames the workbook document to it (hosting commits it), then the row.
   */
  async rename(
    userId: string,
    workbookId: string,
    title: string,
    renameDocument?: (name: string) => Promise<void>,
  ): Promise<WorkbookSummary> {
    await this.requireOwner(userId, workbookId, 'rename it');
    const valid = validTitle(title);
    await renameDocument?.(valid);
    const { rows } = await this.#database.query<WorkbookRow>(
      `UPDATE workbooks SET title = $2, updated_at = now() WHERE id = $1
       RETURNING id, title, updated_at, 'owner' AS role`,
      [workbookId, valid],
    );
    // Deleted meanwhile: as any workbook that is not there.
    if (rows[0] === undefined) throw new WorkbookNotFoundError();
    return summary(rows[0]);
  }

  /**
   * Sets the title to the workbook document's new name, for whoever may change the workbook
   * (hosting checked the caller is its owner or an editor): the title is the workbook's name.
   */
  async setTitle(workbookId: string, title: string): Promise<void> {
    await this.#database.query(
      'UPDATE workbooks SET title = $2, updated_at = now() WHERE id = $1',
      [workbookId, validTitle(title)],
    );
  }

  /** Deletes the workbook and everything stored for it, in one transaction. */
  async delete(userId: string, workbookId: string): Promise<void> {
    await this.requireOwner(userId, workbookId, 'delete it');
    this.forgetAccess(workbookId);
    await this.#database.transaction(async (tx) => {
      await tx.query('DELETE FROM workbooks WHERE id = $1', [workbookId]);
      // Another process's copy cannot store a first commit for it again (migration 010).
      await tx.query(
        'INSERT INTO deleted_workbooks (workbook_id) VALUES ($1) ON CONFLICT DO NOTHING',
        [workbookId],
      );
      await PostgresWorkbookStore.deleteAll(tx, workbookId);
    });
    this.forgetAccess(workbookId);
  }

  /** Marks the workbook changed now (the list's order and `updated_at`). */
  async touch(workbookId: string): Promise<void> {
    await this.#database.query('UPDATE workbooks SET updated_at = now() WHERE id = $1', [
      workbookId,
    ]);
  }

  async requireOwner(userId: string, workbookId: string, action: string): Promise<void> {
    const role = await this.roleOf(userId, workbookId);
    if (role === undefined) throw new WorkbookNotFoundError();
    if (role !== 'owner') throw new OwnerOnlyError(action);
  }
}
