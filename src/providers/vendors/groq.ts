// Groq through @ai-sdk/groq: OpenAI-compatible POST {baseUrl}/chat/completions with a Bearer
// key; JSON output via response_format {type: "json_object"}.
import { createGroq } from '@ai-sdk/groq';
import type { Vendor } from './vendor.js';

export const groqVendor: Vendor = {
  id: 'groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  jsonMode: 'response-format',
  createClient: ({ apiKey, baseUrl, fetch }) => {
    const provider = createGroq({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }), ...(fetch === undefined ? {} : { fetch }) });
    return (modelId) => provider.languageModel(modelId);
  },
};
