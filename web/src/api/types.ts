// Response shapes the UI reads. Request bodies come from src/contract (types only, docs/design.md
// §3); responses are written here because the server builds them ad hoc.
export type {
  AddSheetBody,
  EvalBody,
  LockBody,
  NamedSheetBody,
  RenameSheetBody,
  RenameWorkbookBody,
  WriteCellBody,
  WriteRangeBody,
} from '../../../src/contract/index.js';

export type CellValue = number | string | boolean | null;

export interface GridCellJson {
  readonly cell: string;
  readonly input: string | null;
  readonly value: CellValue;
  readonly error: string | null;
  readonly formula: string | null;
  readonly version: number;
  readonly locked: boolean;
}

export interface GridResponse {
  readonly sheet: string;
  readonly occupied_bounds: { readonly first: string; readonly last: string } | null;
  /** Cells with an input or a lock all lie inside it (null: none); absent from older servers. */
  readonly listed_bounds?: { readonly first: string; readonly last: string } | null;
  readonly cells: readonly GridCellJson[];
}

export interface WorkbookJson {
  readonly workbook_name: string;
  readonly active_sheet: string;
  readonly sheets: readonly string[];
  readonly can_undo?: boolean;
  readonly can_redo?: boolean;
}

export interface SheetsJson {
  readonly sheet: string;
  readonly sheets: readonly string[];
  readonly active_sheet: string;
}

export interface HistoryJson extends WorkbookJson {
  readonly status: string;
  readonly applied: boolean;
}

export interface ClearJson {
  readonly status: string;
  readonly sheet: string;
  readonly cleared?: number;
  readonly skipped_locked?: number;
}

/** GET /peek?format=json: one array per row of the range, null for an empty cell. */
export interface PeekJson {
  readonly sheet: string;
  readonly range: string | null;
  readonly rows: readonly (readonly CellValue[])[];
}

export interface EvalResultJson {
  readonly cell: string;
  readonly result: CellValue;
  readonly error: string | null;
}

export interface SchemaSheetJson {
  readonly name: string;
  readonly active: boolean;
  readonly rows: number;
  readonly occupied_bounds: { readonly first: string; readonly last: string } | null;
}

export type ChartType = 'bar' | 'line' | 'pie';
export type ChartOrientation = 'columns' | 'rows';

export interface ChartJson {
  readonly id: string;
  readonly title: string;
  readonly chart_type: ChartType;
  readonly data_range: string;
  readonly anchor_cell: string;
  readonly width: number;
  readonly height: number;
  readonly orientation: ChartOrientation;
}

export interface ChartSpecJson {
  readonly data_range: string;
  readonly chart_type?: ChartType;
  readonly title?: string;
  readonly anchor_cell?: string;
  readonly orientation?: ChartOrientation;
}

export interface ProviderJson {
  readonly id: string;
  readonly display_name: string;
  readonly configured: boolean;
  readonly masked_key: string;
}

export interface ModelJson {
  readonly id: string;
  readonly provider: string;
  readonly display_name: string;
  readonly available: boolean;
}

export interface ModelsJson {
  readonly models: readonly ModelJson[];
  readonly default_model_id: string | null;
  readonly configured_providers: readonly string[];
}

export interface StatusJson {
  readonly status: string;
  readonly message?: string;
}
