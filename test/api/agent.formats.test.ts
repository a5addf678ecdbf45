// Black-box tests of the formats a model's reply proposes (docs/agent.md, "formats"): shown in
// the preview where they land, applied with the values in one commit (one undo step), moved with
// a block that collision resolution moves, never put on cells the write did not write, checked
// like POST /grid/format's body; the chain applies them too. The model is the fake Groq server.
import { describe, expect, it } from 'vitest';
import { readGrid } from '../support/index.js';
import { scriptReply, systemPromptOf, useAgentApp } from './agent-harness.js';

const agent = useAgentApp();

const budget = {
  reasoning: 'A small budget with a currency column and a bold header.',
  target_cell: 'A1',
  values: [
    ['Item', 'Cost', 'Share'],
    ['Rent', 1200, 0.8],
    ['Food', 300, 0.2],
  ],
  formats: [
    { range: 'A1:C1', format: { bold: true, fill: '#DDEBF7' } },
    { range: 'B2:B3', format: { number_format: '"$"#,##0.00' } },
  ],
};

function apply(body: Record<string, unknown>) {
  return agent.running.http.post('/agent/apply', { agent_id: 'general', ...body });
}

describe('[AGENT-FORMATS] formats in the model reply', () => {
  it('the preview shows the proposed formats, accepts the object form, and writes nothing', async () => {
    scriptReply(agent.fakes.groq, {
      ...budget,
      formats: { 'A1:C1': { bold: true }, C2: { number_format: '0%' } },
    });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'a budget' });
    expect(response.status).toBe(200);
    expect(response.body.formats).toEqual([
      { range: 'A1:C1', format: { bold: true } },
      { range: 'C2', format: { number_format: '0%' } },
    ]);
    expect(await readGrid(agent.running.http)).toEqual({});
  });

  it('apply writes values and formats in one commit: one undo removes both', async () => {
    const response = await apply({
      target_cell: 'A1',
      values: budget.values,
      formats: budget.formats,
    });
    expect(response.status).toBe(200);
    expect(response.body.formats).toEqual(budget.formats);
    const grid = await readGrid(agent.running.http);
    expect(grid['A1']!.format).toEqual({ bold: true, fill: '#DDEBF7' });
    expect(grid['B2']!.display).toBe('$1,200.00');
    expect(grid['B2']!.value).toBe(1200);
    const undo = await agent.running.http.post('/workbook/undo');
    expect(undo.body.applied).toBe(true);
    expect(await readGrid(agent.running.http)).toEqual({});
  });

  it('formats move with a block that collision resolution moves, and stay off the cells it stepped around', async () => {
    await agent.running.http.post('/grid/range', { target_cell: 'A1', values: [['taken']] });
    await agent.running.http.post('/grid/format', { range: 'A1', format: { italic: true } });
    scriptReply(agent.fakes.groq, budget);
    const preview = (await agent.running.http.post('/agent/chat', { prompt: 'a budget' })).body;
    expect(preview.target_cell).toBe('B1');
    expect(preview.formats).toEqual([
      { range: 'B1:D1', format: { bold: true, fill: '#DDEBF7' } },
      { range: 'C2:C3', format: { number_format: '"$"#,##0.00' } },
    ]);
    await apply({
      target_cell: preview.target_cell,
      values: preview.values,
      formats: preview.formats,
    });
    const grid = await readGrid(agent.running.http);
    expect(grid['A1']!.format).toEqual({ italic: true });
    expect(grid['B1']!.format).toEqual({ bold: true, fill: '#DDEBF7' });
    expect(grid['C2']!.display).toBe('$1,200.00');
  });

  it('a format over cells the reply does not write formats none of them', async () => {
    await agent.running.http.post('/grid/range', { target_cell: 'E5', values: [[7]] });
    const response = await apply({
      target_cell: 'A1',
      values: [['x']],
      formats: [{ range: 'A1:E5', format: { bold: true } }],
    });
    expect(response.body.formats).toEqual([{ range: 'A1', format: { bold: true } }]);
    const grid = await readGrid(agent.running.http);
    expect(grid['E5']!.format).toBeUndefined();
    expect(grid['A1']!.format).toEqual({ bold: true });
  });

  it('[AGENT-422] a reply with a bad format is a 422 naming the entry and field', async () => {
    scriptReply(agent.fakes.groq, {
      ...budget,
      formats: [{ range: 'A1', format: { bold: 'yes' } }],
    });
    const response = await agent.running.http.post('/agent/chat', { prompt: 'a budget' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('formats[0].format.bold');
  });

  it('apply refuses a bad format range naming the field, and writes nothing', async () => {
    const response = await apply({
      target_cell: 'A1',
      values: [['x']],
      formats: [{ range: 'not a range', format: { bold: true } }],
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('formats[0].range');
    expect(await readGrid(agent.running.http)).toEqual({});
  });

  it("the chain applies a step's formats with its values and reports them on the step", async () => {
    scriptReply(agent.fakes.groq, budget);
    scriptReply(agent.fakes.groq, { reasoning: 'done', target_cell: 'A1', values: [['']] });
    const result = (await agent.running.http.post('/agent/chat/chain', { prompt: 'a budget' }))
      .body;
    expect(result.steps[0].formats).toEqual(budget.formats);
    const grid = await readGrid(agent.running.http);
    expect(grid['B3']!.display).toBe('$300.00');
    expect(grid['C1']!.format).toEqual({ bold: true, fill: '#DDEBF7' });
  });

  it('the prompt tells the model about formats and shows formatted cells as the user sees them', async () => {
    await agent.running.http.post('/grid/range', { target_cell: 'A1', values: [[0.25]] });
    await agent.running.http.post('/grid/format', {
      range: 'A1',
      format: { number_format: '0%' },
    });
    scriptReply(agent.fakes.groq, { reasoning: 'nothing', values: [['']] });
    await agent.running.http.post('/agent/chat', { prompt: 'look' });
    const system = systemPromptOf(agent.fakes.groq.requests.at(-1)!.body);
    expect(system).toContain('A1 | 0.25 | 0.25 |  | shows "25%" | format {"number_format":"0%"}');
    expect(system).toContain('"formats"');
  });
});
