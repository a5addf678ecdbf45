// The app's ProviderService as tests use it: keys in memory (the given ones as environment
// fallbacks), every vendor reached at its fake, retries without waiting on the clock.
import { MemoryKeyStore, ProviderService, type ProviderId } from '../../src/providers/index.js';
import type { FakeProviders } from './index.js';

export function providersOnFakes(
  fakes: FakeProviders | undefined,
  envKeys: Partial<Record<ProviderId, string>> = {},
): Promise<ProviderService> {
  return ProviderService.open({
    keyStore: new MemoryKeyStore(),
    envKeys,
    ...(fakes === undefined ? {} : { baseUrls: fakes.baseUrls }),
    sleep: async () => {},
  });
}
