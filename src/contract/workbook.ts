// Workbook and sheet management (spec §4 Workbook and sheets).
import { Type, type Static } from 'typebox';
import { ExpectedVersions } from './grid.js';
import { SheetName } from './common.js';

const Name = Type.String({ maxLength: 1000 });

export const AddSheetBody = Type.Object({
  name: Type.Optional(Type.Union([Name, Type.Null()], { description: 'Unique name; default: the first free SheetN.' })),
});
export type AddSheetBody = Static<typeof AddSheetBody>;

export const RenameSheetBody = Type.Object({ old_name: Name, new_name: Name });
export type RenameSheetBody = Static<typeof RenameSheetBody>;

export const NamedSheetBody = Type.Object({ name: Name });
export type NamedSheetBody = Static<typeof NamedSheetBody>;

export const RenameWorkbookBody = Type.Object({ name: Name });
export type RenameWorkbookBody = Static<typeof RenameWorkbookBody>;

/** Optional: a client undoing its own change names the versions it left, so a newer change by someone else is never reverted (409, also when the last step changes other cells). */
export const UndoBody = Type.Object({
  sheet: Type.Optional(SheetName),
  expected_versions: Type.Optional(ExpectedVersions),
});
export type UndoBody = Static<typeof UndoBody>;
