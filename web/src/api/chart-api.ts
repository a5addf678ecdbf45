// Chart overlays (docs/contract.md §4 Charts).
import type { ApiClient } from './client.js';
import type { ChartJson } from './types.js';

export type ChartFields = Partial<Omit<ChartJson, 'id'>>;

export class ChartApi {
  constructor(private readonly client: ApiClient) {}

  list(sheet: string, signal?: AbortSignal): Promise<{ charts: ChartJson[] }> {
    return this.client.get('/system/charts', { sheet }, signal);
  }

  create(
    sheet: string,
    fields: ChartFields & { data_range: string },
  ): Promise<{ status: string; chart: ChartJson }> {
    return this.client.post('/system/charts', { ...fields, sheet });
  }

  update(
    sheet: string,
    id: string,
    fields: ChartFields,
  ): Promise<{ status: string; chart: ChartJson }> {
    return this.client.json('PATCH', `/system/charts/${encodeURIComponent(id)}`, {
      body: { ...fields, sheet },
    });
  }

  remove(sheet: string, id: string): Promise<{ status: string }> {
    return this.client.json('DELETE', `/system/charts/${encodeURIComponent(id)}`, {
      query: { sheet },
    });
  }
}
