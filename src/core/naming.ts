// Rules for workbook and sheet names, shared by every op and importer.
import { InvalidNameError } from './errors.js';

export const MAX_WORKBOOK_NAME = 120;
export const MAX_SHEET_NAME = 100;
export const DEFAULT_WORKBOOK_NAME = 'Untitled workbook';

export function validateWorkbookName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') throw new InvalidNameError(field, 'the workbook name cannot be empty.');
  if (name.length > MAX_WORKBOOK_NAME) {
    throw new InvalidNameError(
      field,
      `the workbook name is ${name.length} characters; the limit is ${MAX_WORKBOOK_NAME}.`,
    );
  }
  return name;
}

/** Excel's rules, with a longer limit: no []:*?/\, no leading or trailing apostrophe. */
export function validateSheetName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') throw new InvalidNameError(field, 'the sheet name cannot be empty.');
  if (name.length > MAX_SHEET_NAME) {
    throw new InvalidNameError(
      field,
      `the sheet name is ${name.length} characters; the limit is ${MAX_SHEET_NAME}.`,
    );
  }
  if (/[[\]:*?/\\\u0000-\u001f]/.test(name)) {
    throw new InvalidNameError(
      field,
      `"${name}" contains a character sheet names cannot hold ([ ] : * ? / \\ or a control character).`,
    );
  }
  if (name.startsWith("'") || name.endsWith("'")) {
    throw new InvalidNameError(field, 'a sheet name cannot start or end with an apostrophe.');
  }
  return name;
}

export function sameSheetName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
