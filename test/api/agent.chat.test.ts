// Black-box tests of POST /agent/chat and GET /agents against the fake vendor servers: routing,
// what the prompt shows the model, every preview field, the tolerant reply parser and its 422,
// guardrails on the preview, model selection and the no-provider error, macros, aborts.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { JSON_INSTRUCTION } from '../../src/providers/index.js';
import { toolsOffered } from '../fakes/index.js';
import { readGrid } from '../support/index.js';
import {
  conversationOf,
  GROQ_DEFAULT_MODEL,
  GROQ_KEY,
  scriptReply,
  systemPromptOf,
  useAgentApp,
} from './agent-harness.js';

const agent = useAgentApp();

const simpleReply = {
  reasoning: 'Adds a total.',
  target_cell: 'D1',
  values: [['Total', '=SUM(B2:B3)']],
};

async function seedBudget(): Promise<void> {
  await agent.running.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Item', 'Cost'],
      ['Rent', 100],
      ['Food', 50],
    ],
  });
}

describe('GET /agents', () => {
  it('lists general and finance with display name and router description', async () => {
    const response = await agent.running.http.get('/agents');
    expect(response.status).toBe(200);
    const ids = response.body.agents.map((agent: { id: string }) => agent.id);
    expect(ids).toEqual(expect.arrayContaining(['general', 'finance']));
    for (const agent of response.body.agents) {
      expect(agent.display_name).toEqual(expect.any(String));
      expect(agent.router_description.length).toBeGreaterThan(10);
    }
  });
});

describe('[AGENT-ROUTE] deterministic routing, no extra LLM call', () => {
  it('sends finance prompts to finance and the rest to general, with one model call each', async () => {
    scriptReply(agent.fakes.groq, simpleReply);
    scriptReply(agent.fakes.groq, simpleReply);
    const finance = await agent.running.http.post('/agent/chat', {
      prompt: 'Build a DCF with a terminal value and WACC of 9%',
    });
    const general = await agent.running.http.post('/agent/chat', {
      prompt: 'Make a list of my three favourite fruits',
    });
    expect(finance.body.category).toBe('finance');
    expect(finance.body.agent_id).toBe('finance');
    expect(general.body.category).toBe('general');
    expect(agent.fakes.groq.requests).toHaveLength(2);
    expect(systemPromptOf(agent.fakes.groq.requests[0]!.body)).toContain('financial modeller');
    expect(systemPromptOf(agent.fakes.groq.requests[1]!.body)).not.toContain('financial modeller');
  });

  it('routes the same prompt to the same agent every time', async () => {
    const prompt = 'Forecast monthly revenue and expenses for a budget';
    for (let round = 0; round < 3; round += 1) scriptReply(agent.fakes.groq, simpleReply);
    const answers = [];
    for (let round = 0; round < 3; round += 1)
      answers.push((await agent.running.http.post('/agent/chat', { prompt })).body.agent_id);
    expect(answers).toEqual(['finance', 'finance', 'finance']);
  });

  it('an explicit agent_id skips routing; an unknown one is routed', async () => {
    scriptReply(agent.fakes.groq, simpleReply);
    scriptReply(agent.fakes.groq, simpleReply);
    const forced = await agent.running.http.post('/agent/chat', {
      prompt: 'list fruits',
      agent_id: 'finance',
    });
    const unknown = await agent.running.http.post('/agent/chat', {
      prompt: 'list fruits',
      agent_id: 'nobody',
    });
    expect(forced.body.agent_id).toBe('finance');
    expect(unknown.body.agent_id).toBe('general');
  });
});

describe('[AGENT-PROMPT] what the model is shown', () => {
  it('the grid as a table of occupied cells with input, computed value and lock, plus sheets and functions', async () => {
    await seedBudget();
    await agent.running.http.post('/grid/range', { target_cell: 'B4', values: [['=SUM(B2:B3)']] });
    await agent.running.http.post('/grid/lock', { range: 'A1' });
    await agent.running.http.post('/workbook/sheet', { name: 'Data' });
    await agent.running.http.post('/grid/cell', { cell: 'C3', value: 7, sheet: 'Data' });
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    const system = systemPromptOf(agent.fakes.groq.requests[0]!.body);
    expect(system).toContain('A1 | "Item" | "Item" | locked');
    expect(system).toContain('B2 | 100 | 100 |');
    expect(system).toContain('B4 | =SUM(B2:B3) | 150 |');
    expect(system).toContain('OCCUPIED RANGE: A1:B4');
    expect(system).toMatch(/OTHER SHEETS.*Data \(C3, 1 cells\)/);
    expect(system).toMatch(
      /FUNCTIONS the formula engine supports \(\d+;[^)]*\): .*\bSUM\(number1, …\).*\bVLOOKUP\(search_criterion, array, index, \[sort_order\]\)/,
    );
    expect(system).toContain('MINUS');
    expect(system).toContain('"reasoning"');
    expect(system).toContain('values": [[""]]');
  });

  it('[AGENT-SCOPE] scope selection shows only the selected cells', async () => {
    await seedBudget();
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', {
      prompt: 'double it',
      scope: 'selection',
      selected_cells: ['b2', 'A3:B3'],
    });
    const system = systemPromptOf(agent.fakes.groq.requests[0]!.body);
    expect(system).toContain('B2 | 100 | 100 |');
    expect(system).toContain('A3 | "Food" | "Food" |');
    expect(system).not.toContain('A1 | "Item"');
    expect(system).not.toContain('A2 | "Rent"');
    expect(system).toContain('selected cells only (B2, A3:B3)');
  });

  it('scope sheet shows every cell even when cells are selected', async () => {
    await seedBudget();
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', {
      prompt: 'double it',
      scope: 'sheet',
      selected_cells: ['B2'],
    });
    expect(systemPromptOf(agent.fakes.groq.requests[0]!.body)).toContain('A1 | "Item"');
  });

  it('caps the table and says how many cells were left out', async () => {
    const rows = Array.from({ length: 1200 }, (_, index) => [index, index * 2]);
    await agent.running.http.post('/grid/range', { target_cell: 'A1', values: rows });
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', { prompt: 'summarise' });
    const system = systemPromptOf(agent.fakes.groq.requests[0]!.body);
    expect(system).toContain('[400 more cells not shown: the table is capped at 2000 cells');
    expect(system).not.toContain('B1200 |');
  });

  it('sends history oldest first, then the prompt', async () => {
    scriptReply(agent.fakes.groq, simpleReply);
    const history = [
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
    ];
    await agent.running.http.post('/agent/chat', { prompt: 'now this', history });
    expect(conversationOf(agent.fakes.groq.requests[0]!.body)).toEqual([
      ...history,
      { role: 'user', content: 'now this' },
    ]);
  });

  it('without tools (GRIDBOOK_AGENT_TOOL_CALLS=0) asks the vendor for JSON output (structured-output mode)', async () => {
    await agent.restart({ keys: { groq: GROQ_KEY }, env: { GRIDBOOK_AGENT_TOOL_CALLS: '0' } });
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    const body = agent.fakes.groq.requests[0]!.body;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.tools).toBeUndefined();
  });

  it('with tools (the default) offers the four read-only tools and asks for JSON in the system prompt, since vendors refuse JSON mode beside tools', async () => {
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    const request = agent.fakes.groq.requests[0]!;
    expect(toolsOffered(request).sort()).toEqual(['eval', 'find', 'peek', 'schema']);
    expect(request.body.response_format).toBeUndefined();
    expect(JSON.stringify(request.body.messages[0])).toContain(JSON_INSTRUCTION);
  });
});

describe('[AGENT-PREVIEW] preview fields (docs/contract.md §2 Agent preview)', () => {
  it('a single rectangle: every field, and nothing is written', async () => {
    await seedBudget();
    const before = await readGrid(agent.running.http);
    scriptReply(agent.fakes.groq, {
      reasoning: 'Adds a total row.',
      target_cell: 'a4',
      values: [['Total', '=SUM(B2:B3)']],
      chart_spec: {
        data_range: 'A1:B3',
        chart_type: 'bar',
        title: 'Costs',
        anchor_cell: 'F2',
        orientation: 'columns',
      },
      macro_spec: null,
      plan: {
        title: 'Budget',
        anchor: 'A1',
        sections: [{ label: 'Total', target: 'A4', notes: 'sum' }],
      },
    });
    const response = await agent.running.http.post('/agent/chat', {
      prompt: 'add a total row',
      selected_cells: ['A4'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      category: 'general',
      agent_id: 'general',
      reasoning: 'Adds a total row.',
      sheet: 'Sheet1',
      target_cell: 'A4',
      original_request: 'a4',
      preview_cells: [
        { cell: 'A4', value: 'Total' },
        { cell: 'B4', value: '=SUM(B2:B3)' },
      ],
      values: [['Total', '=SUM(B2:B3)']],
      chart_spec: {
        data_range: 'A1:B3',
        chart_type: 'bar',
        title: 'Costs',
        anchor_cell: 'F2',
        orientation: 'columns',
      },
      proposed_macro: null,
      macro_error: null,
      plan: {
        title: 'Budget',
        anchor: 'A1',
        sections: [{ label: 'Total', target: 'A4', notes: 'sum' }],
      },
    });
    expect(await readGrid(agent.running.http)).toEqual(before);
  });

  it('target_cell is collision-resolved, original_request is what the model asked, formulas into the block move with it', async () => {
    await seedBudget();
    scriptReply(agent.fakes.groq, {
      reasoning: 'copy',
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 100],
        ['Total', '=B2'],
      ],
    });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'make a table' });
    expect(response.body.target_cell).toBe('C1');
    expect(response.body.original_request).toBe('A1');
    expect(response.body.values).toEqual([
      ['Item', 'Cost'],
      ['Rent', 100],
      ['Total', '=D2'],
    ]);
    expect(response.body.preview_cells[0]).toEqual({ cell: 'C1', value: 'Item' });
  });

  it('no grid write: values null, preview_cells empty; plan only on the first turn', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'Nothing to do.',
      values: [['']],
      plan: { title: 'T', anchor: 'A1', sections: [{ label: 'x', target: 'A1', notes: '' }] },
    });
    const response = await agent.running.http.post('/agent/chat', {
      prompt: 'what is this?',
      history: [{ role: 'user', content: 'hi' }],
    });
    expect(response.body.values).toBeNull();
    expect(response.body.preview_cells).toEqual([]);
    expect(response.body.chart_spec).toBeNull();
    expect(response.body.plan).toBeNull();
    expect(response.body.target_cell).toBe('A1');
  });

  it('intents on one sheet become one block; null cells of the block leave cells alone', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'Two rectangles.',
      intents: [
        { target_cell: 'A1', values: [['Header']] },
        { target_cell: 'C3', values: [[1, 2]] },
      ],
    });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'two parts' });
    expect(response.body.target_cell).toBe('A1');
    expect(response.body.values).toEqual([['Header'], [], [null, null, 1, 2]]);
    expect(response.body.preview_cells.map((cell: { cell: string }) => cell.cell)).toEqual([
      'A1',
      'C3',
      'D3',
    ]);
    expect(response.body.intents).toBeNull();
  });

  it('a proposed macro is compiled against the engine functions and never saved', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'macro',
      values: [['']],
      macro_spec: {
        name: 'margin',
        params: ['revenue', 'cost'],
        description: 'Profit margin',
        body: '=DIVIDE(MINUS(REVENUE, COST), REVENUE)',
      },
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'macro',
      values: [['']],
      macro_spec: { name: 'BAD', params: ['A'], body: '=NOSUCHFN(A)' },
    });
    const good = await agent.running.http.post('/agent/chat', { prompt: 'a margin macro' });
    const bad = await agent.running.http.post('/agent/chat', { prompt: 'a bad macro' });
    expect(good.body.proposed_macro).toEqual({
      name: 'MARGIN',
      params: ['REVENUE', 'COST'],
      description: 'Profit margin',
      body: '=DIVIDE(MINUS(REVENUE, COST), REVENUE)',
      replaces_existing: false,
    });
    expect(good.body.macro_error).toBeNull();
    expect(bad.body.macro_error).toContain('NOSUCHFN is not a function the engine supports');
    const evaluated = await agent.running.http.post('/eval', {
      formulas: [{ cell: 'A1', formula: '=MARGIN(10, 5)' }],
    });
    expect(evaluated.body.results[0].error).toBe('#NAME?');
  });
});

describe('[AGENT-PARSE] the tolerant reply parser', () => {
  it('accepts the object inside prose and inside code fences', async () => {
    scriptReply(
      agent.fakes.groq,
      `Sure! Here you go:\n${JSON.stringify(simpleReply)}\nHope that helps.`,
    );
    scriptReply(agent.fakes.groq, '```json\n' + JSON.stringify(simpleReply) + '\n```');
    const prose = await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    const fenced = await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    expect(prose.status).toBe(200);
    expect(prose.body.values).toEqual(simpleReply.values);
    expect(fenced.status).toBe(200);
    expect(fenced.body.target_cell).toBe('D1');
  });

  it('accepts a flat row as one row', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: ['a', 'b'] });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'row' });
    expect(response.status).toBe(200);
    expect(response.body.values).toEqual([['a', 'b']]);
  });

  it('[AGENT-422] text that holds no JSON is a 422 naming provider, model and problem', async () => {
    scriptReply(agent.fakes.groq, 'I cannot help with spreadsheets today.');
    const response = await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('groq');
    expect(response.body.detail).toContain(GROQ_DEFAULT_MODEL);
    expect(response.body.detail).toContain('holds no JSON object');
    expect(response.body.detail).toContain('I cannot help');
  });

  it('[AGENT-422] a reply that breaks the schema names the field', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'r',
      target_cell: 'A1',
      values: [[{ nested: true }]],
    });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(
      /values\[0\]\[0\] must be string or number or boolean or null/,
    );
  });

  it('[AGENT-422] an empty reply cut by the token limit says so', async () => {
    agent.fakes.groq.replyText('', { finishReason: 'length' });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('output-token limit');
  });

  it('[AGENT-422] a target the model got wrong is the model problem, not a 500', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'NOT A CELL', values: [[1]] });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('NOT A CELL');
  });
});

describe('[AGENT-GUARD] guardrails run on the preview', () => {
  it('answers 422 listing {cell, formula, empty_refs} and writes nothing', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'A1', value: 100 });
    scriptReply(agent.fakes.groq, { reasoning: 'ratio', target_cell: 'C1', values: [['=A1/B1']] });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'ratio' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([{ cell: 'C1', formula: '=A1/B1', empty_refs: ['B1'] }]);
  });

  it('answers 422 listing {cell, formula, bad_refs} for arithmetic on a label', async () => {
    await agent.running.http.post('/grid/range', { target_cell: 'A1', values: [['Q1', 100]] });
    scriptReply(agent.fakes.groq, { reasoning: 'double', target_cell: 'C1', values: [['=A1*2']] });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'double' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([{ cell: 'C1', formula: '=A1*2', bad_refs: ['A1'] }]);
  });

  it('answers 422 listing {cell, formula, parse_error} for a formula the engine cannot parse', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'sum', target_cell: 'C1', values: [['=SUM(A1']] });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'sum' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { cell: 'C1', formula: '=SUM(A1', parse_error: expect.stringContaining('cannot parse') },
    ]);
  });
});

describe('[AGENT-MODEL] model selection and providers', () => {
  it('uses the requested model when its provider is configured, and falls back to the default otherwise', async () => {
    scriptReply(agent.fakes.groq, simpleReply);
    scriptReply(agent.fakes.groq, simpleReply);
    await agent.running.http.post('/agent/chat', {
      prompt: 'x',
      model_id: 'llama-3.3-70b-versatile',
    });
    const fallback = await agent.running.http.post('/agent/chat', {
      prompt: 'x',
      model_id: 'claude-sonnet-4-6',
    });
    expect(agent.fakes.groq.requests[0]!.model).toBe('llama-3.3-70b-versatile');
    expect(agent.fakes.groq.requests[1]!.model).toBe(GROQ_DEFAULT_MODEL);
    expect(fallback.body.model).toBe(GROQ_DEFAULT_MODEL);
    expect(agent.fakes.anthropic.requests).toHaveLength(0);
  });

  it('with no provider configured answers a 4xx naming what to configure, without calling anyone', async () => {
    await agent.restart({ keys: {} });
    for (const path of ['/agent/chat', '/agent/chat/chain']) {
      const response = await agent.running.http.post(path, { prompt: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain('No LLM provider is configured');
      expect(response.body.detail).toContain('/settings/keys/save');
    }
    expect(agent.fakes.groq.requests).toHaveLength(0);
  });

  it('a key saved with /settings/keys/save is used at once', async () => {
    await agent.restart({ keys: {} });
    expect(
      (
        await agent.running.http.post('/settings/keys/save', {
          provider: 'anthropic',
          api_key: 'sk-ant-saved-key-1234',
        })
      ).status,
    ).toBe(200);
    agent.fakes.anthropic.replyText(JSON.stringify(simpleReply));
    const response = await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
    expect(response.body.provider).toBe('anthropic');
    expect(agent.fakes.anthropic.requests[0]!.headers['x-api-key']).toBe('sk-ant-saved-key-1234');
  });

  for (const provider of ['gemini', 'anthropic', 'groq', 'openrouter'] as const) {
    it(`previews through ${provider}'s wire protocol`, async () => {
      await agent.restart({ keys: { [provider]: `${provider}-test-key-000000` } });
      // Anthropic has no JSON mode: its models often wrap the object in prose, which is accepted.
      agent.fakes[provider].replyText(`Here it is: ${JSON.stringify(simpleReply)}`);
      const response = await agent.running.http.post('/agent/chat', { prompt: 'add a total' });
      expect(response.status).toBe(200);
      expect(response.body.provider).toBe(provider);
      expect(response.body.values).toEqual(simpleReply.values);
      expect(agent.fakes[provider].requests).toHaveLength(1);
    });
  }

  it('a vendor rejecting the key is a clear 4xx, not a 500', async () => {
    agent.fakes.groq.replyError(401, 'invalid api key');
    const response = await agent.running.http.post('/agent/chat', { prompt: 'x' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.detail).toContain('groq');
  });
});

describe('[AGENT-ABORT] a client that disconnects aborts the in-flight LLM call', () => {
  it('the fake vendor sees its request closed early', async () => {
    agent.fakes.groq.enqueue({ kind: 'hang' });
    // A raw socket that is destroyed: a real hang-up, as a closed browser tab gives.
    const client = http.request(`${agent.running.url}/agent/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    client.on('error', () => {});
    client.end(JSON.stringify({ prompt: 'slow' }));
    const request = await agent.fakes.groq.nextRequest(0);
    client.destroy();
    await expect.poll(() => request.closedEarly(), { timeout: 5_000, interval: 20 }).toBe(true);
  });
});
