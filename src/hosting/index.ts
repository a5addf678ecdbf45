// Hosting: resolves the workbook a caller acts on and gives out its handle, the one path for
// every change (numbered, durable before acknowledged, fed to subscribers). OSS: the one
// workbook, restored from its journal. SaaS (later): load, lease, flush and access checks.
// Imports core, persistence and saas; never http.
export type { Caller, WorkbookHost } from './workbook-host.js';
export type { CommitJournal, RecoveredJournal } from './commit-journal.js';
export { catchUp, type CommitFollower } from './commit-follower.js';
export { DEFAULT_FEED_LIMITS, type FeedLimits } from './commit-feed.js';
export {
  CommitsUnavailableError,
  HostingError,
  JournalReplayError,
  StorageUnavailableError,
  WorkbookChangedElsewhereError,
  WorkbookDeletedElsewhereError,
} from './errors.js';
export {
  JournaledWorkbook,
  type Commit,
  type JournaledWorkbookOptions,
} from './journaled-workbook.js';
export { OssHost, OSS_WORKBOOK_ID, type OssHostOptions } from './oss-host.js';
export { recoverWorkbook } from './recover-workbook.js';
export {
  followPluginChanges,
  PLUGIN_ACTOR,
  type FunctionChanges,
  type ScopedFunctions,
} from './plugin-refresh.js';
export { SaasHost, type SaasHostOptions } from './saas-host.js';
