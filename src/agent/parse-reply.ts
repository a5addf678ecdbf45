// The tolerant reply parser: finds the JSON object in the model's text (bare, inside code
// fences, or inside prose), normalises the forgivable shapes, validates it against the reply
// schema and hands back a typed AgentReply. Anything else is a ModelOutputError naming the
// provider, the model and the problem.
import { Value } from 'typebox/value';
import { WorkbookError, type WireValue } from '../core/index.js';
import { ModelOutputError } from './errors.js';
import { ModelReply, REPLY_KEYS } from './reply-schema.js';
import { readFormats, type ProposedFormat } from './format-writes.js';

export interface ProposedWrite {
  /** As the model wrote it ("B3", "Summary!A1"); null when it gave none. */
  readonly target: string | null;
  readonly values: WireValue[][];
}

export interface PlanSection {
  readonly label: string;
  readonly target: string;
  readonly notes: string;
}

export interface Plan {
  readonly title: string;
  readonly anchor: string;
  readonly sections: readonly PlanSection[];
}

export interface AgentReply {
  readonly reasoning: string;
  /** The top-level target_cell as the model wrote it (also on a reply that writes nothing). */
  readonly requestedTarget: string | null;
  /** The rectangles to write, in order; empty when the reply writes no cells. */
  readonly writes: readonly ProposedWrite[];
  readonly chartSpec: Readonly<Record<string, unknown>> | null;
  readonly macroSpec: Readonly<Record<string, unknown>> | null;
  readonly plan: Plan | null;
  /** Formats for the cells the reply writes (empty when it proposes none). */
  readonly formats: readonly ProposedFormat[];
}

export interface ReplySource {
  readonly provider: string;
  readonly model: string;
  readonly finishReason: string;
}

const EXCERPT = 180;

/** Every `{...}` span at nesting depth zero, string- and escape-aware, in order. */
function balancedObjects(text: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"' && depth > 0) inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) found.push(text.slice(start, index + 1));
    }
  }
  return found;
}

function fencedBlocks(text: string): string[] {
  return [...text.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)].map((match) =>
    match[1]!.trim(),
  );
}

function firstObject(text: string): Record<string, unknown> | undefined {
  const candidates = [text.trim(), ...fencedBlocks(text), ...balancedObjects(text)];
  for (const candidate of candidates) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // not this candidate; try the next one
    }
  }
  return undefined;
}

/** A flat row becomes one row; a scalar becomes a 1x1 grid; anything else is left for the schema to judge. */
function asGrid(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value)) return typeof value === 'object' ? value : [[value]];
  if (value.length > 0 && value.every((item) => !Array.isArray(item))) return [value];
  return value;
}

function normalise(raw: Record<string, unknown>): Record<string, unknown> {
  const intents = Array.isArray(raw['intents'])
    ? raw['intents'].map((intent: unknown) =>
        typeof intent === 'object' && intent !== null
          ? { ...intent, values: asGrid((intent as Record<string, unknown>)['values']) }
          : intent,
      )
    : raw['intents'];
  return { ...raw, values: asGrid(raw['values']), intents };
}

function schemaProblem(reply: unknown): string | undefined {
  if (Value.Check(ModelReply, reply)) return undefined;
  const errors = Value.Errors(ModelReply, reply);
  const first = errors[0];
  if (first === undefined) return 'the reply does not match the reply contract.';
  const path = first.instancePath.split('/').filter(Boolean);
  const field = path.reduce(
    (text, part) =>
      /^\d+$/.test(part) ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`,
    '',
  );
  const kinds = errors
    .filter((error) => error.instancePath === first.instancePath && error.keyword === 'type')
    .map((error) => String((error.params as Record<string, unknown>)['type']));
  const expected = kinds.length > 1 ? `must be ${kinds.join(' or ')}` : first.message;
  return `${field || 'the reply'} ${expected} (see the reply contract in docs/agent.md).`;
}

function isEmptyGrid(grid: readonly (readonly WireValue[])[]): boolean {
  return grid.every((row) =>
    row.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === '')),
  );
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/** GridOS's plan cleaning: text fields, empty sections dropped, null when no section is left. */
export function sanitizePlan(raw: ModelReply['plan']): Plan | null {
  if (raw === undefined || raw === null || !Array.isArray(raw.sections)) return null;
  const sections = raw.sections
    .filter(
      (section): section is Record<string, unknown> =>
        typeof section === 'object' && section !== null,
    )
    .map((section) => ({
      label: text(section['label']),
      target: text(section['target']),
      notes: text(section['notes']),
    }))
    .filter((section) => section.label !== '' || section.target !== '' || section.notes !== '');
  return sections.length === 0
    ? null
    : { title: text(raw.title), anchor: text(raw.anchor), sections };
}

function writesOf(reply: ModelReply): ProposedWrite[] {
  const intents = (reply.intents ?? []).filter((intent) => !isEmptyGrid(intent.values));
  if (intents.length > 0)
    return intents.map((intent) => ({
      target: intent.target_cell?.trim() || null,
      values: intent.values,
    }));
  if (reply.values === undefined || reply.values === null || isEmptyGrid(reply.values)) return [];
  return [{ target: reply.target_cell?.trim() || null, values: reply.values }];
}

export function parseReply(textReply: string, source: ReplySource): AgentReply {
  const fail = (problem: string): never => {
    throw new ModelOutputError(source.provider, source.model, problem);
  };
  if (textReply.trim() === '') {
    const cutOff = /length|max_tokens/i.test(source.finishReason);
    fail(
      cutOff
        ? 'the output-token limit was reached before any answer came back (finish reason "length").'
        : `the model returned no text (finish reason "${source.finishReason}").`,
    );
  }
  const raw =
    firstObject(textReply) ??
    fail(`the reply holds no JSON object: "${textReply.trim().slice(0, EXCERPT)}"`);
  if (!REPLY_KEYS.some((key) => key in raw))
    fail(`the JSON object has none of the keys ${REPLY_KEYS.join(', ')}.`);
  const reply = normalise(raw);
  const problem = schemaProblem(reply);
  if (problem !== undefined) fail(problem);
  const valid = reply as ModelReply;
  let formats: ProposedFormat[] = [];
  try {
    formats = readFormats(valid.formats);
  } catch (error) {
    if (error instanceof WorkbookError)
      fail(`${error.message} (see the reply contract in docs/agent.md).`);
    throw error;
  }
  return {
    reasoning: text(valid.reasoning),
    requestedTarget: valid.target_cell?.trim() || null,
    writes: writesOf(valid),
    chartSpec: (valid.chart_spec as Record<string, unknown> | null | undefined) ?? null,
    macroSpec: (valid.macro_spec as Record<string, unknown> | null | undefined) ?? null,
    plan: sanitizePlan(valid.plan),
    formats,
  };
}
