// Which JSON layout a document is, and turning any of them into a validated WorkbookDocument.
import { DEFAULT_WORKBOOK_NAME, type WorkbookDocument } from '../core/index.js';
import { describeJson, isPlainObject } from './cell-json.js';
import { InvalidDocumentError, MalformedJsonError } from './errors.js';
import { decodeGridbook, isGridbookDocument } from './gridbook-json.js';
import { decodeGridos, type DecodedWorkbook } from './gridos-import.js';

/** A Gridbook export (format "gridbook") or any GridOS `.gridos` layout; nothing is applied here. */
export function decodeWorkbookJson(json: unknown, field = 'body'): DecodedWorkbook {
  if (!isPlainObject(json)) {
    throw new InvalidDocumentError(
      field,
      `expected a JSON object (a Gridbook export or a GridOS .gridos file), got ${describeJson(json)}.`,
    );
  }
  return isGridbookDocument(json) ? decodeGridbook(json) : decodeGridos(json);
}

export function parseWorkbookText(text: string, field = 'file'): DecodedWorkbook {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = (error as Error).message;
    throw new MalformedJsonError(
      field,
      `is not valid JSON (${message}).`,
      error instanceof RangeError ? 'it is nested too deeply' : message,
    );
  }
  return decodeWorkbookJson(json, field);
}

/** The document with a name: its own, else `fallback` (GridOS files may leave the name out). */
export function withName(
  decoded: DecodedWorkbook,
  fallback: string = DEFAULT_WORKBOOK_NAME,
): WorkbookDocument {
  return {
    name: decoded.name ?? fallback,
    activeSheet: decoded.activeSheet,
    sheets: decoded.sheets,
    ...(decoded.names === undefined ? {} : { names: decoded.names }),
    ...(decoded.characterSet === undefined ? {} : { characterSet: decoded.characterSet }),
  };
}
