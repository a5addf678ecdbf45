// Persistence's domain errors. Statuses live in http/errors.ts; messages name the field (a
// path into the document) and say how to fix it.

export abstract class PersistenceError extends Error {
  override readonly name: string = this.constructor.name;
}

/** An import payload (JSON, GridOS, xlsx, CSV) that cannot become a workbook; nothing was changed. */
export class InvalidDocumentError extends PersistenceError {
  constructor(readonly field: string, problem: string) {
    super(`${field}: ${problem}`);
  }
}

/** The save file exists but cannot be read back; the workbook in memory was left as it was. */
export class CorruptSaveFileError extends PersistenceError {
  constructor(readonly file: string, readonly reason: string) {
    super(`The save file ${file} could not be read (${reason}); the workbook in memory was not changed.`);
  }
}
