import { describe, expect, it } from 'vitest';
import { ModelOutputError } from './errors.js';
import { parseReply, sanitizePlan } from './parse-reply.js';

const source = { provider: 'groq', model: 'openai/gpt-oss-120b', finishReason: 'stop' };

function problemOf(text: string, finishReason = 'stop'): string {
  try {
    parseReply(text, { ...source, finishReason });
  } catch (error) {
    expect(error).toBeInstanceOf(ModelOutputError);
    return (error as Error).message;
  }
  throw new Error('expected a ModelOutputError');
}

describe('[AGENT-PARSE] parseReply', () => {
  it('reads a single rectangle', () => {
    const reply = parseReply(
      JSON.stringify({ reasoning: 'r', target_cell: 'B2', values: [[1, '=A1']] }),
      source,
    );
    expect(reply).toMatchObject({
      reasoning: 'r',
      requestedTarget: 'B2',
      writes: [{ target: 'B2', values: [[1, '=A1']] }],
      chartSpec: null,
      macroSpec: null,
      plan: null,
    });
  });

  it('prefers intents over a top-level rectangle and drops empty intents', () => {
    const reply = parseReply(
      JSON.stringify({
        target_cell: 'Z1',
        values: [[9]],
        intents: [
          { target_cell: 'A1', values: [['a']] },
          { target_cell: 'C1', values: [['']] },
        ],
      }),
      source,
    );
    expect(reply.writes).toEqual([{ target: 'A1', values: [['a']] }]);
  });

  it('an all-empty grid is no write (the completion signal)', () => {
    expect(parseReply('{"reasoning":"done","values":[[""]]}', source).writes).toEqual([]);
    expect(parseReply('{"reasoning":"done","values":[[null, " "]]}', source).writes).toEqual([]);
  });

  it('finds the object in prose, in code fences, and skips braces that are not JSON', () => {
    const body = '{"reasoning":"x","target_cell":"A1","values":[[1]]}';
    expect(parseReply(`Here {not json} you go: ${body} bye`, source).writes).toHaveLength(1);
    expect(parseReply('```json\n' + body + '\n```', source).writes).toHaveLength(1);
    expect(parseReply('```\n' + body + '\n```', source).writes).toHaveLength(1);
  });

  it('keeps braces inside strings', () => {
    const reply = parseReply(
      'note: {"reasoning":"uses {braces}","target_cell":"A1","values":[["}"]]}',
      source,
    );
    expect(reply.writes[0]!.values).toEqual([['}']]);
  });

  it('turns a flat row or a scalar into a grid', () => {
    expect(parseReply('{"target_cell":"A1","values":[1,2]}', source).writes[0]!.values).toEqual([
      [1, 2],
    ]);
    expect(parseReply('{"target_cell":"A1","values":"=1+1"}', source).writes[0]!.values).toEqual([
      ['=1+1'],
    ]);
  });

  it('names provider, model and problem when there is no JSON', () => {
    const message = problemOf('Sorry, I cannot.');
    expect(message).toContain('groq');
    expect(message).toContain('openai/gpt-oss-120b');
    expect(message).toContain('holds no JSON object: "Sorry, I cannot."');
  });

  it('explains an empty reply, and a reply cut by the token limit', () => {
    expect(problemOf('', 'stop')).toContain('returned no text');
    expect(problemOf('  ', 'length')).toContain('output-token limit');
  });

  it('rejects an object that is not a reply, and a reply with a wrong type, naming the field', () => {
    expect(problemOf('{"answer": 42}')).toContain('none of the keys');
    expect(problemOf('{"values": [[{"a":1}]]}')).toContain(
      'values[0][0] must be string or number or boolean or null',
    );
    expect(problemOf('{"intents": [{"target_cell": 5, "values": [[1]]}]}')).toContain(
      'intents[0].target_cell',
    );
  });
});

describe('sanitizePlan', () => {
  it('trims fields, drops empty sections and returns null without sections', () => {
    expect(
      sanitizePlan({
        title: ' T ',
        anchor: 'A1',
        sections: [{ label: ' In ', target: 'A1' }, { label: '', target: '', notes: '' }, 'junk'],
      }),
    ).toEqual({
      title: 'T',
      anchor: 'A1',
      sections: [{ label: 'In', target: 'A1', notes: '' }],
    });
    expect(sanitizePlan({ title: 'T', sections: [] })).toBeNull();
    expect(sanitizePlan(null)).toBeNull();
  });
});
