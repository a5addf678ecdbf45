// Turning an error body into words a person can act on. Structured details (guardrail lists,
// objects with a message) are never shown as "[object Object]" (docs/ui-rules.md ROB-01).

/**
 * One formula the agent guardrails blocked (docs/contract.md §7: empty-dependency and
 * text-reference checks, and a formula the engine cannot parse).
 */
export interface BlockedFormula {
  readonly cell: string;
  readonly formula: string;
  readonly emptyRefs: readonly string[];
  readonly badRefs: readonly string[];
  /** Why the formula does not parse, when that is what blocked it. */
  readonly parseError?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The guardrail findings inside the detail, if it carries any. */
  get blocked(): BlockedFormula[] {
    return findBlockedFormulas(this.detail);
  }
}

/** The server could not be reached at all (down, restarting, network gone). */
export class ConnectionLostError extends Error {
  /**
   * `path`: the request that got no answer, for logs; the message a person reads does not need it.
   */
  constructor(readonly path?: string) {
    super(
      'Connection lost — the server did not answer. Retrying in the background; try again in a moment.',
    );
    this.name = 'ConnectionLostError';
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function asBlocked(item: unknown): BlockedFormula | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  if (typeof record['cell'] !== 'string') return undefined;
  const emptyRefs = stringList(record['empty_refs']);
  const badRefs = stringList(record['bad_refs']);
  const parseError = typeof record['parse_error'] === 'string' ? record['parse_error'] : undefined;
  if (emptyRefs.length === 0 && badRefs.length === 0 && parseError === undefined) return undefined;
  return {
    cell: record['cell'],
    formula: typeof record['formula'] === 'string' ? record['formula'] : '',
    emptyRefs,
    badRefs,
    ...(parseError === undefined ? {} : { parseError }),
  };
}

/** Guardrail entries, whether the detail is the list itself or an object holding it. */
export function findBlockedFormulas(detail: unknown, depth = 0): BlockedFormula[] {
  if (depth > 3 || detail === null || typeof detail !== 'object') return [];
  if (Array.isArray(detail)) {
    const direct = detail
      .map(asBlocked)
      .filter((item): item is BlockedFormula => item !== undefined);
    if (direct.length > 0) return direct;
    return detail.flatMap((item) => findBlockedFormulas(item, depth + 1));
  }
  return Object.values(detail as Record<string, unknown>).flatMap((value) =>
    findBlockedFormulas(value, depth + 1),
  );
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

/** "B4 is blocked: it refers to the empty cell B9", or "…: its formula does not parse (why)". */
export function describeBlocked(entry: BlockedFormula): string {
  if (entry.parseError !== undefined)
    return `${entry.cell} is blocked: its formula does not parse (${entry.parseError})`;
  const reasons: string[] = [];
  if (entry.emptyRefs.length > 0)
    reasons.push(
      `the empty ${plural(entry.emptyRefs.length, 'cell')} ${entry.emptyRefs.join(', ')}`,
    );
  if (entry.badRefs.length > 0)
    reasons.push(`the text ${plural(entry.badRefs.length, 'cell')} ${entry.badRefs.join(', ')}`);
  return `${entry.cell} is blocked: it refers to ${reasons.join(' and ')}`;
}

const LOCKED_REFUSAL =
  /^Cell (\S+) on sheet "(?:[^"]|"")*" is locked(?: \(and (\d+) more locked target cell\(s\)\))?; unlock it first with POST \/grid\/unlock\. Nothing was written\.$/;
/** The request field a refusal names first (`new_name: a sheet named …`): the page's, not the person's. */
const FIELD_PREFIX = /^[a-z][a-z0-9_]*(?:\[\d+\])?: (?=\S)/;

/**
 * A refusal written for API callers, in the page's words: a locked cell names the context menu,
 * not `POST /grid/unlock`, and a leading request field name is dropped.
 */
export function inPageWords(message: string): string {
  const locked = LOCKED_REFUSAL.exec(message);
  if (locked !== null) {
    const more = locked[2] === undefined ? '' : ` (and ${locked[2]} more locked cells)`;
    return `${locked[1]} is locked${more}; unlock it (right-click → Unlock) first. Nothing was written.`;
  }
  const field = FIELD_PREFIX.exec(message);
  if (field === null) return message;
  const rest = message.slice(field[0].length);
  // `body: is not a readable .xlsx workbook` speaks of the field itself: an upload's is the file.
  if (/^(?:is|are|must|has|holds|cannot|does)\b/.test(rest))
    return /^(?:body|file): /.test(field[0]) ? `The file ${rest}` : message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A readable sentence for any `detail` shape. */
export function describeDetail(detail: unknown): string {
  if (detail === undefined || detail === null) return 'The server gave no reason.';
  if (typeof detail === 'string') return inPageWords(detail);
  if (typeof detail === 'number' || typeof detail === 'boolean') return String(detail);
  const blocked = findBlockedFormulas(detail);
  if (blocked.length > 0) {
    const lead =
      typeof (detail as Record<string, unknown>)['message'] === 'string'
        ? `${(detail as Record<string, string>)['message']} `
        : '';
    return `${lead}${blocked.map(describeBlocked).join('; ')}.`;
  }
  if (Array.isArray(detail)) return detail.map(describeDetail).join('; ');
  const record = detail as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail']) {
    if (key in record && record[key] !== undefined) return describeDetail(record[key]);
  }
  try {
    return JSON.stringify(detail);
  } catch {
    return 'The server sent an error this page cannot display.';
  }
}

/** The message of any thrown value, for toasts and cards. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return describeDetail(error);
}
