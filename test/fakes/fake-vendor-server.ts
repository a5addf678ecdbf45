// A scriptable stand-in for one LLM vendor's HTTP API, bound to 127.0.0.1 on an ephemeral port.
// Tests queue replies (text, tool calls, vendor-shaped errors, hangs) and read back every request
// the SDK sent (path, headers, parsed body; the tools it offered and the tool results it returned).
// The wire shapes live in wire-protocols.ts, so one server class serves Gemini generateContent,
// Anthropic messages and OpenAI-compatible chat completions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROTOCOLS,
  type SentToolResult,
  type WireProtocol,
  type WireProtocolName,
} from './wire-protocols.js';

export interface TextReply {
  readonly kind: 'text';
  readonly text: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** The vendor's own finish reason word ("STOP", "end_turn", "stop", "length" …); a protocol default otherwise. */
  readonly finishReason?: string;
  readonly delayMs?: number;
}

export interface ScriptedToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
  /**
   * Defaults to call_<n>, unique per server until reset. Gemini replies carry no call ids: the SDK
   * makes its own.
   */
  readonly id?: string;
}

/** The model asks for tool calls instead of (or besides) answering. */
export interface ToolCallsReply {
  readonly kind: 'tool-calls';
  readonly calls: readonly ScriptedToolCall[];
  /** Text the model says alongside the calls (optional). */
  readonly text?: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly delayMs?: number;
}

/** A tool-calls reply as the wire protocols get it: the server has given every call an id. */
export interface IdentifiedToolCallsReply extends ToolCallsReply {
  readonly calls: readonly (ScriptedToolCall & { readonly id: string })[];
}

export interface ErrorReply {
  readonly kind: 'error';
  readonly status: number;
  readonly message?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly delayMs?: number;
}

/** Any status and body, sent as given (for malformed or unusual vendor answers). */
export interface RawReply {
  readonly kind: 'raw';
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Never answers: the request stays open until the client aborts it or the server closes. */
export interface HangReply {
  readonly kind: 'hang';
}

export type ScriptedReply = TextReply | ToolCallsReply | ErrorReply | RawReply | HangReply;

export interface CapturedRequest {
  readonly method: string;
  /** Path with query, as received (for example /v1beta/models/gemini-2.5-flash:generateContent). */
  readonly path: string;
  /** Header names lowercased, as Node delivers them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body (undefined when the body was not JSON). */
  readonly body: any;
  /** The model the request names (from the path for Gemini, from body.model otherwise). */
  readonly model: string | undefined;
  /** The protocol of the server that received it: how toolsOffered/toolResults read the body. */
  readonly protocol: WireProtocolName;
  /** Set once the client went away before a reply was sent (an aborted request). */
  readonly closedEarly: () => boolean;
}

export interface FakeVendorOptions {
  readonly protocol: WireProtocolName;
  /** Path prefix the server answers under; it is part of baseUrl (defaults per protocol). */
  readonly pathPrefix?: string;
  /** Reply used when the queue is empty; without one an unscripted request gets a 500 naming the problem. */
  readonly defaultReply?: ScriptedReply;
}

export class FakeVendorServer {
  readonly requests: CapturedRequest[] = [];
  private readonly queue: ScriptedReply[] = [];
  private readonly waiters: Array<(request: CapturedRequest) => void> = [];
  private readonly openResponses = new Set<http.ServerResponse>();
  private readonly wire: WireProtocol;
  private readonly prefix: string;
  private defaultReply: ScriptedReply | undefined;
  private toolCallsSent = 0;

  private constructor(
    private readonly server: http.Server,
    options: FakeVendorOptions,
  ) {
    this.wire = PROTOCOLS[options.protocol];
    this.prefix = (options.pathPrefix ?? this.wire.defaultPrefix).replace(/\/$/, '');
    this.defaultReply = options.defaultReply;
  }

  static async start(options: FakeVendorOptions): Promise<FakeVendorServer> {
    const server = http.createServer();
    const fake = new FakeVendorServer(server, options);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** What to hand the SDK as baseURL (and GRIDBOOK_<ID>_BASE_URL): origin + path prefix. */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${this.prefix}`;
  }

  get protocol(): WireProtocolName {
    return this.wire.name;
  }

  /** Queue replies; each request takes the next one in order. */
  enqueue(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  replyText(text: string, extra: Omit<TextReply, 'kind' | 'text'> = {}): this {
    return this.enqueue({ kind: 'text', text, ...extra });
  }

  replyToolCalls(
    calls: ToolCallsReply['calls'],
    extra: Omit<ToolCallsReply, 'kind' | 'calls'> = {},
  ): this {
    return this.enqueue({ kind: 'tool-calls', calls, ...extra });
  }

  replyError(status: number, message?: string, headers?: Record<string, string>): this {
    return this.enqueue({
      kind: 'error',
      status,
      ...(message === undefined ? {} : { message }),
      ...(headers === undefined ? {} : { headers }),
    });
  }

  setDefaultReply(reply: ScriptedReply | undefined): this {
    this.defaultReply = reply;
    return this;
  }

  /** Forget queued replies and captured requests (between tests sharing one server). */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.toolCallsSent = 0;
  }

  get pendingReplies(): number {
    return this.queue.length;
  }

  /** Resolves with the next request to arrive (or the one that already arrived, by index). */
  nextRequest(index = this.requests.length): Promise<CapturedRequest> {
    const arrived = this.requests[index];
    if (arrived !== undefined) return Promise.resolve(arrived);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    for (const response of this.openResponses) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): Promise<void> {
    this.openResponses.add(response);
    let closedEarly = false;
    response.on('close', () => {
      this.openResponses.delete(response);
      if (!response.writableFinished) closedEarly = true;
    });
    const text = await readBody(request);
    const path = request.url ?? '/';
    const body = parseJson(text);
    const captured: CapturedRequest = {
      method: request.method ?? 'GET',
      path,
      headers: { ...request.headers },
      body,
      model: this.wire.modelOf(path, body),
      protocol: this.wire.name,
      closedEarly: () => closedEarly,
    };
    this.requests.push(captured);
    for (const wake of this.waiters.splice(0)) wake(captured);

    const route = path.split('?')[0] ?? '';
    if (
      request.method !== 'POST' ||
      !route.startsWith(`${this.prefix}/`) ||
      !this.wire.matchesPath(route.slice(this.prefix.length))
    ) {
      sendJson(
        response,
        404,
        this.wire.errorBody(
          404,
          `fake ${this.wire.name} server: no endpoint ${request.method} ${route} (base path ${this.prefix})`,
        ),
      );
      return;
    }
    await this.reply(response, this.queue.shift() ?? this.defaultReply, captured);
  }

  private async reply(
    response: http.ServerResponse,
    reply: ScriptedReply | undefined,
    request: CapturedRequest,
  ): Promise<void> {
    if (reply === undefined) {
      sendJson(
        response,
        500,
        this.wire.errorBody(
          500,
          `fake ${this.wire.name} server: no reply scripted for request ${this.requests.length}`,
        ),
      );
      return;
    }
    if (reply.kind === 'hang') return;
    if (reply.kind !== 'raw' && reply.delayMs !== undefined) await delay(reply.delayMs);
    if (response.destroyed) return;
    switch (reply.kind) {
      case 'text':
        sendJson(response, 200, this.wire.textBody(reply, request.model ?? 'unknown-model'));
        return;
      case 'tool-calls':
        sendJson(
          response,
          200,
          this.wire.toolCallsBody(this.withCallIds(reply), request.model ?? 'unknown-model'),
        );
        return;
      case 'error':
        sendJson(
          response,
          reply.status,
          this.wire.errorBody(reply.status, reply.message ?? `fake error ${reply.status}`),
          reply.headers,
        );
        return;
      case 'raw':
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(reply.body);
        return;
    }
  }

  // Ids are given when the reply is sent, not when queued, so enqueue() and a default reply get
  // them too, and a default reply answered twice still names each call differently.
  private withCallIds(reply: ToolCallsReply): IdentifiedToolCallsReply {
    const calls = reply.calls.map((call) => ({
      ...call,
      id: call.id ?? `call_${++this.toolCallsSent}`,
    }));
    return { ...reply, calls };
  }
}

/** Names of the tools the request declared to the model, in the order sent. */
export function toolsOffered(request: CapturedRequest): string[] {
  return PROTOCOLS[request.protocol].toolsOffered(request.body);
}

/** The tool results the request carries back to the model, in conversation order. */
export function toolResults(request: CapturedRequest): SentToolResult[] {
  return PROTOCOLS[request.protocol].toolResults(request.body);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
