// How the Postgres store tells "another process already wrote this commit number" from any other
// failure of a journal write: the database refuses it with SQLSTATE 23505 (unique_violation),
// from workbook_commits' primary key or from the head check of migration 006. Both drivers (pg,
// PGlite) put the SQLSTATE in `code`.
import { CommitSeqTakenError } from '../persistence/index.js';

const UNIQUE_VIOLATION = '23505';
/** Migration 010's refusal of a write for a deleted workbook. */
const WORKBOOK_DELETED = 'GB404';

/** `error` as CommitSeqTakenError when the database refused a seq it already holds; else itself. */
export function seqTakenOr(workbookId: string, firstSeq: number, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== UNIQUE_VIOLATION && code !== WORKBOOK_DELETED) return error;
  return new CommitSeqTakenError(
    workbookId,
    firstSeq,
    error instanceof Error ? error.message : String(error),
    code === WORKBOOK_DELETED,
  );
}
