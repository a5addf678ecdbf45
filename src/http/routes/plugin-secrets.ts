// Plugin secrets (spec §4 Plugin secrets): the caller's own secrets for a plugin — which slots
// its manifest declares and which the caller has set, never a value. SaaS only: in OSS mode
// plugins read environment variables and these paths answer 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ErrorBody,
  PluginSecretsParams,
  PluginSecretsResponse,
  PluginSecretsStatusResponse,
  PutPluginSecretsBody,
} from '../../contract/index.js';
import type { PluginSecrets } from '../../plugins/index.js';
import { HttpError } from '../errors.js';
import { callerOf } from '../route-deps.js';

export interface PluginSecretRouteDeps {
  /** SaaS mode's plugin secrets; undefined in OSS mode (every path answers 404). */
  readonly pluginSecrets: PluginSecrets | undefined;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody };

const OSS_REFUSAL =
  'Plugin secrets are kept per user in SaaS mode only; in OSS mode plugins read their secrets from environment variables (<SLUG>_<KEY>, or the variable the plugin names).';

export const pluginSecretRoutes: FastifyPluginAsyncTypebox<PluginSecretRouteDeps> = async (
  app,
  { pluginSecrets },
) => {
  /** The secrets service and the calling user, or the 404 of OSS mode. */
  function scoped(request: FastifyRequest): { secrets: PluginSecrets; userId: string } {
    if (pluginSecrets === undefined) throw new HttpError(404, OSS_REFUSAL);
    const userId = callerOf(request).userId;
    if (userId === undefined) throw new HttpError(401, 'Not signed in.');
    return { secrets: pluginSecrets, userId };
  }

  app.get(
    '/settings/plugin-secrets/:plugin_slug',
    {
      schema: {
        tags: ['plugins'],
        summary:
          "The plugin's declared secret slots and which of them the caller has set (never a value)",
        params: PluginSecretsParams,
        response: { 200: PluginSecretsResponse, ...errors },
      },
    },
    async (request) => {
      const { secrets, userId } = scoped(request);
      const slug = request.params.plugin_slug;
      const view = await secrets.view(userId, slug);
      return { plugin_slug: slug, declared: [...view.declared], set_keys: [...view.setKeys] };
    },
  );

  app.put(
    '/settings/plugin-secrets/:plugin_slug',
    {
      schema: {
        tags: ['plugins'],
        summary:
          'Set or remove the caller\'s secrets for a plugin: "" removes a slot, keys not sent stay',
        params: PluginSecretsParams,
        body: PutPluginSecretsBody,
        response: { 200: PluginSecretsStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { secrets, userId } = scoped(request);
      await secrets.update(userId, request.params.plugin_slug, request.body.secrets);
      return { status: 'Success' as const, plugin_slug: request.params.plugin_slug };
    },
  );

  app.delete(
    '/settings/plugin-secrets/:plugin_slug',
    {
      schema: {
        tags: ['plugins'],
        summary: "Wipe all of the caller's secrets for a plugin",
        params: PluginSecretsParams,
        response: { 200: PluginSecretsStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { secrets, userId } = scoped(request);
      await secrets.clear(userId, request.params.plugin_slug);
      return { status: 'Success' as const, plugin_slug: request.params.plugin_slug };
    },
  );
};
