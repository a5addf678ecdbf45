import { describe, expect, it } from 'vitest';
import { EmptyApiKeyError, ProviderInitError, UnknownProviderError } from './errors.js';
import { MemoryKeyStore } from './memory-key-store.js';
import { DEFAULT_MODEL_BY_PROVIDER } from './model-catalog.js';
import { ProviderService } from './provider-service.js';

const ENV = { gemini: 'AIza-env-gemini-1111', groq: 'gsk_env-groq-2222' };

function statusOf(service: ProviderService, id: string) {
  return service.providers().find((provider) => provider.id === id);
}

describe('key precedence and lifecycle', () => {
  it('an env key configures its provider when nothing is stored', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore(), envKeys: ENV });
    expect(statusOf(service, 'gemini')).toMatchObject({
      configured: true,
      keySource: 'env',
      maskedKey: '••••1111',
    });
    expect(statusOf(service, 'anthropic')).toMatchObject({
      configured: false,
      keySource: null,
      maskedKey: '',
    });
    expect([...service.configuredProviders()].sort()).toEqual(['gemini', 'groq']);
  });

  it('[PROV-4] a stored key takes precedence over the env key', async () => {
    const service = await ProviderService.open({
      keyStore: new MemoryKeyStore({ gemini: 'AIza-stored-9999' }),
      envKeys: ENV,
    });
    expect(statusOf(service, 'gemini')).toMatchObject({
      configured: true,
      keySource: 'stored',
      maskedKey: '••••9999',
    });
  });

  it('saving a key replaces the env key at once and persists it', async () => {
    const keyStore = new MemoryKeyStore();
    const service = await ProviderService.open({ keyStore, envKeys: ENV });
    expect(await service.saveKey('gemini', '  AIza-saved-5555  ')).toEqual({
      provider: 'gemini',
      configured: true,
    });
    expect(statusOf(service, 'gemini')).toMatchObject({
      keySource: 'stored',
      maskedKey: '••••5555',
    });
    expect(await keyStore.list()).toEqual({ gemini: 'AIza-saved-5555' });
  });

  it('[PROV-7] delete turns the provider off and does not bring the env fallback back until restart', async () => {
    const keyStore = new MemoryKeyStore({ gemini: 'AIza-stored-9999' });
    const service = await ProviderService.open({ keyStore, envKeys: ENV });
    await service.deleteKey('gemini');
    expect(statusOf(service, 'gemini')).toMatchObject({ configured: false, maskedKey: '' });
    expect(service.models().defaultModelId).toBe(DEFAULT_MODEL_BY_PROVIDER.groq);

    const restarted = await ProviderService.open({ keyStore, envKeys: ENV });
    expect(statusOf(restarted, 'gemini')).toMatchObject({ configured: true, keySource: 'env' });
  });

  it('delete of a provider running on its env key turns it off too, and is idempotent', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore(), envKeys: ENV });
    expect(await service.deleteKey('groq')).toEqual({ provider: 'groq' });
    expect(await service.deleteKey('groq')).toEqual({ provider: 'groq' });
    expect(statusOf(service, 'groq')?.configured).toBe(false);
  });

  it('saving after a delete configures the provider again', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore(), envKeys: ENV });
    await service.deleteKey('groq');
    await service.saveKey('groq', 'gsk_new-3333');
    expect(statusOf(service, 'groq')).toMatchObject({
      configured: true,
      keySource: 'stored',
      maskedKey: '••••3333',
    });
  });
});

describe('saveKey validation', () => {
  it('normalises the provider id (trim, lowercase)', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore() });
    expect(await service.saveKey(' Anthropic ', 'sk-ant-abc-1234')).toEqual({
      provider: 'anthropic',
      configured: true,
    });
  });

  it('rejects an unknown provider, naming it and the accepted ids', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore() });
    await expect(service.saveKey('openai', 'sk-x')).rejects.toThrow(UnknownProviderError);
    await expect(service.saveKey('openai', 'sk-x')).rejects.toThrow(
      /Unknown provider: "openai".*gemini, anthropic, groq, openrouter/,
    );
    await expect(service.deleteKey('openai')).rejects.toThrow(UnknownProviderError);
  });

  it('rejects an empty or blank key and stores nothing', async () => {
    const keyStore = new MemoryKeyStore();
    const service = await ProviderService.open({ keyStore });
    await expect(service.saveKey('groq', '   ')).rejects.toThrow(EmptyApiKeyError);
    await expect(service.saveKey('groq', '')).rejects.toThrow(/API key is empty/);
    expect(await keyStore.list()).toEqual({});
  });

  it('rejects a key a client cannot be built from (inner line break) without storing it or echoing it', async () => {
    const keyStore = new MemoryKeyStore();
    const service = await ProviderService.open({ keyStore });
    const error = await service
      .saveKey('gemini', 'AIza-part-one\nAIza-part-two')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderInitError);
    expect((error as Error).message).toMatch(/^Could not initialize gemini: /);
    expect((error as Error).message).not.toContain('AIza-part');
    expect(await keyStore.list()).toEqual({});
    expect(statusOf(service, 'gemini')?.configured).toBe(false);
  });
});

describe('model list', () => {
  it('with no key anywhere: default_model_id is null and no model is available', async () => {
    const service = await ProviderService.open({ keyStore: new MemoryKeyStore() });
    const models = service.models();
    expect(models.defaultModelId).toBeNull();
    expect(models.configuredProviders).toEqual([]);
    expect(models.models.every((model) => !model.available)).toBe(true);
  });
});
