import { describe, expect, it } from 'vitest';
import {
  builtInAgents,
  InvalidAgentDefinitionError,
  parseAgentDefinition,
} from './agent-definitions.js';
import { routePrompt } from './routing.js';

const agents = builtInAgents();

describe('[AGENT-ROUTE] routePrompt', () => {
  it.each([
    ['Build a DCF model with WACC and terminal value', 'finance'],
    ['Make an income statement for 2025', 'finance'],
    ['Plan a monthly budget', 'finance'],
    ['Sort these names alphabetically', 'general'],
    ['A grocery list with the cost of each item', 'general'],
    ['', 'general'],
  ])('%s → %s', (prompt, expected) => {
    expect(routePrompt(prompt, agents).agent.id).toBe(expected);
  });

  it('matches whole words only ("reroute" is not "roi", "nocost" is not "cost")', () => {
    expect(routePrompt('reroute the nocost list', agents).agent.id).toBe('general');
  });

  it('an explicit known agent id wins; an unknown one is ignored', () => {
    expect(routePrompt('list fruits', agents, 'FINANCE').agent.id).toBe('finance');
    expect(routePrompt('list fruits', agents, 'ghost').agent.id).toBe('general');
  });

  it('a tie between two agents goes to the fallback', () => {
    const a = parseAgentDefinition(
      {
        id: 'alpha',
        display_name: 'A',
        router_description: 'a',
        system_prompt: 'a',
        keywords: [{ pattern: 'shared', weight: 1 }],
      },
      'a',
    );
    const b = parseAgentDefinition(
      {
        id: 'beta',
        display_name: 'B',
        router_description: 'b',
        system_prompt: 'b',
        keywords: [{ pattern: 'shared', weight: 1 }],
      },
      'b',
    );
    expect(routePrompt('a shared word', [agents[0]!, a, b]).agent.id).toBe('general');
  });
});

describe('agent definitions', () => {
  it('the built-in agents are general and finance, each with a prompt', () => {
    expect(agents.map((agent) => agent.id)).toEqual(['general', 'finance']);
    for (const agent of agents) expect(agent.systemPrompt.length).toBeGreaterThan(100);
  });

  it('a broken definition names its file and field', () => {
    expect(() =>
      parseAgentDefinition(
        { id: 'x!', display_name: 'X', router_description: 'x', system_prompt: 'x' },
        'agents/x.json',
      ),
    ).toThrow(/agents\/x.json: id "x!"/);
    expect(() =>
      parseAgentDefinition(
        { id: 'ok', display_name: 'X', router_description: 'x' },
        'agents/x.json',
      ),
    ).toThrow(InvalidAgentDefinitionError);
    expect(() =>
      parseAgentDefinition(
        {
          id: 'ok',
          display_name: 'X',
          router_description: 'x',
          system_prompt: 'x',
          keywords: [{ pattern: '(', weight: 1 }],
        },
        'f',
      ),
    ).toThrow(/not a valid regular expression/);
  });
});
