// Parses pasted clipboard text off the page's main thread: a 500,000-cell paste takes over
// 100 ms to parse, long enough to freeze the page (ui.md §4.3 item 4).
import { parseTsv } from './tsv.js';

const scope = self as unknown as { onmessage: ((event: MessageEvent<string>) => void) | null; postMessage(rows: string[][]): void };

scope.onmessage = (event) => scope.postMessage(parseTsv(event.data));
