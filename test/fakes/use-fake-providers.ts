// The four fake vendors for one test file: started before its tests, reset before each test,
// closed after. The returned object reads through to the running fakes, so a test file can
// hold it in a const.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeProviders, type FakeProviders } from './index.js';

export function useFakeProviders(): FakeProviders {
  let started: FakeProviders | undefined;
  const current = (): FakeProviders => {
    if (started === undefined)
      throw new Error('the fake providers are used before beforeAll started them');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeProviders();
  });
  afterAll(async () => started?.close());
  beforeEach(() => current().reset());
  return {
    get gemini() {
      return current().gemini;
    },
    get anthropic() {
      return current().anthropic;
    },
    get groq() {
      return current().groq;
    },
    get openrouter() {
      return current().openrouter;
    },
    get baseUrls() {
      return current().baseUrls;
    },
    get env() {
      return current().env;
    },
    reset: () => current().reset(),
    close: () => current().close(),
  };
}
