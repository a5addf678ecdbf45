// Agent definitions are data (agents/*.json): id, display name, router description, system
// prompt, and the keyword patterns the router scores. This file checks them once and exposes
// them typed; adding an agent is adding a JSON file and listing it below.
import finance from './agents/finance.json' with { type: 'json' };
import general from './agents/general.json' with { type: 'json' };

export interface AgentKeyword {
  /** A case-insensitive regular expression, matched on whole words of the prompt. */
  readonly pattern: RegExp;
  readonly weight: number;
}

export interface AgentDefinition {
  readonly id: string;
  readonly displayName: string;
  readonly routerDescription: string;
  readonly systemPrompt: string;
  readonly keywords: readonly AgentKeyword[];
}

/**
 * An agent a plugin registered (`kernel.agent({...})`). It has no keywords: routing stays
 * deterministic and a plugin cannot take over prompts meant for the built-in agents, so it is
 * chosen by naming it (`agent_id`), and listed by GET /agents.
 */
export function pluginAgentDefinition(agent: {
  readonly id: string;
  readonly displayName: string;
  readonly routerDescription: string;
  readonly systemPrompt: string;
}): AgentDefinition {
  return {
    id: agent.id.toLowerCase(),
    displayName: agent.displayName || agent.id,
    routerDescription: agent.routerDescription,
    systemPrompt: agent.systemPrompt,
    keywords: [],
  };
}

/** The agent every prompt falls back to when no other agent's keywords win. */
export const FALLBACK_AGENT_ID = 'general';

export class InvalidAgentDefinitionError extends Error {
  constructor(source: string, problem: string) {
    super(`Agent definition ${source}: ${problem}`);
    this.name = 'InvalidAgentDefinitionError';
  }
}

function requiredText(raw: Record<string, unknown>, field: string, source: string): string {
  const value = raw[field];
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidAgentDefinitionError(source, `"${field}" must be non-empty text.`);
  return value;
}

function keywordsOf(raw: unknown, source: string): AgentKeyword[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    throw new InvalidAgentDefinitionError(
      source,
      '"keywords" must be a list of {pattern, weight}.',
    );
  return raw.map((entry: unknown, index) => {
    const item = entry as { pattern?: unknown; weight?: unknown };
    if (typeof item.pattern !== 'string' || typeof item.weight !== 'number' || item.weight <= 0) {
      throw new InvalidAgentDefinitionError(
        source,
        `keywords[${index}] needs a "pattern" (text) and a positive "weight".`,
      );
    }
    try {
      return {
        pattern: new RegExp(`(?<![A-Za-z0-9])(?:${item.pattern})(?![A-Za-z0-9])`, 'i'),
        weight: item.weight,
      };
    } catch (error) {
      throw new InvalidAgentDefinitionError(
        source,
        `keywords[${index}].pattern is not a valid regular expression (${(error as Error).message}).`,
      );
    }
  });
}

/** Checks one raw definition (a parsed JSON file). */
export function parseAgentDefinition(raw: unknown, source: string): AgentDefinition {
  if (typeof raw !== 'object' || raw === null)
    throw new InvalidAgentDefinitionError(source, 'must be a JSON object.');
  const record = raw as Record<string, unknown>;
  const id = requiredText(record, 'id', source);
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(id))
    throw new InvalidAgentDefinitionError(
      source,
      `id "${id}" must be lowercase letters, digits or _.`,
    );
  return {
    id,
    displayName: requiredText(record, 'display_name', source),
    routerDescription: requiredText(record, 'router_description', source),
    systemPrompt: requiredText(record, 'system_prompt', source),
    keywords: keywordsOf(record['keywords'], source),
  };
}

/** The built-in agents, fallback first. */
export function builtInAgents(): AgentDefinition[] {
  return [
    parseAgentDefinition(general, 'agents/general.json'),
    parseAgentDefinition(finance, 'agents/finance.json'),
  ];
}
