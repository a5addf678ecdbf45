// What hosting needs from durable storage to make commits survive a restart: the journal half of
// persistence's WorkbookStore port (the file journal in OSS, Postgres in SaaS).
import type { RecoveredCommits, WorkbookStore } from '../persistence/index.js';

export type CommitJournal = Pick<WorkbookStore, 'recover' | 'append' | 'writeSnapshot'>;
export type RecoveredJournal = RecoveredCommits;
