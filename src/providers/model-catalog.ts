// The model catalog: data only. Order matters: GET /models/available lists the models in this
// order, grouped by provider in the provider order. Ids are the vendors' own model ids (what
// each API expects in its model field or path), checked against the vendors' model lists.
import type { ProviderId } from './provider-ids.js';

/** fast: cheapest and quickest; balanced: good default quality; best: the vendor's strongest. */
export type ModelTier = 'fast' | 'balanced' | 'best';

export interface ModelEntry {
  readonly id: string;
  readonly provider: ProviderId;
  readonly displayName: string;
  readonly description: string;
  readonly tier: ModelTier;
  /** Input context window in tokens, when the vendor publishes one for this id. */
  readonly contextWindow: number | null;
}

export const MODEL_CATALOG: readonly ModelEntry[] = [
  {
    id: 'gemini-3.1-flash-lite-preview',
    provider: 'gemini',
    displayName: 'Gemini 3.1 Flash Lite',
    description: 'Fast and inexpensive; the default Gemini model.',
    tier: 'fast',
    contextWindow: 1_048_576,
  },
  {
    id: 'gemini-2.5-flash',
    provider: 'gemini',
    displayName: 'Gemini 2.5 Flash',
    description: 'Stable general-purpose Gemini model with a 1M-token context.',
    tier: 'balanced',
    contextWindow: 1_048_576,
  },
  {
    id: 'gemini-2.5-pro',
    provider: 'gemini',
    displayName: 'Gemini 2.5 Pro',
    description: 'Stable Gemini model for harder reasoning and larger builds.',
    tier: 'best',
    contextWindow: 1_048_576,
  },
  {
    id: 'gemini-3.1-pro-preview',
    provider: 'gemini',
    displayName: 'Gemini 3.1 Pro (preview)',
    description: "Google's strongest Gemini model, in preview.",
    tier: 'best',
    contextWindow: 1_048_576,
  },
  {
    id: 'claude-haiku-4-5-20251001',
    provider: 'anthropic',
    displayName: 'Claude Haiku 4.5',
    description: 'Fast Claude model; the default Anthropic model.',
    tier: 'fast',
    contextWindow: 200_000,
  },
  {
    id: 'claude-sonnet-4-6',
    provider: 'anthropic',
    displayName: 'Claude Sonnet 4.6',
    description: 'Balanced Claude model for most spreadsheet builds.',
    tier: 'balanced',
    contextWindow: 200_000,
  },
  {
    id: 'claude-opus-4-7',
    provider: 'anthropic',
    displayName: 'Claude Opus 4.7',
    description: 'Most capable Claude model; slower and more expensive.',
    tier: 'best',
    contextWindow: 200_000,
  },
  {
    id: 'openai/gpt-oss-120b',
    provider: 'groq',
    displayName: 'GPT-OSS 120B (Groq)',
    description: "OpenAI's open-weight 120B model on Groq; the default Groq model.",
    tier: 'balanced',
    contextWindow: 131_072,
  },
  {
    id: 'openai/gpt-oss-20b',
    provider: 'groq',
    displayName: 'GPT-OSS 20B (Groq, fast)',
    description: "OpenAI's open-weight 20B model on Groq.",
    tier: 'fast',
    contextWindow: 131_072,
  },
  {
    id: 'qwen/qwen3-32b',
    provider: 'groq',
    displayName: 'Qwen3 32B (Groq)',
    description: "Alibaba's Qwen3 32B on Groq.",
    tier: 'balanced',
    contextWindow: 131_072,
  },
  {
    id: 'llama-3.3-70b-versatile',
    provider: 'groq',
    displayName: 'Llama 3.3 70B (Groq)',
    description: "Meta's Llama 3.3 70B on Groq.",
    tier: 'balanced',
    contextWindow: 131_072,
  },
  {
    id: 'llama-3.1-8b-instant',
    provider: 'groq',
    displayName: 'Llama 3.1 8B (Groq, instant)',
    description: "Meta's small Llama 3.1 8B on Groq; quickest, for simple edits.",
    tier: 'fast',
    contextWindow: 131_072,
  },
  {
    id: 'openrouter/free',
    provider: 'openrouter',
    displayName: 'Free Models Router (auto)',
    description: 'OpenRouter picks a free model for each request; the default OpenRouter model.',
    tier: 'fast',
    contextWindow: null,
  },
  {
    id: 'openrouter/auto',
    provider: 'openrouter',
    displayName: 'Auto Router (paid)',
    description:
      'OpenRouter picks a paid model suited to the prompt; billed to your OpenRouter credits.',
    tier: 'best',
    contextWindow: null,
  },
  {
    id: 'meta-llama/llama-3.3-70b-instruct:free',
    provider: 'openrouter',
    displayName: 'Llama 3.3 70B Instruct (free)',
    description: "Meta's Llama 3.3 70B through OpenRouter's free tier.",
    tier: 'balanced',
    contextWindow: 131_072,
  },
  {
    id: 'nousresearch/hermes-3-llama-3.1-405b:free',
    provider: 'openrouter',
    displayName: 'Hermes 3 Llama 3.1 405B (free)',
    description: "Nous Research's Hermes 3 through OpenRouter's free tier.",
    tier: 'balanced',
    contextWindow: 131_072,
  },
  {
    id: 'meta-llama/llama-3.2-3b-instruct:free',
    provider: 'openrouter',
    displayName: 'Llama 3.2 3B Instruct (free)',
    description: "Meta's small Llama 3.2 3B through OpenRouter's free tier.",
    tier: 'fast',
    contextWindow: 131_072,
  },
];

/**
 * The default model of each provider. The default model overall is the one of the first
 * configured provider in PROVIDER_IDS order (gemini → anthropic → groq → openrouter): each is the
 * vendor's quick, inexpensive model, because agent calls are frequent and short.
 */
export const DEFAULT_MODEL_BY_PROVIDER: Readonly<Record<ProviderId, string>> = {
  gemini: 'gemini-3.1-flash-lite-preview',
  anthropic: 'claude-haiku-4-5-20251001',
  groq: 'openai/gpt-oss-120b',
  openrouter: 'openrouter/free',
};
