// Persistence: the WorkbookStore port and its file implementation (atomic state file), and
// the codecs for Gridbook JSON, GridOS `.gridos`, xlsx (exceljs) and CSV (papaparse), plus the
// export file-name rule. Over core only; never imports http, hosting or saas.
export {
  DEFAULT_WORKBOOK_ID,
  type EncodedDocument,
  type RecoveredCommits,
  type WorkbookStore,
} from './workbook-store.js';
export { DEFAULT_COMPACT_AFTER_BYTES } from './journal/file-journal.js';
export { foldTextsInWorker } from './journal/compaction.js';
export { decodeFrames, encodeFrame } from './journal/record-framing.js';
export { journalDirectory } from './journal/journal-files.js';
export {
  FileWorkbookStore,
  SAVE_FILE_NAME,
  type FileWorkbookStoreOptions,
} from './file-workbook-store.js';
export {
  CommitSeqTakenError,
  CompactionFailedError,
  CorruptSaveFileError,
  InvalidDocumentError,
  MalformedJsonError,
  XlsxWorkerError,
  JournalCorruptError,
  JournalInUseError,
  JournalStateError,
  PersistenceError,
} from './errors.js';
export {
  encodeGridbook,
  gridbookText,
  decodeGridbook,
  GRIDBOOK_DENSE_VERSION,
  GRIDBOOK_FORMAT,
  GRIDBOOK_VERSION,
  type GridbookJson,
  type ComputedValues,
} from './gridbook-json.js';
export { decodeGridos, type DecodedWorkbook } from './gridos-import.js';
export { decodeWorkbookJson, parseWorkbookText, withName } from './document-import.js';
export { decodeXlsx, encodeXlsx, XLSX_CONTENT_TYPE, type XlsxExportOptions } from './xlsx-codec.js';
export {
  xlsxWorker,
  XlsxWorkerPool,
  XLSX_WORKER_IDLE_MS,
  type JsonDecoder,
  type XlsxDecoder,
  type XlsxWorkerPoolOptions,
} from './xlsx-worker-pool.js';
export { saveFileTextHere, saveFileTextIn, type DocumentEncoder } from './save-file-text.js';
export {
  decodeCsv,
  encodeCsv,
  encodeCsvInSlices,
  csvImportOps,
  type CsvMode,
} from './csv-codec.js';
export type { CsvSource } from './csv-text.js';
export { contentDisposition, exportFileName, safeFileStem, utcStamp } from './export-filename.js';
export {
  computedValues,
  exportCsv,
  exportCsvInSlices,
  exportJson,
  exportJsonInSlices,
  saveFileInSlices,
  exportXlsx,
  exportXlsxInWorker,
  importCsvOps,
  importJsonOps,
  importXlsxOps,
} from './workbook-transfer.js';
export { finishInSlices } from './in-slices.js';
export { isShared } from './xlsx-jobs.js';
