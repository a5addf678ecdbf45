// Deterministic routing (docs/design.md §6): each agent's keyword patterns are scored against the
// prompt; the highest score wins, ties and zero scores go to the fallback agent. No LLM call,
// so the same prompt always reaches the same agent.
import { FALLBACK_AGENT_ID, type AgentDefinition } from './agent-definitions.js';

export interface RoutingDecision {
  readonly agent: AgentDefinition;
  /** Score per agent id, for tests and logs. */
  readonly scores: Readonly<Record<string, number>>;
}

function score(agent: AgentDefinition, prompt: string): number {
  return agent.keywords.reduce(
    (total, keyword) => total + (keyword.pattern.test(prompt) ? keyword.weight : 0),
    0,
  );
}

export function routePrompt(
  prompt: string,
  agents: readonly AgentDefinition[],
  requestedAgentId?: string | null,
): RoutingDecision {
  const fallback = agents.find((agent) => agent.id === FALLBACK_AGENT_ID) ?? agents[0];
  if (fallback === undefined) throw new Error('routePrompt needs at least one agent definition');
  const scores = Object.fromEntries(agents.map((agent) => [agent.id, score(agent, prompt)]));
  const requested = requestedAgentId
    ? agents.find((agent) => agent.id === requestedAgentId.trim().toLowerCase())
    : undefined;
  if (requested !== undefined) return { agent: requested, scores };
  let best = fallback;
  let bestScore = 0;
  let tied = false;
  for (const agent of agents) {
    const value = scores[agent.id]!;
    if (value > bestScore) {
      best = agent;
      bestScore = value;
      tied = false;
    } else if (value === bestScore && value > 0 && agent !== best) {
      tied = true;
    }
  }
  return { agent: tied ? fallback : best, scores };
}
