// Black-box tests of the agent that looks before writing and checks after (docs/agent.md): the
// model's read-only tool calls on every vendor's wire protocol, the chain's error checks and fix
// turns, its stop rules, and the tokens each step reports. The model is a scripted fake vendor.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_BY_PROVIDER, type ProviderId } from '../../src/providers/index.js';
import { toolResults, type FakeVendorServer } from '../fakes/index.js';
import { readValues } from '../support/index.js';
import { scriptReply, useAgentApp } from './agent-harness.js';

const agent = useAgentApp();

function chain(body: Record<string, unknown>) {
  return agent.running.http.post('/agent/chat/chain', body);
}

/** The user prompt of the n-th model call (OpenAI-compatible body). */
function promptOf(index: number): string {
  const messages = agent.fakes.groq.requests[index]!.body.messages as {
    role: string;
    content: unknown;
  }[];
  const users = messages.filter((message) => message.role === 'user');
  return String(users[users.length - 1]?.content ?? '');
}

async function valueAt(cell: string): Promise<unknown> {
  return (await readValues(agent.running.http))[cell] ?? null;
}

async function seed(cells: Record<string, unknown>): Promise<void> {
  for (const [cell, value] of Object.entries(cells))
    expect((await agent.running.http.post('/grid/cell', { cell, value })).status).toBe(200);
}

const done = { reasoning: 'done', target_cell: 'A1', values: [['']] };

describe('[AGENT-TOOLS] the model looks before it writes', () => {
  const vendors: readonly ProviderId[] = ['gemini', 'anthropic', 'groq', 'openrouter'];
  for (const vendor of vendors) {
    it(`${vendor}: the model peeks and dry-runs a formula, and the preview shows what the tools answered`, async () => {
      await agent.restart({ keys: { [vendor]: `${vendor}-test-key-0001` } });
      await seed({ A1: 'Item', B1: 'Cost', A2: 'Rent', B2: 1000, A3: 'Food', B3: 300 });
      const fake: FakeVendorServer = agent.fakes[vendor];
      fake.replyToolCalls([{ name: 'peek', input: { range: 'A1:B3' } }], {
        inputTokens: 100,
        outputTokens: 10,
      });
      fake.replyToolCalls(
        [{ name: 'eval', input: { formulas: [{ cell: 'B4', formula: '=SUM(B2:B3)' }] } }],
        {
          inputTokens: 150,
          outputTokens: 12,
        },
      );
      fake.replyText(
        JSON.stringify({
          reasoning: 'The total computes to 1300.',
          target_cell: 'A4',
          values: [['Total', '=SUM(B2:B3)']],
        }),
        { inputTokens: 200, outputTokens: 20 },
      );
      const response = await agent.running.http.post('/agent/chat', {
        prompt: 'add a total',
        model_id: DEFAULT_MODEL_BY_PROVIDER[vendor],
      });
      expect(response.status).toBe(200);
      const preview = response.body;
      expect(preview.tools_used.map((use: { tool: string }) => use.tool)).toEqual(['peek', 'eval']);
      expect(preview.tools_used[0].output).toMatchObject({
        sheet: 'Sheet1',
        range: 'A1:B3',
        values: [
          ['Item', 'Cost'],
          ['Rent', 1000],
          ['Food', 300],
        ],
      });
      expect(preview.tools_used[1].output.results).toEqual([
        { cell: 'B4', result: 1300, error: null },
      ]);
      expect(preview.usage).toEqual({ input_tokens: 450, output_tokens: 42, total_tokens: 492 });
      expect(preview.preview_cells).toEqual([
        { cell: 'A4', value: 'Total' },
        { cell: 'B4', value: '=SUM(B2:B3)' },
      ]);
      // What the vendor was sent back: the peeked rows, then the dry-run result.
      expect(fake.requests).toHaveLength(3);
      expect(toolResults(fake.requests[1]!)[0]!.output).toMatchObject({ range: 'A1:B3' });
      expect(toolResults(fake.requests[2]!).at(-1)!.output).toMatchObject({
        results: [{ cell: 'B4', result: 1300, error: null }],
      });
      expect(await valueAt('B4')).toBeNull();
    });
  }

  it('a tool given a bad input answers an error the model can read, and the turn goes on', async () => {
    agent.fakes.groq.replyToolCalls([{ name: 'peek', input: { range: 'not a range' } }]);
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [[1]] });
    const preview = (await agent.running.http.post('/agent/chat', { prompt: 'x' })).body;
    expect(preview.tools_used[0].output.error).toMatch(/range/i);
    expect(toolResults(agent.fakes.groq.requests[1]!)[0]!.output).toHaveProperty('error');
  });

  /** How each wire protocol says "no tools this step" (the SDK's toolChoice none). */
  const toolsSwitchedOff: Readonly<Record<ProviderId, (body: any) => boolean>> = {
    groq: (body) => body.tool_choice === 'none',
    openrouter: (body) => body.tool_choice === 'none',
    gemini: (body) => body.toolConfig?.functionCallingConfig?.mode === 'NONE',
    // Anthropic has no "none": the SDK leaves the tools out of the request.
    anthropic: (body) => body.tools === undefined || body.tool_choice?.type === 'none',
  };
  for (const vendor of vendors) {
    it(`${vendor}: the calls per turn are bounded — past GRIDBOOK_AGENT_TOOL_CALLS the tools answer no more and the model must answer`, async () => {
      await agent.restart({
        keys: { [vendor]: `${vendor}-test-key-0001` },
        env: { GRIDBOOK_AGENT_TOOL_CALLS: '2' },
      });
      const fake = agent.fakes[vendor];
      fake.replyToolCalls([
        { name: 'schema', input: {} },
        { name: 'schema', input: {} },
        { name: 'schema', input: {} },
      ]);
      fake.replyText(JSON.stringify({ reasoning: 'r', target_cell: 'A1', values: [[1]] }));
      const response = await agent.running.http.post('/agent/chat', {
        prompt: 'x',
        model_id: DEFAULT_MODEL_BY_PROVIDER[vendor],
      });
      expect(response.status).toBe(200);
      const preview = response.body;
      expect(preview.tools_used).toHaveLength(3);
      expect(preview.tools_used[0].output.sheets).toBeDefined();
      expect(preview.tools_used[2].output.error).toMatch(/No tool calls are left/);
      expect(fake.requests).toHaveLength(2);
      expect(toolsSwitchedOff[vendor](fake.requests[1]!.body)).toBe(true);
    });
  }

  it('a chain step reports the tools its model used', async () => {
    await seed({ A1: 5 });
    agent.fakes.groq.replyToolCalls([{ name: 'find', input: { query: '5' } }]);
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'B1', values: [['=A1*2']] });
    scriptReply(agent.fakes.groq, done);
    const result = (await chain({ prompt: 'double it' })).body;
    expect(result.steps[0].tools_used[0]).toMatchObject({
      tool: 'find',
      input: { query: '5' },
      output: { total: 1, matches: [{ cell: 'A1', value: 5 }] },
    });
  });
});

describe('[CHAIN-CHECK] the chain checks its own work', () => {
  it('a #DIV/0! it wrote is observed, the next prompt asks to fix it first, and the fix rewrites the cell in place', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'price per unit',
      target_cell: 'A1',
      values: [
        ['Sales', 'Units', 'Price'],
        [100, 0, '=A2/B2'],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'guard the division',
      target_cell: 'C2',
      values: [['=IF(B2=0,0,A2/B2)']],
    });
    scriptReply(agent.fakes.groq, done);
    const result = (await chain({ prompt: 'price per unit' })).body;
    expect(result.stop_reason).toBe('completion');
    expect(result.steps[0].observations).toContainEqual({
      cell: 'C2',
      value: '#DIV/0!',
      formula: '=A2/B2',
      warning: null,
      error: '#DIV/0!',
    });
    expect(result.steps[0].verification).toEqual({
      cells_checked: 6,
      errors_left: 1,
      error_cells: ['C2'],
    });
    const second = promptOf(1);
    expect(second).toMatch(/FIX THESE FIRST/);
    expect(second.indexOf('C2 (=A2/B2) shows #DIV/0!')).toBeLessThan(second.indexOf('Observed'));
    expect(result.steps[1].target).toBe('C2');
    expect(await valueAt('C2')).toBe(0);
    expect(await valueAt('D2')).toBeNull();
    expect(result.steps[2]).toMatchObject({
      completion_signal: true,
      verification: { cells_checked: 6, errors_left: 0, error_cells: [] },
    });
  });

  it('a fix turn never writes over a chain cell someone else changed meanwhile: it lands beside it', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'price per unit',
      target_cell: 'A1',
      values: [
        ['Sales', 'Units', 'Price'],
        [100, 0, '=A2/B2'],
      ],
    });
    // The fix arrives late enough for a user to write into C2, the broken cell, first.
    agent.fakes.groq.replyText(
      JSON.stringify({ reasoning: 'guard', target_cell: 'C2', values: [['=IF(B2=0,0,A2/B2)']] }),
      { delayMs: 500 },
    );
    scriptReply(agent.fakes.groq, done);
    const running = chain({ prompt: 'price per unit' });
    await agent.fakes.groq.nextRequest(0);
    await agent.fakes.groq.nextRequest(1);
    expect(
      (await agent.running.http.post('/grid/cell', { cell: 'C2', value: 'mine' })).status,
    ).toBe(200);
    const result = (await running).body;
    expect(result.steps[1].target).toBe('D2');
    expect(await valueAt('C2')).toBe('mine');
    expect(await valueAt('D2')).toBe(0);
  });

  it('a formula doing arithmetic on a text label is refused before writing, fed back, and corrected', async () => {
    await seed({ A1: 'Revenue', A2: 500 });
    scriptReply(agent.fakes.groq, { reasoning: 'double', target_cell: 'B1', values: [['=A1*2']] });
    scriptReply(agent.fakes.groq, {
      reasoning: 'the number',
      target_cell: 'B2',
      values: [['=A2*2']],
    });
    scriptReply(agent.fakes.groq, done);
    const result = (await chain({ prompt: 'double revenue' })).body;
    expect(result.steps[0].guardrail_issues).toEqual([
      { cell: 'B1', formula: '=A1*2', bad_refs: ['A1'] },
    ]);
    expect(promptOf(1)).toMatch(/REJECTED/);
    expect(await valueAt('B2')).toBe(1000);
    expect(result).toMatchObject({ stop_reason: 'completion', iterations_used: 3 });
    expect(result.steps[2].verification.errors_left).toBe(0);
  });

  it("a write that breaks the user's own formula (text where it reads a number) is observed as a knock-on error and fixed", async () => {
    await seed({ B1: '=A1*2' });
    scriptReply(agent.fakes.groq, { reasoning: 'label', target_cell: 'A1', values: [['n/a']] });
    scriptReply(agent.fakes.groq, { reasoning: 'a number', target_cell: 'A1', values: [[21]] });
    scriptReply(agent.fakes.groq, done);
    const result = (await chain({ prompt: 'fill A1' })).body;
    expect(result.steps[0].observations).toContainEqual({
      cell: 'B1',
      value: '#VALUE!',
      formula: '=A1*2',
      warning: null,
      error: '#VALUE!',
    });
    expect(promptOf(1)).toContain('B1 (=A1*2) shows #VALUE!');
    expect(result.steps[1].target).toBe('A1');
    expect(await valueAt('B1')).toBe(42);
    expect(result.steps.at(-1)).toMatchObject({
      completion_signal: true,
      verification: { errors_left: 0 },
    });
  });

  it('a completion signal while its cells show errors gets one fix turn, then is accepted with the errors reported', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'ratio',
      target_cell: 'A1',
      values: [[1, 0, '=A1/B1']],
    });
    scriptReply(agent.fakes.groq, done);
    scriptReply(agent.fakes.groq, { ...done, reasoning: 'the error is intended' });
    const result = (await chain({ prompt: 'ratio' })).body;
    expect(
      result.steps.map((step: { completion_signal: boolean }) => step.completion_signal),
    ).toEqual([false, false, true]);
    expect(result.steps[1]).toMatchObject({ target: null, values: null });
    expect(result.steps[1].observations).toEqual([
      { cell: 'C1', value: '#DIV/0!', formula: '=A1/B1', warning: null, error: '#DIV/0!' },
    ]);
    expect(promptOf(2)).toMatch(/YOU SIGNALLED COMPLETION/);
    expect(result).toMatchObject({ stop_reason: 'completion', iterations_used: 3 });
    expect(result.steps[2].verification).toEqual({
      cells_checked: 3,
      errors_left: 1,
      error_cells: ['C1'],
    });
  });
});

describe('[CHAIN-STOP] the chain ends as the spec says', () => {
  it('a three-step budget chain writes its rows, then its total, and stops on the completion signal', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'items',
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 1000],
        ['Food', 300],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'total',
      target_cell: 'A4',
      values: [['Total', '=SUM(B2:B3)']],
    });
    scriptReply(agent.fakes.groq, { ...done, target_cell: 'B4' });
    const result = (await chain({ prompt: 'Build a tiny budget' })).body;
    expect(result).toMatchObject({
      iterations_used: 3,
      terminated_early: true,
      stop_reason: 'completion',
    });
    expect(result.steps[2].completion_signal).toBe(true);
    expect(await valueAt('B4')).toBe(1300);
  });

  it('14 scripted steps with max_iterations 50 stop at 10, terminated_early false', async () => {
    for (let index = 1; index <= 14; index += 1)
      scriptReply(agent.fakes.groq, {
        reasoning: `row ${index}`,
        target_cell: `A${index}`,
        values: [[index]],
      });
    const result = (await chain({ prompt: 'count', max_iterations: 50 })).body;
    expect(result).toMatchObject({
      iterations_used: 10,
      terminated_early: false,
      stop_reason: 'max_iterations',
    });
    expect(agent.fakes.groq.requests).toHaveLength(10);
    expect(result.steps[9].verification).toEqual({
      cells_checked: 10,
      errors_left: 0,
      error_cells: [],
    });
  });

  it('a model repeating its last write stops the chain, and the repeat is not written', async () => {
    const write = { reasoning: 'r', target_cell: 'A1', values: [[7]] };
    scriptReply(agent.fakes.groq, write);
    scriptReply(agent.fakes.groq, write);
    const result = (await chain({ prompt: 'seven' })).body;
    expect(result).toMatchObject({ iterations_used: 2, stop_reason: 'repeated_write' });
    expect(await valueAt('B1')).toBeNull();
  });

  it('each step reports its tokens and the result sums them', async () => {
    agent.fakes.groq.replyText(
      JSON.stringify({ reasoning: 'r', target_cell: 'A1', values: [[1]] }),
      {
        inputTokens: 30,
        outputTokens: 5,
      },
    );
    agent.fakes.groq.replyText(JSON.stringify(done), { inputTokens: 40, outputTokens: 2 });
    const result = (await chain({ prompt: 'one' })).body;
    expect(result.steps.map((step: { usage: unknown }) => step.usage)).toEqual([
      { input_tokens: 30, output_tokens: 5, total_tokens: 35 },
      { input_tokens: 40, output_tokens: 2, total_tokens: 42 },
    ]);
    expect(result.usage).toEqual({ input_tokens: 70, output_tokens: 7, total_tokens: 77 });
  });
});
