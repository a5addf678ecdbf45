// Export file names (docs/contract.md §4 Persistence): `<workbook_name>-YYYYMMDD-HHMMSS.<ext>` in
// UTC, spaces → underscores, every other character that is not a letter, digit, `-` or `_` removed;
// an empty result becomes `workbook`. A CSV export, which holds one sheet, adds `__<sheet>`.

function two(value: number): string {
  return String(value).padStart(2, '0');
}

export function utcStamp(at: Date): string {
  const date = `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}`;
  return `${date}-${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

export function safeFileStem(name: string): string {
  const stem = name.replace(/ /g, '_').replace(/[^\p{L}\p{N}_-]/gu, '');
  return stem === '' ? 'workbook' : stem;
}

/** A one-sheet export (CSV) names its sheet too: `<workbook>__<sheet>-YYYYMMDD-HHMMSS.csv`. */
export function exportFileName(
  workbookName: string,
  at: Date,
  extension: string,
  sheetName?: string,
): string {
  const sheet = sheetName === undefined ? '' : `__${safeFileStem(sheetName)}`;
  return `${safeFileStem(workbookName)}${sheet}-${utcStamp(at)}.${extension}`;
}

/**
 * `attachment; filename="…"` with an ASCII-only fallback, plus RFC 5987 `filename*` when the
 * name has other letters (header values must be ASCII-safe).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '');
  const plain = `attachment; filename="${ascii}"`;
  return ascii === fileName ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
