// The built-in agent as MCP tools: agent_preview writes nothing, agent_apply writes the preview
// with the guardrails and collision moves of POST /agent/apply. The model is the fake Groq server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readValues } from '../support/index.js';
import { scriptReply, useAgentApp } from './agent-harness.js';

const agent = useAgentApp();
let client: Client;
beforeEach(async () => {
  client = new Client({ name: 'gridbook-agent-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', agent.running.url)));
});
afterEach(() => client.close());

async function ok(name: string, args: Record<string, unknown>): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text?: string }[];
    structuredContent?: unknown;
  };
  if (result.isError === true) throw new Error(`${name}: ${result.content[0]?.text}`);
  return result.structuredContent;
}

describe('the built-in agent over MCP', () => {
  it('previews without writing, then applies beside an occupied cell', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'D1', value: 'taken' });
    scriptReply(agent.fakes.groq, {
      reasoning: 'Adds a header and a total.',
      target_cell: 'D1',
      values: [['Total'], ['=1+2']],
    });
    const preview = await ok('agent_preview', { prompt: 'add a total' });
    expect(preview).toMatchObject({ target_cell: 'E1', values: [['Total'], ['=1+2']] });
    expect(await readValues(agent.running.http)).toEqual({ D1: 'taken' });
    const applied = await ok('agent_apply', {
      agent_id: preview.agent_id,
      target_cell: preview.target_cell,
      values: preview.values,
    });
    expect(applied).toMatchObject({ status: 'Success', actual_target: 'E1' });
    expect(await readValues(agent.running.http)).toEqual({ D1: 'taken', E1: 'Total', E2: 3 });
  });
});
