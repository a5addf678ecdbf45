// The MCP server: the tools of tools.ts (and each sheet as a CSV resource) over one workbook
// handle. One server per HTTP request (stateless streamable HTTP: no session to keep or leak),
// or one for the life of a stdio connection.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { peekRange } from '../engine-api/index.js';
import { errorText, inputProblems, toolError, toolSuccess, type ToolContext } from './tool-kit.js';
import { TOOLS } from './tools.js';

export interface McpOptions extends ToolContext {
  /** Where unexpected failures are reported (the details never reach the agent). */
  readonly logError: (error: unknown, tool: string) => void;
}

const SHEET_URI = /^gridbook:\/\/sheets\/([^/]+)\.csv$/;
const FUNCTIONS_URI = 'gridbook://functions';
const INSTRUCTIONS =
  'A Gridbook workbook. Read get_schema first, peek at what you need (paged), try formulas with ' +
  'eval_formulas (nothing is written), then write with write_range or write_cell. Locked cells ' +
  'refuse writes; pass expected_versions to refuse a write over a change you have not seen.';

export function createMcpServer(options: McpOptions): Server {
  const server = new Server(
    { name: 'gridbook', version: '0.1.0' },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.input as { type: 'object' },
      outputSchema: tool.output as { type: 'object' },
      annotations: { readOnlyHint: tool.readOnly },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (tool === undefined)
      return toolError(
        `Unknown tool "${request.params.name}"; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`,
      );
    const input = request.params.arguments ?? {};
    const problems = inputProblems(tool.input, input);
    if (problems !== undefined) return toolError(`${tool.name}: ${problems}`);
    try {
      return toolSuccess(await tool.run(input, options));
    } catch (error) {
      const text = errorText(error);
      if (text !== undefined) return toolError(text);
      options.logError(error, tool.name);
      return toolError(`${tool.name} failed on an internal error; the server log has the details.`);
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const workbook = (await options.handle()).workbook;
    return {
      resources: [
        ...workbook.sheetNames.map((name) => ({
          uri: `gridbook://sheets/${encodeURIComponent(name)}.csv`,
          name: `${name}.csv`,
          description: `Sheet "${name}" as CSV (computed values, from its occupied bounds).`,
          mimeType: 'text/csv',
        })),
        {
          uri: FUNCTIONS_URI,
          name: 'functions',
          description:
            'The functions formulas may call, one per line: signature ([optional] arguments, … repeats), then a short description.',
          mimeType: 'text/plain',
        },
      ],
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const workbook = (await options.handle()).workbook;
    if (request.params.uri === FUNCTIONS_URI) {
      const lines = workbook
        .functionCatalogue()
        .map((fn) =>
          fn.description === '' ? fn.signature : `${fn.signature} — ${fn.description}`,
        );
      return { contents: [{ uri: FUNCTIONS_URI, mimeType: 'text/plain', text: lines.join('\n') }] };
    }
    const match = SHEET_URI.exec(request.params.uri);
    if (match === null) throw new Error(`Unknown resource ${request.params.uri}.`);
    const peek = peekRange(workbook, { sheet: decodeURIComponent(match[1]!), format: 'csv' });
    return {
      contents: [
        {
          uri: request.params.uri,
          mimeType: 'text/csv',
          text: peek.format === 'csv' ? peek.body : '',
        },
      ],
    };
  });
  return server;
}

/** Answers one streamable-HTTP request (POST a JSON-RPC message; GET and DELETE are refused). */
export async function answerMcpHttp(
  options: McpOptions,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = createMcpServer(options);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
