// Ctrl+; enters today's date and Ctrl+Shift+; the current time, as in Excel and Sheets. Each is
// the text a person would type for it (`12/1/2026`, `3:45 PM`), so it goes through typed input
// like any typed date: the server stores the serial with the date (time) format the text implies.
// The text is US-style, as the page's own typing of values is (optimistic.ts reads en-US).

export type NowEntry = 'date' | 'time';

/** The parts of a key event (the grid's, the editor's or the formula bar's) the shortcut reads. */
export interface NowKey {
  readonly key: string;
  /** The physical key: `Semicolon` on a US layout, where Ctrl+Shift+; arrives as key `:`. */
  readonly code?: string | undefined;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** Which entry a key asks for: Ctrl+; the date, Ctrl+Shift+; (Ctrl+:) the time. */
export function nowEntryOf(event: NowKey): NowEntry | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  if (event.code === 'Semicolon') return event.shiftKey ? 'time' : 'date';
  if (event.key === ';') return 'date';
  if (event.key === ':') return 'time';
  return undefined;
}

/** The text typed for the entry at `now` (the browser's local date and time). */
export function nowEntryText(entry: NowEntry, now: Date): string {
  if (entry === 'date') return `${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`;
  const hours = now.getHours();
  const minutes = String(now.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
