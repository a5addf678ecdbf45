// The live result of the formula being edited, for the hint beside the editor (EDIT-12): only the
// editor the user types in (`active`) asks, so one edit makes one dry run per pause in typing.
import { useEffect, useMemo, useState } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { formatCell } from './address.js';
import { FormulaPreview, type PreviewShown } from './formula-preview.js';

export function useFormulaPreview(session: Session, active: boolean): PreviewShown | undefined {
  const editing = useObservable(session.editing);
  const [shown, setShown] = useState<PreviewShown | undefined>();
  const preview = useMemo(
    () =>
      new FormulaPreview(
        async ({ sheet, cell, text }) =>
          (await session.grid.evaluate(sheet, [{ cell, formula: text }], true)).results[0],
        setShown,
      ),
    [session],
  );
  useEffect(() => () => preview.dispose(), [preview]);
  const sheet = editing?.sheet;
  const cell = editing === null ? undefined : formatCell(editing.cell);
  const text = editing?.text;
  useEffect(() => {
    preview.update(
      active && sheet !== undefined && cell !== undefined && text !== undefined
        ? { sheet, cell, text }
        : null,
    );
  }, [preview, active, sheet, cell, text]);
  return active ? shown : undefined;
}
