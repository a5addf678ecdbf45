// Files on disk: the one crash-safe, private writer and the file-system seam tests fail.
// Node built-ins are fine here (rank 0 beside core, which may not use them).
export {
  nodeFileSystem,
  readFileIfPresent,
  removeStaleTempFiles,
  syncDirectory,
  tempFilePrefix,
  writeFileAtomically,
  type FileSystem,
} from './atomic-write.js';
export { takeProcessLock, type ProcessLock } from './process-lock.js';
