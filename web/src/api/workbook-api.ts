// The workbook and its sheets.
import type { ApiClient, AtSeq } from './client.js';
import type { SheetsJson, WorkbookJson } from './types.js';

export class WorkbookApi {
  constructor(private readonly client: ApiClient) {}

  get(): Promise<WorkbookJson> {
    return this.client.get<WorkbookJson>('/api/workbook');
  }

  /** `get`, with the seq of the last commit the answer includes. */
  getAtSeq(): Promise<AtSeq<WorkbookJson>> {
    return this.client.getAtSeq<WorkbookJson>('/api/workbook');
  }

  addSheet(name?: string): Promise<SheetsJson> {
    return this.client.post('/workbook/sheet', name === undefined ? {} : { name });
  }

  renameSheet(oldName: string, newName: string): Promise<SheetsJson> {
    return this.client.post('/workbook/sheet/rename', { old_name: oldName, new_name: newName });
  }

  activateSheet(name: string): Promise<SheetsJson> {
    return this.client.post('/workbook/sheet/activate', { name });
  }

  moveSheet(name: string, index: number): Promise<SheetsJson> {
    return this.client.post('/workbook/sheet/move', { name, index });
  }

  deleteSheet(name: string): Promise<SheetsJson> {
    return this.client.post('/workbook/sheet/delete', { name });
  }

  rename(name: string): Promise<{ workbook_name: string }> {
    return this.client.post('/workbook/rename', { name });
  }
}
