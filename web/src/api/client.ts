// The one way the UI talks to the server: same-origin HTTP, JSON in and out, `{detail}`
// errors turned into ApiError. Connection failures are reported to a listener so the page
// can show its "Connection lost" banner (docs/ui-rules.md ROB-02).
import { ApiError, ConnectionLostError, describeDetail } from './errors.js';
import { isWorkbookWrite, WriteTracker } from './write-tracker.js';

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface RequestOptions {
  readonly query?: Query;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Raw body (a File for uploads); sent as is with its own content type. */
  readonly rawBody?: Blob;
  /** The Accept header (default application/json). */
  readonly accept?: string;
  /** Extra headers, over the ones every request carries (another workbook's X-Workbook-Id). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent even as the page closes (fetch's keepalive); for small requests only. */
  readonly keepalive?: boolean;
}

/**
 * Who the requests are made as (SaaS mode): headers every request carries and what to do when
 * the server answers 401. OSS pages have none.
 */
export interface RequestAuth {
  /** Authorization and X-Workbook-Id, as they stand at the time of the request. */
  headers(): Readonly<Record<string, string>>;
  /** The server refused the credentials (401): the page sends the user to sign in. */
  rejected(): void;
}

export interface ConnectionListener {
  (online: boolean): void;
}

export function withQuery(path: string, query: Query | undefined): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The response header of a read naming the last commit its answer includes. */
export const SEQ_HEADER = 'X-Gridbook-Seq';

/** A read's answer and the seq of the last commit it includes (undefined: the server named none). */
export interface AtSeq<T> {
  readonly body: T;
  readonly seq: number | undefined;
}

async function bodyOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The header every request names its client with, so the server's undo history knows whose each step is. */
export const CLIENT_HEADER = 'X-Gridbook-Client';

/**
 * A random client id. getRandomValues, unlike randomUUID, also works on plain http from another
 * machine (not a secure context).
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const CLIENT_ID_KEY = 'gridbook.client-id';
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The id this browser profile names itself with, kept in localStorage: after a reload the
 * server still knows the user's own undo steps as theirs (issue 12). Without storage (blocked,
 * private mode) the page falls back to an id of its own for this load.
 */
/** The part of the Web Storage API the client id needs (localStorage in the page). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function storedClientId(
  storage: KeyValueStorage | undefined = (globalThis as { localStorage?: KeyValueStorage })
    .localStorage,
): string {
  try {
    const kept = storage?.getItem(CLIENT_ID_KEY);
    if (kept !== null && kept !== undefined && CLIENT_ID.test(kept)) return kept;
    const fresh = newClientId();
    storage?.setItem(CLIENT_ID_KEY, fresh);
    return fresh;
  } catch {
    // Storage refused (a SecurityError or a full quota): undo stays this load's own.
    return newClientId();
  }
}

/** How many times a request answered "503, Retry-After" is sent again before the 503 stands. */
const MAX_RESENDS = 3;
/** The longest Retry-After waited for; past it the 503 is shown. */
const MAX_RESEND_WAIT_MS = 5_000;

/** How long to wait before sending again, or undefined when the answer stands. */
export function resendDelay(response: Response, resent: number): number | undefined {
  if (response.status !== 503 || resent >= MAX_RESENDS) return undefined;
  const header = response.headers.get('retry-after');
  if (header === null || !/^\d{1,4}$/.test(header.trim())) return undefined;
  const ms = Number(header) * 1000;
  // "At once" backs off a little, so processes that collided do not collide again in step.
  return ms > MAX_RESEND_WAIT_MS ? undefined : Math.max(ms, 20 * 2 ** resent);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', abort, { once: true });
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }
  });
}

export class ApiClient {
  private readonly listeners = new Set<ConnectionListener>();
  private auth: RequestAuth | undefined;
  private readonly refusalListeners = new Set<(error: ApiError) => void>();
  /** Whether every write sent so far is stored (the status bar's "All changes saved"). */
  readonly writes = new WriteTracker();

  constructor(
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly baseUrl = '',
    /** Sent as X-Gridbook-Client on every request. */
    readonly clientId = storedClientId(),
  ) {}

  /** From now on every request carries the auth's headers, and a 401 is handed to it. */
  useAuth(auth: RequestAuth): void {
    this.auth = auth;
  }

  /** Every 4xx/5xx answer, as the ApiError the caller also gets. */
  onRefusal(listener: (error: ApiError) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  onConnectionChange(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private report(online: boolean): void {
    for (const listener of this.listeners) listener(online);
  }

  /** The raw response (downloads need headers and blobs); throws ApiError on 4xx/5xx. */
  raw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const response = this.send(method, path, options);
    return isWorkbookWrite(method, path) ? this.writes.track(response) : response;
  }

  private async send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = this.baseUrl + withQuery(path, options.query);
    const accept = options.accept ?? 'application/json';
    const headers: Record<string, string> = {
      accept,
      [CLIENT_HEADER]: this.clientId,
      ...this.auth?.headers(),
      ...options.headers,
    };
    const init: RequestInit = { method, headers };
    if (options.signal !== undefined) init.signal = options.signal;
    if (options.keepalive === true) init.keepalive = true;
    if (options.rawBody !== undefined) {
      init.body = options.rawBody;
      headers['content-type'] = options.rawBody.type || 'application/octet-stream';
    } else if (options.body !== undefined) {
      init.body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    for (let resent = 0; ; resent += 1) {
      try {
        response = await this.fetchImpl(url, init);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        this.report(false);
        throw new ConnectionLostError(path);
      }
      // The server stored (or read) nothing and says when the same request will be answered: a
      // write that met another server process's commit, a read that met commits throughout.
      const wait = resendDelay(response, resent);
      if (wait === undefined) break;
      await response.body?.cancel();
      await pause(wait, options.signal);
    }
    this.report(true);
    if (response.status === 401) this.auth?.rejected();
    if (!response.ok) {
      const body = await response.text();
      let detail: unknown = body;
      try {
        const parsed = JSON.parse(body) as Record<string, unknown>;
        detail = 'detail' in parsed ? parsed['detail'] : parsed;
      } catch {
        detail = body === '' ? `${response.status} ${response.statusText}` : body;
      }
      const error = new ApiError(response.status, detail, describeDetail(detail));
      for (const listener of this.refusalListeners) listener(error);
      throw error;
    }
    return response;
  }

  async json<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    return bodyOf<T>(await this.raw(method, path, options));
  }

  /** A read and the commit seq its answer is sure to include (GET /grid and /api/workbook name it). */
  async getAtSeq<T>(path: string, query?: Query): Promise<AtSeq<T>> {
    const response = await this.raw('GET', path, query === undefined ? {} : { query });
    const seq = response.headers.get(SEQ_HEADER);
    return {
      body: await bodyOf<T>(response),
      seq: seq !== null && /^\d{1,15}$/.test(seq) ? Number(seq) : undefined,
    };
  }

  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
    return this.json<T>('GET', path, {
      ...(query === undefined ? {} : { query }),
      ...(signal === undefined ? {} : { signal }),
    });
  }

  post<T>(path: string, body?: unknown, query?: Query, signal?: AbortSignal): Promise<T> {
    return this.json<T>('POST', path, {
      ...(body === undefined ? {} : { body }),
      ...(query === undefined ? {} : { query }),
      ...(signal === undefined ? {} : { signal }),
    });
  }
}
