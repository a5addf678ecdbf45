// Google Gemini through @ai-sdk/google: POST {baseUrl}/models/{model}:generateContent,
// key in the x-goog-api-key header; JSON output via generationConfig.responseMimeType.
import type { Vendor } from './vendor.js';

export const geminiVendor: Vendor = {
  id: 'gemini',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  jsonMode: 'response-format',
  createClient: async ({ apiKey, baseUrl, fetch }) => {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    const provider = createGoogleGenerativeAI({
      apiKey,
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      ...(fetch === undefined ? {} : { fetch }),
    });
    return (modelId) => provider.languageModel(modelId);
  },
};
