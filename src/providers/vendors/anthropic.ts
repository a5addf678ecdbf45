// Anthropic Claude through @ai-sdk/anthropic: POST {baseUrl}/messages, key in x-api-key.
// The messages API has no schema-less JSON mode, so JSON is asked for in the system prompt.
import { createAnthropic } from '@ai-sdk/anthropic';
import type { Vendor } from './vendor.js';

export const anthropicVendor: Vendor = {
  id: 'anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  jsonMode: 'system-prompt',
  createClient: ({ apiKey, baseUrl, fetch }) => {
    const provider = createAnthropic({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }), ...(fetch === undefined ? {} : { fetch }) });
    return (modelId) => provider.languageModel(modelId);
  },
};
