// A small fetch helper for black-box API tests: JSON in, parsed JSON (or text) out, with the
// status and headers kept so tests can assert on all three.
export interface ApiResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  /** The body parsed as JSON when it is JSON, otherwise the text. */
  readonly body: T;
  readonly text: string;
}

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface Api {
  get<T = any>(path: string, query?: Query): Promise<ApiResponse<T>>;
  /** Sends `body` as JSON; `undefined` sends no body at all. */
  post<T = any>(path: string, body?: unknown, query?: Query): Promise<ApiResponse<T>>;
  /** Sends `text` verbatim with the given content type (malformed JSON, huge payloads). */
  postRaw<T = any>(path: string, text: string, contentType?: string): Promise<ApiResponse<T>>;
  request<T = any>(
    method: string,
    path: string,
    init?: { body?: string; contentType?: string; query?: Query },
  ): Promise<ApiResponse<T>>;
}

function withQuery(base: string, path: string, query: Query | undefined): string {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** `headers` go with every request (a client id, say). */
export function api(baseUrl: string, defaultHeaders: Readonly<Record<string, string>> = {}): Api {
  const request = async <T>(
    method: string,
    path: string,
    init: { body?: string; contentType?: string; query?: Query } = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...defaultHeaders };
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    const response = await fetch(withQuery(baseUrl, path, init.query), {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text !== '' ? JSON.parse(text) : text) as T,
      text,
    };
  };
  return {
    request,
    get: (path, query) => request('GET', path, { ...(query === undefined ? {} : { query }) }),
    post: (path, body, query) =>
      request('POST', path, {
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(query === undefined ? {} : { query }),
      }),
    postRaw: (path, text, contentType = 'application/json') =>
      request('POST', path, { body: text, contentType }),
  };
}
