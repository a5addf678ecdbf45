// Groq through @ai-sdk/groq: OpenAI-compatible POST {baseUrl}/chat/completions with a Bearer
// key; JSON output via response_format {type: "json_object"}.
import type { Vendor } from './vendor.js';

export const groqVendor: Vendor = {
  id: 'groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  jsonMode: 'response-format',
  createClient: async ({ apiKey, baseUrl, fetch }) => {
    const { createGroq } = await import('@ai-sdk/groq');
    const provider = createGroq({
      apiKey,
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      ...(fetch === undefined ? {} : { fetch }),
    });
    return (modelId) => provider.languageModel(modelId);
  },
};
