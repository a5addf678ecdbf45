// Collaborators (spec §3, §4): the owner invites by email; an existing account gets an active
// grant at once, any other email a pending invite, promoted in the transaction that creates the
// account (built-in sign-up or an identity provider's first request). Owner only: an editor gets
// OwnerOnlyError (403), anyone else WorkbookNotFoundError (404).
import { randomUUID } from 'node:crypto';
import { normalEmail, validEmail, type User } from './auth/index.js';
import type { Database, Queryable } from './db/index.js';
import { DEFAULT_WORKBOOK_TITLE, type WorkbookDirectory } from './workbooks.js';

/** 400: an invitation that cannot be made; the message says why. */
export class InvalidInviteError extends Error {
  override readonly name = 'InvalidInviteError';
}

export type CollaboratorEntry =
  | {
      readonly kind: 'active';
      readonly userId: string;
      readonly email: string;
      readonly role: string;
      readonly invitedAt?: Date;
      readonly acceptedAt?: Date | undefined;
    }
  | {
      readonly kind: 'pending';
      readonly id: string;
      readonly email: string;
      readonly role: string;
      readonly invitedAt?: Date;
    };

export interface SharedWorkbook {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: Date;
  readonly ownerEmail: string | undefined;
  readonly role: string;
}

export class Collaborators {
  readonly #database: Database;
  readonly #directory: WorkbookDirectory;

  constructor(database: Database, directory: WorkbookDirectory) {
    this.#database = database;
    this.#directory = directory;
  }

  async invite(
    ownerId: string,
    workbookId: string,
    rawEmail: string,
    role: string,
  ): Promise<CollaboratorEntry> {
    await this.#directory.requireOwner(ownerId, workbookId, 'manage its collaborators');
    if (role !== 'editor')
      throw new InvalidInviteError(`role: only "editor" is accepted, got "${role}".`);
    let email: string;
    try {
      email = validEmail(rawEmail);
    } catch {
      throw new InvalidInviteError('email: is not an email address like name@example.com.');
    }
    return this.#database.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'SELECT id FROM users WHERE lower(email) = $1',
        [email],
      );
      const invitee = rows[0];
      if (invitee?.id === ownerId) throw new InvalidInviteError('Cannot invite yourself.');
      if (invitee !== undefined) {
        await tx.query(
          `INSERT INTO workbook_collaborators (workbook_id, user_id, role, invited_by)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (workbook_id, user_id) DO UPDATE SET role = excluded.role, invited_by = excluded.invited_by`,
          [workbookId, invitee.id, role, ownerId],
        );
        return { kind: 'active' as const, userId: invitee.id, email, role };
      }
      const invite = await tx.query<{ id: string }>(
        `INSERT INTO pending_invites (id, workbook_id, email, role, invited_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (workbook_id, email) DO UPDATE
           SET role = excluded.role, invited_by = excluded.invited_by, accepted_at = NULL
         RETURNING id`,
        [randomUUID(), workbookId, email, role, ownerId],
      );
      return { kind: 'pending' as const, id: invite.rows[0]!.id, email, role };
    });
  }

  async list(ownerId: string, workbookId: string): Promise<CollaboratorEntry[]> {
    await this.#directory.requireOwner(ownerId, workbookId, 'manage its collaborators');
    const active = await this.#database.query<{
      user_id: string;
      email: string | null;
      role: string;
      invited_at: Date;
      accepted_at: Date | null;
    }>(
      `SELECT c.user_id, u.email, c.role, c.invited_at, c.accepted_at
       FROM workbook_collaborators c JOIN users u ON u.id = c.user_id
       WHERE c.workbook_id = $1 ORDER BY c.invited_at, c.user_id`,
      [workbookId],
    );
    const pending = await this.#database.query<{
      id: string;
      email: string;
      role: string;
      invited_at: Date;
    }>(
      `SELECT id, email, role, invited_at FROM pending_invites
       WHERE workbook_id = $1 AND accepted_at IS NULL ORDER BY invited_at, id`,
      [workbookId],
    );
    return [
      ...active.rows.map((row) => ({
        kind: 'active' as const,
        userId: row.user_id,
        email: row.email ?? '',
        role: row.role,
        invitedAt: new Date(row.invited_at),
        acceptedAt: row.accepted_at === null ? undefined : new Date(row.accepted_at),
      })),
      ...pending.rows.map((row) => ({
        kind: 'pending' as const,
        id: row.id,
        email: row.email,
        role: row.role,
        invitedAt: new Date(row.invited_at),
      })),
    ];
  }

  /** Removes an active collaborator (a no-op when not one); the owner cannot remove themselves. */
  async revokeActive(ownerId: string, workbookId: string, userId: string): Promise<void> {
    await this.#directory.requireOwner(ownerId, workbookId, 'manage its collaborators');
    if (userId === ownerId) throw new InvalidInviteError('The owner cannot be removed.');
    // Forgotten before and after: a role read while the row is being deleted is not kept.
    this.#directory.forgetAccess(workbookId, userId);
    await this.#database.query(
      'DELETE FROM workbook_collaborators WHERE workbook_id = $1 AND user_id = $2',
      [workbookId, userId],
    );
    this.#directory.forgetAccess(workbookId, userId);
  }

  async revokePending(ownerId: string, workbookId: string, inviteId: string): Promise<void> {
    await this.#directory.requireOwner(ownerId, workbookId, 'manage its collaborators');
    await this.#database.query('DELETE FROM pending_invites WHERE workbook_id = $1 AND id = $2', [
      workbookId,
      inviteId,
    ]);
  }

  /** Workbooks shared with the user (not their own even with a grant), newest change first. */
  async sharedWith(userId: string): Promise<SharedWorkbook[]> {
    const { rows } = await this.#database.query<{
      id: string;
      title: string | null;
      updated_at: Date;
      owner_email: string | null;
      role: string;
    }>(
      `SELECT w.id, w.title, w.updated_at, o.email AS owner_email, c.role
       FROM workbook_collaborators c
       JOIN workbooks w ON w.id = c.workbook_id
       JOIN users o ON o.id = w.owner_id
       WHERE c.user_id = $1 AND w.owner_id <> $1
       ORDER BY w.updated_at DESC, w.id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title ?? DEFAULT_WORKBOOK_TITLE,
      updatedAt: new Date(row.updated_at),
      ownerEmail: row.owner_email ?? undefined,
      role: row.role,
    }));
  }

  /** Turns the pending invites for a new user's email into grants (in their creation transaction). */
  static async promote(tx: Queryable, user: User): Promise<void> {
    if (user.email === undefined) return;
    const email = normalEmail(user.email);
    await tx.query(
      `INSERT INTO workbook_collaborators (workbook_id, user_id, role, invited_by, invited_at, accepted_at)
       SELECT p.workbook_id, $1, p.role, p.invited_by, p.invited_at, now()
       FROM pending_invites p JOIN workbooks w ON w.id = p.workbook_id
       WHERE p.email = $2 AND p.accepted_at IS NULL AND w.owner_id <> $1
       ON CONFLICT (workbook_id, user_id) DO NOTHING`,
      [user.id, email],
    );
    await tx.query(
      'UPDATE pending_invites SET accepted_at = now() WHERE email = $1 AND accepted_at IS NULL',
      [email],
    );
  }
}
