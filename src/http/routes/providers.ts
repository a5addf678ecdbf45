// Provider keys and the model list. Responses have schemas, so nothing but the listed fields
// (masked_key, never a key) can leave the server even if a presenter were wrong.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeleteKeyResponse,
  ErrorBody,
  ModelsResponse,
  ProviderIdParam,
  ProvidersResponse,
  SaveKeyBody,
  SaveKeyResponse,
} from '../../contract/index.js';
import type { FastifyRequest } from 'fastify';
import type { ProviderService } from '../../providers/index.js';

export interface ProviderRouteDeps {
  /** The caller's providers: the server's in OSS, the caller's own keys in SaaS. */
  readonly providersFor: (request: FastifyRequest) => Promise<ProviderService>;
}

const errors = { 400: ErrorBody, 422: ErrorBody };

export const providerRoutes: FastifyPluginAsyncTypebox<ProviderRouteDeps> = async (
  app,
  { providersFor },
) => {
  app.get(
    '/settings/providers',
    {
      schema: {
        tags: ['providers'],
        summary: 'Providers with configured state and masked key',
        response: { 200: ProvidersResponse },
      },
    },
    async (request) => ({
      providers: (await providersFor(request)).providers().map((provider) => ({
        id: provider.id,
        display_name: provider.displayName,
        configured: provider.configured,
        masked_key: provider.maskedKey,
        key_source: provider.keySource,
      })),
    }),
  );

  app.post(
    '/settings/keys/save',
    {
      schema: {
        tags: ['providers'],
        summary: 'Store a provider API key (key file) and build its client',
        body: SaveKeyBody,
        response: { 200: SaveKeyResponse, ...errors },
      },
    },
    async (request) => {
      const providers = await providersFor(request);
      const saved = await providers.saveKey(request.body.provider, request.body.api_key);
      return { status: 'Success' as const, provider: saved.provider, configured: saved.configured };
    },
  );

  app.delete(
    '/settings/keys/:provider_id',
    {
      schema: {
        tags: ['providers'],
        summary: 'Remove a stored key (idempotent; the env fallback returns only after a restart)',
        params: ProviderIdParam,
        response: { 200: DeleteKeyResponse, ...errors },
      },
    },
    async (request) => {
      const providers = await providersFor(request);
      const removed = await providers.deleteKey(request.params.provider_id);
      return { status: 'Success' as const, provider: removed.provider };
    },
  );

  app.get(
    '/models/available',
    {
      schema: {
        tags: ['providers'],
        summary: 'Model catalog with availability and the default model',
        response: { 200: ModelsResponse },
      },
    },
    async (request) => {
      const { models, defaultModelId, configuredProviders } = (
        await providersFor(request)
      ).models();
      return {
        models: models.map((model) => ({
          id: model.id,
          provider: model.provider,
          display_name: model.displayName,
          description: model.description,
          tier: model.tier,
          context_window: model.contextWindow,
          available: model.available,
        })),
        default_model_id: defaultModelId,
        configured_providers: [...configuredProviders],
      };
    },
  );
};
