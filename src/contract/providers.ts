// Provider keys and the model list (docs/contract.md §2 Provider and Model, §4 Providers and
// models).
import { Type, type Static } from 'typebox';

export const ProviderIdParam = Type.Object({
  provider_id: Type.String({
    maxLength: 100,
    description: 'gemini, anthropic, groq or openrouter (case-insensitive).',
  }),
});
export type ProviderIdParam = Static<typeof ProviderIdParam>;

export const SaveKeyBody = Type.Object(
  {
    provider: Type.String({
      maxLength: 100,
      description: 'gemini, anthropic, groq or openrouter (trimmed, case-insensitive).',
    }),
    api_key: Type.String({
      maxLength: 4096,
      description:
        "The vendor's API key; surrounding spaces are trimmed; empty is a 400. Never returned by any endpoint.",
    }),
  },
  { examples: [{ provider: 'groq', api_key: 'gsk_your-key-here' }] },
);
export type SaveKeyBody = Static<typeof SaveKeyBody>;

export const ProviderJson = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  configured: Type.Boolean({
    description: 'A key is stored (or comes from the environment) and the client was built.',
  }),
  masked_key: Type.String({
    description: '"" without a key; otherwise bullets and at most the last 4 characters.',
  }),
  key_source: Type.Union([Type.Literal('stored'), Type.Literal('env'), Type.Null()], {
    description: 'Where the active key came from.',
  }),
});

export const ProvidersResponse = Type.Object({ providers: Type.Array(ProviderJson) });

export const SaveKeyResponse = Type.Object({
  status: Type.Literal('Success'),
  provider: Type.String(),
  configured: Type.Boolean(),
});

export const DeleteKeyResponse = Type.Object({
  status: Type.Literal('Success'),
  provider: Type.String(),
});

export const ModelJson = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
  tier: Type.Union([Type.Literal('fast'), Type.Literal('balanced'), Type.Literal('best')]),
  context_window: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Input tokens, when the vendor publishes it.',
  }),
  available: Type.Boolean({ description: "True when the model's provider is configured." }),
});

export const ModelsResponse = Type.Object({
  models: Type.Array(ModelJson),
  default_model_id: Type.Union([Type.String(), Type.Null()], {
    description:
      'The model used when a request names none or an unusable one; null when no provider is configured.',
  }),
  configured_providers: Type.Array(Type.String(), { description: 'Sorted provider ids.' }),
});
export type ProvidersResponse = Static<typeof ProvidersResponse>;
export type ModelsResponse = Static<typeof ModelsResponse>;
