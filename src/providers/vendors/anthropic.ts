// Anthropic Claude through @ai-sdk/anthropic: POST {baseUrl}/messages, key in x-api-key.
// The messages API has no schema-less JSON mode, so JSON is asked for in the system prompt.
import type { Vendor } from './vendor.js';

export const anthropicVendor: Vendor = {
  id: 'anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  jsonMode: 'system-prompt',
  createClient: async ({ apiKey, baseUrl, fetch }) => {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    const provider = createAnthropic({
      apiKey,
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      ...(fetch === undefined ? {} : { fetch }),
    });
    return (modelId) => provider.languageModel(modelId);
  },
};
