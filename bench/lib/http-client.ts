// A small keep-alive JSON client over node:http for the benchmark's sequential requests.
// One socket, reused, so a run measures the server and not connection set-up.
import http from 'node:http';

export class UnexpectedStatusError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, 300)}`);
    this.name = 'UnexpectedStatusError';
  }
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export class HttpClient {
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  readonly #url: URL;
  /** Sent with every request (SaaS mode's Authorization and X-Workbook-Id). */
  readonly #headers: Readonly<Record<string, string>>;

  constructor(baseUrl: string, headers: Readonly<Record<string, string>> = {}) {
    this.#url = new URL(baseUrl);
    this.#headers = headers;
  }

  /** Sends `body` (a JSON-able value, or a ready string/Buffer) and returns the raw answer. */
  request(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    const payload =
      body === undefined
        ? undefined
        : typeof body === 'string' || Buffer.isBuffer(body)
          ? body
          : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.#agent,
          host: this.#url.hostname,
          port: this.#url.port,
          method,
          path,
          headers:
            payload === undefined
              ? this.#headers
              : {
                  ...this.#headers,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** A 2xx JSON answer, parsed; anything else throws UnexpectedStatusError. */
  async json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.request(method, path, body);
    const text = response.body.toString('utf8');
    if (response.status < 200 || response.status >= 300)
      throw new UnexpectedStatusError(method, path, response.status, text);
    return JSON.parse(text) as T;
  }

  close(): void {
    this.#agent.destroy();
  }
}
