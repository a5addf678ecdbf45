// The four LLM providers, in the fixed order every listing and the default-model choice use.
import { UnknownProviderError } from './errors.js';

export const PROVIDER_IDS = ['gemini', 'anthropic', 'groq', 'openrouter'] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_DISPLAY_NAMES: Readonly<Record<ProviderId, string>> = {
  gemini: 'Google Gemini',
  anthropic: 'Anthropic Claude',
  groq: 'Groq',
  openrouter: 'OpenRouter',
};

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/** Trims and lowercases what a client sent ("  Gemini " → "gemini"); anything else is an UnknownProviderError. */
export function parseProviderId(raw: string, field = 'provider'): ProviderId {
  const normalised = raw.trim().toLowerCase();
  if (!isProviderId(normalised)) throw new UnknownProviderError(raw, field);
  return normalised;
}
