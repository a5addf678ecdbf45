// Workbook and sheet management (docs/contract.md §4 Workbook and sheets).
import { Type, type Static } from 'typebox';
import { ExpectedVersions } from './grid.js';
import { SheetName, List } from './common.js';
import { LayoutJson } from './layout.js';

const Name = Type.String({ maxLength: 1000 });

export const AddSheetBody = Type.Object(
  {
    name: Type.Optional(
      Type.Union([Name, Type.Null()], {
        description: 'Unique name; default: the first free SheetN.',
      }),
    ),
  },
  { examples: [{ name: 'Summary' }] },
);
export type AddSheetBody = Static<typeof AddSheetBody>;

export const RenameSheetBody = Type.Object(
  { old_name: Name, new_name: Name },
  { examples: [{ old_name: 'Sheet1', new_name: 'Budget' }] },
);
export type RenameSheetBody = Static<typeof RenameSheetBody>;

export const NamedSheetBody = Type.Object({ name: Name }, { examples: [{ name: 'Summary' }] });
export type NamedSheetBody = Static<typeof NamedSheetBody>;

export const MoveSheetBody = Type.Object(
  {
    name: Name,
    index: Type.Integer({
      minimum: 0,
      description: 'Where the sheet goes among the tabs: 0 is the first.',
    }),
  },
  { examples: [{ name: 'Summary', index: 0 }] },
);
export type MoveSheetBody = Static<typeof MoveSheetBody>;

export const RenameWorkbookBody = Type.Object({ name: Name }, { examples: [{ name: 'Q3 plan' }] });
export type RenameWorkbookBody = Static<typeof RenameWorkbookBody>;

/**
 * Optional guards for a client undoing its own change, so a newer change by someone else is never
 * reverted (409, nothing undone): the versions its change left (also refused when the last step
 * changes other cells), and/or its own client id (refused when the last step was recorded for
 * another client, or for none).
 */
/** A client's id, as it names itself in the X-Gridbook-Client header and in `expected_origin`. */
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9._:-]{1,100}$';

export const UndoBody = Type.Object(
  {
    sheet: Type.Optional(SheetName),
    expected_versions: Type.Optional(ExpectedVersions),
    expected_origin: Type.Optional(
      Type.String({
        pattern: CLIENT_ID_PATTERN,
        description:
          'The id this client sends as X-Gridbook-Client on its writes: undo only a step it made.',
      }),
    ),
  },
  { examples: [{ sheet: 'Sheet1' }] },
);
export type UndoBody = Static<typeof UndoBody>;

export const WorkbookResponse = Type.Object({
  workbook_name: Type.String(),
  active_sheet: Type.String(),
  sheets: List(Type.String(), { description: 'Sheet names in tab order.' }),
  can_undo: Type.Boolean(),
  can_redo: Type.Boolean(),
  locale: Type.String({
    description:
      'GRIDBOOK_LOCALE: the locale typed numbers and dates are read in and values shown in (en-US by default).',
  }),
  layouts: Type.Optional(
    Type.Record(Type.String(), LayoutJson, {
      description: 'Per sheet with frozen panes, sizes or a filter: its layout.',
    }),
  ),
});
export type WorkbookResponse = Static<typeof WorkbookResponse>;

export const RenameWorkbookResponse = Type.Object({ workbook_name: Type.String() });

export const HistoryResponse = Type.Object({
  ...WorkbookResponse.properties,
  status: Type.String({ description: '`Success`, or `Nothing to undo` / `Nothing to redo`.' }),
  applied: Type.Boolean(),
});
export type HistoryResponse = Static<typeof HistoryResponse>;
