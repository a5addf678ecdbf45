// `gridbook mcp`: an MCP server on stdin/stdout for desktop assistants that start their tools
// as processes. It relays every message to a running Gridbook's /mcp, so the workbook has one
// writer (the server and its journal) however many assistants connect.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A request the server could not be asked: answered here, so the assistant is not left waiting. */
function unreachable(message: JSONRPCMessage, serverUrl: string): JSONRPCMessage | undefined {
  if (!('id' in message) || !('method' in message)) return undefined;
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: -32000,
      message: `Gridbook at ${serverUrl} did not answer; start it (npm start) or pass --url.`,
    },
  };
}

export async function relayStdioTo(serverUrl: string): Promise<void> {
  const local = new StdioServerTransport();
  const remote = new StreamableHTTPClientTransport(new URL('/mcp', serverUrl));
  local.onmessage = (message) => {
    remote.send(message).catch(() => {
      const answer = unreachable(message, serverUrl);
      if (answer !== undefined) void local.send(answer);
    });
  };
  remote.onmessage = (message) => void local.send(message);
  remote.onerror = (error) => process.stderr.write(`gridbook mcp: ${error.message}\n`);
  local.onclose = () => void remote.close();
  await remote.start();
  await local.start();
}
