// The workbook's name, renamed in place (docs/ui-rules.md WB-01); the browser tab follows it.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useObservable } from './observable.js';
import type { Session } from './session.js';

export function WorkbookTitle({
  session,
  onRenamed,
}: {
  session: Session;
  onRenamed?: ((name: string) => void) | undefined;
}) {
  const workbook = useObservable(session.workbook);
  const name = workbook?.name ?? '';
  const [draft, setDraft] = useState<string | undefined>();

  useEffect(() => {
    if (name !== '') document.title = `${name} — Gridbook`;
  }, [name]);

  const commit = async () => {
    if (draft === undefined) return;
    const next = draft;
    setDraft(undefined);
    if (next.trim() === name) return;
    const problem = await session.renameWorkbook(next);
    if (problem !== undefined)
      session.toasts.show(`The workbook keeps its name "${name}": ${problem}`, 'error');
    else onRenamed?.(session.workbook.get()?.name ?? next.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(undefined);
      requestAnimationFrame(() => (document.activeElement as HTMLElement | null)?.blur());
    }
  };

  return (
    <input
      data-testid="workbook-title"
      aria-label="Workbook name"
      className="workbook-title"
      value={draft ?? name}
      size={Math.max(8, (draft ?? name).length + 1)}
      onFocus={(event) => {
        setDraft(name);
        event.currentTarget.select();
      }}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => void commit()}
    />
  );
}
