// Save, load, export and import (docs/contract.md §4 Persistence; docs/design.md §5 xlsx and CSV).
import type { ApiClient } from './client.js';
import type { StatusJson } from './types.js';

export interface Download {
  readonly blob: Blob;
  readonly filename: string;
}

/** The file name from Content-Disposition (RFC 6266 filename* first), or a fallback. */
export function dispositionName(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended !== null) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain filename parameter
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain === null ? fallback : plain[1]!.trim();
}

export class FilesApi {
  constructor(private readonly client: ApiClient) {}

  save(): Promise<StatusJson> {
    return this.client.post('/system/save');
  }

  load(): Promise<StatusJson> {
    return this.client.post('/system/load');
  }

  clearSheet(sheet: string): Promise<StatusJson> {
    return this.client.post('/system/clear', undefined, { sheet });
  }

  unlockAll(): Promise<{ status: string; unlocked?: number }> {
    return this.client.post('/system/unlock-all');
  }

  async download(
    path: string,
    query: Record<string, string | undefined>,
    fallback: string,
  ): Promise<Download> {
    const response = await this.client.raw('GET', path, { query });
    return {
      blob: await response.blob(),
      filename: dispositionName(response.headers.get('content-disposition'), fallback),
    };
  }

  /** Replace the workbook with an exported JSON document (ours or a GridOS file). */
  importJson(document: unknown): Promise<StatusJson> {
    return this.client.post('/system/import', document);
  }

  importXlsx(file: Blob): Promise<StatusJson> {
    const body = new Blob([file], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    return this.client.json('POST', '/system/import.xlsx', { rawBody: body });
  }

  importCsv(file: Blob, sheet: string): Promise<StatusJson> {
    const body = new Blob([file], { type: 'text/csv' });
    return this.client.json('POST', '/system/import.csv', { rawBody: body, query: { sheet } });
  }
}
