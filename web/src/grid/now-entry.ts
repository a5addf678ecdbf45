// Ctrl+; enters today's date and Ctrl+Shift+; the current time, as in Excel and Sheets. Each is
// the text a person would type for it in the server's locale (`12/1/2026`, `3:45 PM` in en-US;
// `01/12/2026`, `15:45` in en-GB), so it goes through typed input like any typed date: the
// server stores the serial with the date (time) format the text implies.
import { formatLocale, parseTypedNumber } from '../../../src/core/format/number-format.js';

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

/** The text typed for the entry at `now` (the browser's local date and time), in `locale`. */
export function nowEntryText(entry: NowEntry, now: Date, locale = formatLocale()): string {
  const text = shortText(entry, now, locale);
  // Only text that reads back as this very date (time) in the locale: US-style text read in
  // en-GB is another day (12/1/2026 is 12 January), and a short form the reader does not know
  // would stay text. Otherwise the forms every locale reads alike.
  const read = parseTypedNumber(text, locale)?.value;
  if (read !== undefined && Math.abs(read - serialOf(entry, now)) < 1e-9) return text;
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return entry === 'date'
    ? `${now.getFullYear()}-${month}-${day}`
    : `${now.getHours()}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/** The locale's short date (time to the minute), with plain spaces and no direction marks. */
function shortText(entry: NowEntry, now: Date, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    entry === 'date'
      ? { year: 'numeric', month: 'numeric', day: 'numeric' }
      : { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(locale, options)
      .format(now)
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/[\u200e\u200f]/g, '');
  } catch {
    return '';
  }
}

const MS_PER_DAY = 86_400_000;

/** The date's serial (days since 1899-12-30, as from March 1900 on) or the time's day fraction. */
function serialOf(entry: NowEntry, now: Date): number {
  if (entry === 'time') return (now.getHours() * 60 + now.getMinutes()) / 1440;
  const day = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((day - Date.UTC(1899, 11, 30)) / MS_PER_DAY);
}
