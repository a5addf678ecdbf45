import { describe, expect, it } from 'vitest';
import { NoProviderConfiguredError } from './errors.js';
import { DEFAULT_MODEL_BY_PROVIDER, MODEL_CATALOG } from './model-catalog.js';
import { defaultModelId, modelAvailability, resolveModel } from './model-resolution.js';
import { PROVIDER_IDS, type ProviderId } from './provider-ids.js';

const configured = (...ids: ProviderId[]): ReadonlySet<ProviderId> => new Set(ids);

describe('model catalog', () => {
  it('has unique ids, only known providers, and at least two models per provider', () => {
    const ids = MODEL_CATALOG.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const provider of PROVIDER_IDS) {
      expect(
        MODEL_CATALOG.filter((entry) => entry.provider === provider).length,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it("every provider's default model is in the catalog under that provider", () => {
    for (const provider of PROVIDER_IDS) {
      const entry = MODEL_CATALOG.find(
        (candidate) => candidate.id === DEFAULT_MODEL_BY_PROVIDER[provider],
      );
      expect(entry?.provider).toBe(provider);
    }
  });

  it('lists providers in the fixed order gemini, anthropic, groq, openrouter', () => {
    const order = [...new Set(MODEL_CATALOG.map((entry) => entry.provider))];
    expect(order).toEqual(['gemini', 'anthropic', 'groq', 'openrouter']);
  });
});

describe('default model', () => {
  it('[MODEL-1] is null when nothing is configured', () => {
    expect(defaultModelId(configured())).toBeNull();
  });

  it('is the default of the first configured provider in the fixed order', () => {
    expect(defaultModelId(configured('openrouter', 'anthropic'))).toBe(
      DEFAULT_MODEL_BY_PROVIDER.anthropic,
    );
    expect(defaultModelId(configured('groq', 'openrouter'))).toBe(DEFAULT_MODEL_BY_PROVIDER.groq);
    expect(defaultModelId(configured('gemini', 'groq'))).toBe(DEFAULT_MODEL_BY_PROVIDER.gemini);
  });
});

describe('resolveModel', () => {
  it('uses the requested model when its provider is configured', () => {
    expect(resolveModel('claude-opus-4-7', configured('gemini', 'anthropic')).id).toBe(
      'claude-opus-4-7',
    );
  });

  it('[MODEL-3] falls back to the default model when the requested provider is not configured', () => {
    expect(resolveModel('claude-opus-4-7', configured('groq')).id).toBe(
      DEFAULT_MODEL_BY_PROVIDER.groq,
    );
  });

  it('falls back to the default model for an id outside the catalog, and for none', () => {
    expect(resolveModel('gpt-99-ultra', configured('gemini')).id).toBe(
      DEFAULT_MODEL_BY_PROVIDER.gemini,
    );
    expect(resolveModel(undefined, configured('openrouter')).id).toBe(
      DEFAULT_MODEL_BY_PROVIDER.openrouter,
    );
    expect(resolveModel('', configured('openrouter')).id).toBe(
      DEFAULT_MODEL_BY_PROVIDER.openrouter,
    );
  });

  it('throws NoProviderConfiguredError, saying what to configure, when no provider has a key', () => {
    expect(() => resolveModel('gemini-2.5-flash', configured())).toThrow(NoProviderConfiguredError);
    expect(() => resolveModel(undefined, configured())).toThrow(/Add an API key in Settings/);
  });
});

describe('modelAvailability', () => {
  it('marks models of configured providers available and sorts configured_providers', () => {
    const result = modelAvailability(configured('openrouter', 'anthropic'));
    expect(result.configuredProviders).toEqual(['anthropic', 'openrouter']);
    expect(result.defaultModelId).toBe(DEFAULT_MODEL_BY_PROVIDER.anthropic);
    for (const model of result.models)
      expect(model.available).toBe(
        model.provider === 'anthropic' || model.provider === 'openrouter',
      );
    expect(result.models.map((model) => model.id)).toEqual(MODEL_CATALOG.map((entry) => entry.id));
  });
});
