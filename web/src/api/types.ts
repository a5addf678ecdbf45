// The wire shapes the UI reads and sends: all from src/contract (types only, docs/design.md §3.2),
// the same schemas the server declares and its tests hold every response to. The names here are
// the UI's; each is the contract's type.
import type {
  ChartJson,
  ClearRangeResponse,
  EvalResult,
  FunctionsResponse,
  GridCell,
  HistoryResponse,
  PeekJsonResponse,
  ProvidersResponse,
  SheetsResponse,
  StatusMessage,
  WorkbookResponse,
  CellValueJson,
} from '../../../src/contract/index.js';

export type {
  AddSheetBody,
  ClearRangeBody,
  EvalBody,
  LockBody,
  NamedSheetBody,
  RenameSheetBody,
  RenameWorkbookBody,
  WriteCellBody,
  WriteRangeBody,
  ChartJson,
  CommitEventJson,
  PresenceBody,
  PresenceEventJson,
  GridResponse,
  ModelsResponse as ModelsJson,
} from '../../../src/contract/index.js';

export type CellValue = CellValueJson;
export type GridCellJson = GridCell;
export type FunctionJson = FunctionsResponse['functions'][number];
export type WorkbookJson = WorkbookResponse;
export type SheetsJson = SheetsResponse;
export type HistoryJson = HistoryResponse;
export type ClearJson = ClearRangeResponse;
/** GET /peek?format=json: one array per row of the range, null for an empty cell. */
export type PeekJson = PeekJsonResponse;
export type EvalResultJson = EvalResult;
export type ChartType = ChartJson['chart_type'];
export type ChartOrientation = ChartJson['orientation'];
export type ProviderJson = ProvidersResponse['providers'][number];
export type StatusJson = StatusMessage;

/** What the UI sends to create a chart (the server fills the defaults). */
export interface ChartSpecJson {
  readonly data_range: string;
  readonly chart_type?: ChartType;
  readonly title?: string;
  readonly anchor_cell?: string;
  readonly orientation?: ChartOrientation;
}

// SaaS mode (docs/design.md §9): sign-in, service tokens, workbooks, collaborators.
export type {
  AuthConfigResponse as AuthConfigJson,
  SessionResponse as SessionJson,
  MeResponse as MeJson,
  TokenCreatedResponse as CreatedTokenJson,
  CollaboratorJson,
} from '../../../src/contract/index.js';
import type {
  TokenListResponse,
  WorkbookListResponse,
  SharedWithMeResponse,
} from '../../../src/contract/index.js';
export type TokenJson = TokenListResponse['tokens'][number];
export type WorkbookSummaryJson = WorkbookListResponse['workbooks'][number];
export type SharedWorkbookJson = SharedWithMeResponse['workbooks'][number];
