// A sheet's layout: frozen panes, column widths, row heights, the filter and sort.
import type { ApiClient } from './client.js';
import type {
  ColumnWidthBody,
  FilterBody,
  FreezeBody,
  LayoutChangeResponse,
  LayoutResponse,
  RowHeightBody,
  SortBody,
  SortResponse,
} from '../../../src/contract/index.js';

export type { FilterBody, LayoutResponse, SortBody } from '../../../src/contract/index.js';

export class LayoutApi {
  constructor(private readonly client: ApiClient) {}

  read(sheet: string): Promise<LayoutResponse> {
    return this.client.get('/grid/layout', { sheet });
  }

  freeze(body: FreezeBody): Promise<LayoutChangeResponse> {
    return this.client.post('/grid/freeze', body);
  }

  columnWidth(body: ColumnWidthBody): Promise<LayoutChangeResponse> {
    return this.client.post('/grid/columns/width', body);
  }

  rowHeight(body: RowHeightBody): Promise<LayoutChangeResponse> {
    return this.client.post('/grid/rows/height', body);
  }

  filter(body: FilterBody): Promise<LayoutChangeResponse> {
    return this.client.post('/grid/filter', body);
  }

  clearFilter(sheet: string): Promise<LayoutChangeResponse> {
    return this.client.post('/grid/filter/clear', undefined, { sheet });
  }

  sort(body: SortBody): Promise<SortResponse> {
    return this.client.post('/grid/sort', body);
  }
}
