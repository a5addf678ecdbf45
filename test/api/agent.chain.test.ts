// Black-box tests of POST /agent/chat/chain against a scripted fake model (the fake Groq
// server's reply queue): the 3-section budget acceptance run, stop rules, the max_iterations
// clamp, plan sectioning with one retry on column-alignment warnings, guardrail feedback,
// errors, locks, and SSE progress with abort on disconnect.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { readGrid, readValues } from '../support/index.js';
import { conversationOf, scriptReply, useAgentApp } from './agent-harness.js';

const agent = useAgentApp();

const DONE = { reasoning: 'All done.', target_cell: 'A1', values: [['']] };

/** The user prompt of the n-th model call (the chain's follow-up prompts). */
function promptOfCall(index: number): string {
  const conversation = conversationOf(agent.fakes.groq.requests[index]!.body);
  return conversation[conversation.length - 1]!.content;
}

function chain(body: Record<string, unknown>) {
  return agent.running.http.post('/agent/chat/chain', body);
}

describe('[CHAIN-ACCEPT] a scripted model builds a 3-section budget', () => {
  it('leaves the expected values, every formula computing without a sentinel', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'Plan the budget; inputs first.',
      plan: {
        title: 'Monthly budget',
        anchor: 'A1',
        sections: [
          { label: 'Inputs', target: 'A1', notes: 'income and savings rate' },
          { label: 'Expenses', target: 'A4', notes: 'one row per expense and a total' },
          { label: 'Summary', target: 'A9', notes: 'savings and what is left' },
        ],
      },
      target_cell: 'A1',
      values: [
        ['Monthly income', 5000],
        ['Savings rate', 0.2],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'Expenses.',
      target_cell: 'A4',
      values: [
        ['Rent', 1500],
        ['Food', 600],
        ['Transport', 200],
        ['Total expenses', '=SUM(B4:B6)'],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'Summary.',
      target_cell: 'A9',
      values: [
        ['Savings', '=B1*B2'],
        ['Left to spend', '=B1-B7-B9'],
      ],
    });
    scriptReply(agent.fakes.groq, DONE);

    const response = await chain({
      prompt: 'Build me a monthly budget with income, expenses and a summary',
    });
    expect(response.status).toBe(200);
    const result = response.body;
    expect(result.sheet).toBe('Sheet1');
    expect(
      result.steps.map((step: { completion_signal: boolean }) => step.completion_signal),
    ).toEqual([false, false, false, true]);
    expect(result.iterations_used).toBe(4);
    expect(result.terminated_early).toBe(true);
    expect(result.steps[0].agent_id).toBe('finance');
    expect(result.steps[0].plan.sections).toHaveLength(3);
    expect(result.steps.slice(1).every((step: { plan: unknown }) => step.plan === null)).toBe(true);
    expect(result.steps.map((step: { target: string }) => step.target).slice(0, 3)).toEqual([
      'A1',
      'A4',
      'A9',
    ]);

    const grid = await readGrid(agent.running.http);
    expect(grid['B7']!.value).toBe(2300);
    expect(grid['B9']!.value).toBe(1000);
    expect(grid['B10']!.value).toBe(1700);
    const formulas = Object.values(grid).filter((cell) => cell.formula !== null);
    expect(formulas).toHaveLength(3);
    for (const cell of formulas) {
      expect(cell.error).toBeNull();
      expect(typeof cell.value).toBe('number');
    }
    // One section per turn: the follow-up prompts name the next section.
    expect(promptOfCall(1)).toContain('Write only the section "Expenses" at A4');
    expect(promptOfCall(2)).toContain('Write only the section "Summary" at A9');
    expect(promptOfCall(2)).toContain('Observed after last write: [B7=2300]');
    expect(promptOfCall(3)).toContain('all 3 sections are written');
  });

  it('reports observations for each written cell: value, formula and warning', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [[2, '=A1*3']] });
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'triple it' })).body;
    expect(result.steps[0]).toMatchObject({
      iteration: 0,
      agent_id: 'general',
      reasoning: 'r',
      target: 'A1',
      values: [[2, '=A1*3']],
      observations: [
        { cell: 'A1', value: 2, formula: null, warning: null },
        { cell: 'B1', value: 6, formula: '=A1*3', warning: null },
      ],
      completion_signal: false,
      chart: null,
      chart_error: null,
      proposed_macro: null,
      macro_error: null,
      plan: null,
    });
    expect(result.steps[1]).toMatchObject({
      iteration: 1,
      completion_signal: true,
      values: [['']],
      observations: [],
    });
  });
});

describe('[CHAIN-STOP] stop rules', () => {
  it('a completion signal on the first turn is the only step and writes nothing', async () => {
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'nothing to do' })).body;
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0].completion_signal).toBe(true);
    expect(result).toMatchObject({ iterations_used: 1, terminated_early: true });
    expect(await readValues(agent.running.http)).toEqual({});
  });

  it('a write of plain values does not end the chain: it goes on until the completion signal', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [['a', 'b']] });
    scriptReply(agent.fakes.groq, { reasoning: 'done', target_cell: 'A1', values: [['']] });
    const result = (await chain({ prompt: 'write a and b' })).body;
    expect(
      result.steps.map((step: { completion_signal: boolean }) => step.completion_signal),
    ).toEqual([false, true]);
    expect(result).toMatchObject({
      iterations_used: 2,
      terminated_early: true,
      stop_reason: 'completion',
    });
    expect(agent.fakes.groq.requests).toHaveLength(2);
  });

  it('reaching max_iterations stops with terminated_early false', async () => {
    for (let index = 0; index < 3; index += 1)
      scriptReply(agent.fakes.groq, {
        reasoning: 'more',
        target_cell: `A${index + 1}`,
        values: [[index, `=A${index + 1}*2`]],
      });
    const result = (await chain({ prompt: 'keep going', max_iterations: 2 })).body;
    expect(result.steps).toHaveLength(2);
    expect(result).toMatchObject({
      iterations_used: 2,
      terminated_early: false,
      stop_reason: 'max_iterations',
    });
    expect(agent.fakes.groq.requests).toHaveLength(2);
  });

  it('a completion signal in the last allowed iteration is the last step and terminated_early is false', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [[1, '=A1+1']] });
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'go', max_iterations: 2 })).body;
    expect(
      result.steps.map((step: { completion_signal: boolean }) => step.completion_signal),
    ).toEqual([false, true]);
    expect(result.terminated_early).toBe(false);
  });
});

describe('[CHAIN-CLAMP] max_iterations is clamped to 1..10 (docs/contract.md §8)', () => {
  const formulaReply = (index: number) => ({
    reasoning: 'more',
    target_cell: `A${index + 1}`,
    values: [[index, `=A${index + 1}+1`]],
  });

  for (const [requested, expected] of [
    [50, 10],
    [undefined, 10],
    [0, 1],
    [-3, 1],
    [3, 3],
  ] as const) {
    it(`max_iterations ${String(requested)} runs at most ${expected} iterations`, async () => {
      for (let index = 0; index < 12; index += 1)
        scriptReply(agent.fakes.groq, formulaReply(index));
      const result = (
        await chain({
          prompt: 'count up',
          ...(requested === undefined ? {} : { max_iterations: requested }),
        })
      ).body;
      expect(result.iterations_used).toBe(expected);
      expect(result.terminated_early).toBe(false);
      expect(agent.fakes.groq.requests).toHaveLength(expected);
    });
  }

  it('a max_iterations that is not an integer is a 422 naming the field', async () => {
    const response = await chain({ prompt: 'x', max_iterations: 'ten' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('max_iterations');
  });
});

describe('[CHAIN-PLAN] plan sections and the retry on warnings', () => {
  const plan = {
    title: 'Doubled',
    anchor: 'A1',
    sections: [
      { label: 'Data', target: 'A1', notes: '' },
      { label: 'Double', target: 'C1', notes: 'twice the Jan column' },
    ],
  };

  it('a section with column-alignment warnings is retried once, replacing its first attempt', async () => {
    scriptReply(agent.fakes.groq, {
      reasoning: 'data',
      plan,
      target_cell: 'A1',
      values: [
        ['Item', 'Jan'],
        ['Rent', 100],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'double (misaligned)',
      target_cell: 'C1',
      values: [['Double'], ['=IFERROR(A2*2, 0)']],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'double (fixed)',
      target_cell: 'C1',
      values: [['Double'], ['=B2*2']],
    });
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'double the numbers' })).body;
    expect(result.steps).toHaveLength(4);
    const warned = result.steps[1].observations.find(
      (observation: { cell: string }) => observation.cell === 'C2',
    );
    expect(warned.warning).toContain("A2='Rent'");
    expect(warned.warning).toContain('column-alignment');
    expect(result.steps[2].target).toBe('C1');
    expect(
      result.steps[2].observations.every(
        (observation: { warning: unknown }) => observation.warning === null,
      ),
    ).toBe(true);
    expect(promptOfCall(2)).toContain('COLUMN-ALIGNMENT WARNINGS');
    expect(promptOfCall(2)).toContain('Re-emit only the section "Double" at C1');
    const grid = await readGrid(agent.running.http);
    expect(grid['C2']!.formula).toBe('=B2*2');
    expect(grid['C2']!.value).toBe(200);
    expect(grid['D1']).toBeUndefined();
  });

  it('a retry that still warns is kept and the plan advances (one retry only)', async () => {
    const onePlan = {
      title: 'One',
      anchor: 'C1',
      sections: [{ label: 'Double', target: 'C1', notes: '' }],
    };
    await agent.running.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Jan'],
        ['Rent', 100],
      ],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'a',
      plan: onePlan,
      target_cell: 'C1',
      values: [['=IFERROR(A2*2, 0)']],
    });
    scriptReply(agent.fakes.groq, {
      reasoning: 'b',
      target_cell: 'C1',
      values: [['=IFERROR(A2*3, 0)']],
    });
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'double' })).body;
    expect(result.steps.map((step: { target: string }) => step.target)).toEqual(['C1', 'C1', 'A1']);
    expect(promptOfCall(2)).toContain('already retried once');
    expect(promptOfCall(2)).not.toContain('Re-emit');
    expect((await readGrid(agent.running.http))['C1']!.formula).toBe('=IFERROR(A2*3, 0)');
  });
});

describe('[CHAIN-GUARD] guardrails in the chain', () => {
  it('a rejected write is reported as a step, writes nothing, and is fed back to the model', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'bad', target_cell: 'A1', values: [['=Z9*2']] });
    scriptReply(agent.fakes.groq, { reasoning: 'good', target_cell: 'A1', values: [[4, '=A1*2']] });
    scriptReply(agent.fakes.groq, DONE);
    const result = (await chain({ prompt: 'double something' })).body;
    expect(result.steps[0].guardrail_issues).toEqual([
      { cell: 'A1', formula: '=Z9*2', empty_refs: ['Z9'] },
    ]);
    expect(result.steps[0].observations).toEqual([]);
    expect(promptOfCall(1)).toContain('YOUR LAST WRITE WAS REJECTED');
    expect(promptOfCall(1)).toContain('Z9');
    expect(result.steps[1].guardrail_issues).toBeNull();
    expect(await readValues(agent.running.http)).toEqual({ A1: 4, B1: 8 });
  });

  it('rejections do not stop the chain: the model corrects its write and finishes', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'bad', target_cell: 'A1', values: [['=Z9*2']] });
    scriptReply(agent.fakes.groq, {
      reasoning: 'bad again',
      target_cell: 'A1',
      values: [['=Z8*2']],
    });
    scriptReply(agent.fakes.groq, { reasoning: 'ok', target_cell: 'A1', values: [[2, '=A1*2']] });
    scriptReply(agent.fakes.groq, { reasoning: 'done', target_cell: 'A1', values: [['']] });
    const result = (await chain({ prompt: 'x' })).body;
    expect(result).toMatchObject({ iterations_used: 4, stop_reason: 'completion' });
    expect(result.steps[1].guardrail_issues).not.toBeNull();
    expect(result.steps[2].observations[1]).toMatchObject({ cell: 'B1', value: 4 });
  });

  it('the same rejected write twice stops the chain as a repeated write', async () => {
    const bad = { reasoning: 'bad', target_cell: 'A1', values: [['=Z9*2']] };
    scriptReply(agent.fakes.groq, bad);
    scriptReply(agent.fakes.groq, bad);
    scriptReply(agent.fakes.groq, { reasoning: 'never asked', target_cell: 'A1', values: [[1]] });
    const result = (await chain({ prompt: 'x' })).body;
    expect(result).toMatchObject({
      iterations_used: 2,
      stop_reason: 'repeated_write',
      terminated_early: true,
    });
    expect(result.steps[1]).toMatchObject({ target: null, values: null, completion_signal: false });
    expect(agent.fakes.groq.requests).toHaveLength(2);
  });

  it('locked cells are never changed by a chain: the write lands beside them', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'A1', value: 'mine' });
    await agent.running.http.post('/grid/lock', { range: 'A1' });
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [['theirs']] });
    const result = (await chain({ prompt: 'x' })).body;
    expect(result.steps[0].target).toBe('B1');
    expect(await readValues(agent.running.http)).toEqual({ A1: 'mine', B1: 'theirs' });
  });
});

describe('[CHAIN-ERRORS] errors', () => {
  it('a malformed first reply is a 422 naming the provider', async () => {
    scriptReply(agent.fakes.groq, 'no json here');
    const response = await chain({ prompt: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('groq');
  });

  it('a malformed later reply ends the chain, keeping and reporting the steps already applied', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'r', target_cell: 'A1', values: [[1, '=A1+1']] });
    scriptReply(agent.fakes.groq, 'garbage');
    const response = await chain({ prompt: 'x' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      iterations_used: 1,
      stop_reason: 'error',
      terminated_early: true,
    });
    expect(response.body.error).toContain('groq');
    expect(await readValues(agent.running.http)).toEqual({ A1: 1, B1: 2 });
  });
});

interface SseEvent {
  readonly event: string;
  readonly data: any;
}

function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}

describe('[CHAIN-SSE] Accept: text/event-stream streams each step, then the final response', () => {
  it('sends one step event per step and a result event equal to the JSON response', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'one', target_cell: 'A1', values: [[1, '=A1+1']] });
    scriptReply(agent.fakes.groq, DONE);
    const response = await fetch(`${agent.running.url}/agent/chat/chain`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ prompt: 'go' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = parseEvents(await response.text());
    expect(events.map((event) => event.event)).toEqual(['step', 'step', 'result']);
    expect(events[0]!.data.iteration).toBe(0);
    expect(events[1]!.data.completion_signal).toBe(true);
    expect(events[2]!.data.steps).toEqual([events[0]!.data, events[1]!.data]);
    expect(events[2]!.data.iterations_used).toBe(2);
  });

  it('a step arrives while the next model call is still agent.running; hanging up aborts that call and stops the chain', async () => {
    scriptReply(agent.fakes.groq, { reasoning: 'one', target_cell: 'A1', values: [[1, '=A1+1']] });
    agent.fakes.groq.enqueue({ kind: 'hang' });
    scriptReply(agent.fakes.groq, {
      reasoning: 'never',
      target_cell: 'C1',
      values: [[3, '=C1+1']],
    });
    const firstEvent = await new Promise<{ text: string; client: http.ClientRequest }>(
      (resolve, reject) => {
        const client = http.request(`${agent.running.url}/agent/chat/chain`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        });
        client.on('error', () => {});
        client.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.includes('\n\n')) resolve({ text, client });
          });
          response.on('error', () => {});
        });
        client.on('error', reject);
        client.end(JSON.stringify({ prompt: 'go' }));
      },
    );
    expect(parseEvents(firstEvent.text)[0]).toMatchObject({
      event: 'step',
      data: { iteration: 0, target: 'A1' },
    });
    const pendingCall = await agent.fakes.groq.nextRequest(1);
    firstEvent.client.destroy();
    await expect.poll(() => pendingCall.closedEarly(), { timeout: 5_000, interval: 20 }).toBe(true);
    // The chain stopped: the third scripted reply is never asked for, and nothing more is written.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(agent.fakes.groq.requests).toHaveLength(2);
    expect(await readValues(agent.running.http)).toEqual({ A1: 1, B1: 2 });
  });

  it('a chain that fails before any step answers a plain JSON error with its status', async () => {
    scriptReply(agent.fakes.groq, 'not json');
    const response = await fetch(`${agent.running.url}/agent/chat/chain`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ prompt: 'go' }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
