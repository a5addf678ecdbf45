// OpenRouter through @openrouter/ai-sdk-provider: OpenAI-compatible POST
// {baseUrl}/chat/completions with a Bearer key and an app title header; JSON output via
// response_format {type: "json_object"}.
import type { Vendor } from './vendor.js';

export const openrouterVendor: Vendor = {
  id: 'openrouter',
  defaultBaseUrl: 'https://openrouter.ai/api/v1',
  jsonMode: 'response-format',
  createClient: async ({ apiKey, baseUrl, fetch }) => {
    const { createOpenRouter } = await import('@openrouter/ai-sdk-provider');
    const provider = createOpenRouter({
      apiKey,
      appName: 'Gridbook',
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      ...(fetch === undefined ? {} : { fetch }),
    });
    return (modelId) => provider.chat(modelId);
  },
};
