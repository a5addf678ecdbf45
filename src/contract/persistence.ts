// Save, load, export and import (docs/contract.md §4 Persistence, docs/design.md §5). Import bodies
// are checked by the importers, not by a schema, so every problem with a payload answers 400
// (docs/contract.md §7).
import { Type, type Static } from 'typebox';
import { SheetName, Success, List } from './common.js';

export const ExportJsonQuery = Type.Object({
  version: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('2')], {
      default: '1',
      description:
        "`1`: one object per cell (readable; the default). `2`: unlocked cells as dense blocks, the save file's layout, about a tenth of the size; both import back.",
    }),
  ),
});
export type ExportJsonQuery = Static<typeof ExportJsonQuery>;

export const ExportXlsxQuery = Type.Object({
  values_only: Type.Optional(
    Type.String({
      maxLength: 5,
      description: '`true` (or `1`) writes computed values instead of formulas.',
    }),
  ),
});
export type ExportXlsxQuery = Static<typeof ExportXlsxQuery>;

export const ExportCsvQuery = Type.Object({
  sheet: Type.Optional(SheetName),
  mode: Type.Optional(
    Type.Union([Type.Literal('values'), Type.Literal('formulas'), Type.Literal('display')], {
      default: 'values',
      description:
        "`values` (default): computed values; `formulas`: formula text where a cell has a formula; `display`: each cell as it shows through its number format (`15%`, `$1,200.00`, dates as dates), as Excel's Save as CSV writes.",
    }),
  ),
});
export type ExportCsvQuery = Static<typeof ExportCsvQuery>;

export const ImportCsvQuery = Type.Object({
  sheet: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Sheet to fill (added when missing); default: the active sheet.',
    }),
  ),
});
export type ImportCsvQuery = Static<typeof ImportCsvQuery>;

export const SaveResponse = Type.Object({ status: Success, workbook_id: Type.String() });

/** What a load or import installed. */
export const WorkbookReplacedResponse = Type.Object({
  status: Success,
  workbook_name: Type.String(),
  active_sheet: Type.String(),
  sheets: List(Type.String()),
});
export type WorkbookReplacedResponse = Static<typeof WorkbookReplacedResponse>;

export const LoadResponse = Type.Union([
  WorkbookReplacedResponse,
  Type.Object(
    { status: Type.Literal('Error'), message: Type.String() },
    { description: 'No save file, or an unreadable one: nothing changed.' },
  ),
]);

export const ImportCsvResponse = Type.Object({
  status: Success,
  sheet: Type.String(),
  rows: Type.Integer({ minimum: 0, description: 'Rows from 1 to the last occupied one.' }),
  columns: Type.Integer({ minimum: 0 }),
});
export type ImportCsvResponse = Static<typeof ImportCsvResponse>;

export const FileDownload = Type.Unknown({
  description: 'The file, with Content-Disposition naming it.',
});
