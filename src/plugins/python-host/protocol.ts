// The host's replies (host.py), checked into typed outcomes. The host is ours, but its replies
// are still parsed text: a shape we do not expect becomes an error outcome, never a crash.

export type WireReply = Readonly<Record<string, unknown>>;

export type PluginValue = number | string | boolean | null;

export type CallOutcome =
  | { readonly ok: true; readonly value: PluginValue }
  | {
      readonly ok: false;
      readonly error: string;
      readonly kind: 'exception' | 'timeout' | 'crash';
    };

export interface PluginAgent {
  readonly id: string;
  readonly displayName: string;
  readonly routerDescription: string;
  readonly systemPrompt: string;
}

export interface PluginModel {
  readonly id: string;
  readonly provider: string;
  readonly displayName: string;
  readonly description: string;
  /** The entry's other keys as the plugin gave them (JSON values). */
  readonly extra: Readonly<Record<string, unknown>>;
}

export type LoadOutcome =
  | {
      readonly ok: true;
      readonly formulas: readonly string[];
      readonly agents: readonly PluginAgent[];
      readonly models: readonly PluginModel[];
    }
  | {
      readonly ok: false;
      readonly error: string;
      /** rejected: the plugin's own fault (import, register(), manifest); else the host's. */
      readonly kind: 'rejected' | 'timeout' | 'crash';
    };

export type CheckOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A protocol line as a JSON object, or undefined when it is not one. */
export function parseLine(line: string): WireReply | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function errorOf(reply: WireReply): string {
  return typeof reply['error'] === 'string' ? reply['error'] : 'the plugin host sent no error text';
}

const isPluginValue = (value: unknown): value is PluginValue =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

export function callOutcomeOf(reply: WireReply): CallOutcome {
  if (reply['ok'] !== true) return { ok: false, kind: 'exception', error: errorOf(reply) };
  const value = reply['value'];
  if (!isPluginValue(value))
    return { ok: false, kind: 'exception', error: 'the plugin host sent an unexpected value' };
  return { ok: true, value };
}

export function checkOutcomeOf(reply: WireReply): CheckOutcome {
  return reply['ok'] === true ? { ok: true } : { ok: false, error: errorOf(reply) };
}

const text = (record: Record<string, unknown>, key: string): string | undefined =>
  typeof record[key] === 'string' ? record[key] : undefined;

function agentOf(raw: unknown): PluginAgent | undefined {
  if (!isRecord(raw)) return undefined;
  const [id, displayName, routerDescription, systemPrompt] = [
    text(raw, 'id'),
    text(raw, 'display_name'),
    text(raw, 'router_description'),
    text(raw, 'system_prompt'),
  ];
  if (id === undefined || systemPrompt === undefined) return undefined;
  return {
    id,
    displayName: displayName ?? id,
    routerDescription: routerDescription ?? '',
    systemPrompt,
  };
}

function modelOf(raw: unknown): PluginModel | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, provider, display_name, description, ...extra } = raw;
  if (
    typeof id !== 'string' ||
    typeof provider !== 'string' ||
    typeof display_name !== 'string' ||
    typeof description !== 'string'
  )
    return undefined;
  return { id, provider, displayName: display_name, description, extra };
}

/** Every element converted, or undefined when any one does not fit. */
function listOf<T>(raw: unknown, convert: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const converted: T[] = [];
  for (const item of raw) {
    const value = convert(item);
    if (value === undefined) return undefined;
    converted.push(value);
  }
  return converted;
}

export function loadOutcomeOf(reply: WireReply): LoadOutcome {
  if (reply['ok'] !== true) return { ok: false, kind: 'rejected', error: errorOf(reply) };
  const formulas = listOf(reply['formulas'], (item) =>
    typeof item === 'string' ? item : undefined,
  );
  const agents = listOf(reply['agents'], agentOf);
  const models = listOf(reply['models'], modelOf);
  if (formulas === undefined || agents === undefined || models === undefined)
    return { ok: false, kind: 'rejected', error: 'the plugin host sent a malformed load reply' };
  return { ok: true, formulas, agents, models };
}
