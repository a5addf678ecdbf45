// Hosting: resolves the workbook a caller acts on. OSS: the one workbook. SaaS (later): load,
// lease, flush and access checks. Imports core, persistence and saas; never http.
export type { Caller, WorkbookHost } from './workbook-host.js';
export { OssHost } from './oss-host.js';
