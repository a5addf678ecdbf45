// Formula-bar autocomplete over the function catalogue: which function name is being typed at the
// caret (and what it would be completed to), and which function's arguments the caret is in (its
// signature is shown as a hint).
import type { FunctionJson } from '../api/types.js';

/** The most suggestions shown at once. */
export const MAX_SUGGESTIONS = 8;

export interface Completion {
  /** Where the typed name starts in the text. */
  readonly start: number;
  readonly typed: string;
  readonly matches: readonly FunctionJson[];
}

/** Whether the caret sits outside a string literal (an odd number of quotes before it: inside). */
function outsideString(before: string): boolean {
  let quotes = 0;
  for (const char of before) if (char === '"') quotes += 1;
  return quotes % 2 === 0;
}

/** The function name being typed just before the caret in a formula, with its candidates. */
export function completionAt(
  text: string,
  caret: number,
  catalogue: readonly FunctionJson[],
): Completion | undefined {
  if (!text.startsWith('=')) return undefined;
  const before = text.slice(0, caret);
  if (!outsideString(before)) return undefined;
  // A name starts after =, an operator, a parenthesis, a comma or a space; not after a sheet
  // prefix (!), a cell reference's $ or a digit.
  const match = /(^|[=+\-*/^&<>(,;\s])([A-Za-z][A-Za-z0-9_.]*)$/.exec(before);
  if (match === null) return undefined;
  const typed = match[2]!;
  const start = caret - typed.length;
  const prefix = typed.toUpperCase();
  const matches = catalogue.filter((fn) => fn.name.startsWith(prefix));
  if (matches.length === 0 || (matches.length === 1 && matches[0]!.name === prefix))
    return undefined;
  return { start, typed, matches: matches.slice(0, MAX_SUGGESTIONS) };
}

/** The text with the typed name replaced by `name(`, and where the caret goes (inside the parenthesis). */
export function applyCompletion(
  text: string,
  completion: Completion,
  name: string,
): { text: string; caret: number } {
  const end = completion.start + completion.typed.length;
  const opens = text[end] === '(';
  const inserted = opens ? name : `${name}(`;
  return {
    text: text.slice(0, completion.start) + inserted + text.slice(end),
    caret: completion.start + inserted.length + (opens ? 1 : 0),
  };
}

/** The innermost function whose argument list holds the caret, if the catalogue knows it. */
export function enclosingFunction(
  text: string,
  caret: number,
  catalogue: readonly FunctionJson[],
): FunctionJson | undefined {
  if (!text.startsWith('=')) return undefined;
  const open: (string | undefined)[] = [];
  let inString = false;
  const before = text.slice(0, caret);
  for (let index = 0; index < before.length; index += 1) {
    const char = before[index]!;
    if (char === '"') inString = !inString;
    if (inString) continue;
    if (char === '(') {
      const name = /([A-Za-z][A-Za-z0-9_.]*)$/.exec(before.slice(0, index))?.[1];
      open.push(name?.toUpperCase());
    } else if (char === ')') open.pop();
  }
  const name = open[open.length - 1];
  return name === undefined ? undefined : catalogue.find((fn) => fn.name === name);
}
