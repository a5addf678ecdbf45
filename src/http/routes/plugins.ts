// GET /plugins and the developer portal (docs/contract.md §4 Developer plugins): upload, delete
// and test Python plugins while the server runs. The portal is OSS only and off unless
// GRIDBOOK_DEV_PORTAL_ENABLED=1: uploaded code runs with the server user's rights.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  PluginDeleteResponse,
  PluginSlugParam,
  PluginsResponse,
  PluginTestBody,
  PluginTestResponse,
  PluginUploadBody,
  PluginUploadFailure,
  PluginUploadResponse,
} from '../../contract/index.js';
import { Type } from 'typebox';
import { PLUGIN_SLUG, testPluginFormula } from '../../plugins/index.js';
import type { PluginRegistry } from '../../plugins/index.js';
import { HttpError } from '../errors.js';
import type { RouteDeps } from '../route-deps.js';

export interface PluginRouteDeps extends Omit<RouteDeps, 'plugins'> {
  /** The plugins this server runs; omitted (tests without plugins), none are loaded. */
  readonly plugins?: PluginRegistry | undefined;
}

const PORTAL_ERRORS = { 400: ErrorBody, 403: ErrorBody };

/** The spec answers a bad slug with 400 (not the schema's 422), naming the rule. */
function checkedSlug(slug: string): string {
  if (!PLUGIN_SLUG.test(slug))
    throw new HttpError(
      400,
      `slug: "${slug.slice(0, 100)}" must match ${PLUGIN_SLUG.source}: a lowercase letter, then 1–39 lowercase letters, digits or _.`,
    );
  return slug;
}

export const pluginRoutes: FastifyPluginAsyncTypebox<PluginRouteDeps> = async (app, deps) => {
  const portalOn = deps.config.mode === 'oss' && deps.config.devPortalEnabled;

  /** The portal's registry, or the refusal that says why there is none. */
  function portal(): PluginRegistry {
    if (deps.config.mode !== 'oss')
      throw new HttpError(403, 'The developer portal is not available in SaaS mode.');
    if (!deps.config.devPortalEnabled)
      throw new HttpError(
        403,
        'The developer portal is off: start the server with GRIDBOOK_DEV_PORTAL_ENABLED=1 (it runs uploaded Python code with the server user’s rights).',
      );
    if (deps.plugins === undefined) throw new HttpError(403, 'This server runs without plugins.');
    return deps.plugins;
  }

  app.get(
    '/plugins',
    {
      schema: {
        response: { 200: PluginsResponse },
        tags: ['plugins'],
        summary: 'Loaded plugins, the ones that failed to load, and whether the portal is on',
      },
    },
    async () => ({
      enabled: deps.plugins?.python !== null && deps.plugins !== undefined,
      dev_portal: portalOn && deps.plugins !== undefined,
      python: deps.plugins?.python ?? null,
      loaded: deps.plugins?.records() ?? [],
      errors: deps.plugins?.errors() ?? [],
    }),
  );

  app.post(
    '/dev/plugins/upload',
    {
      schema: {
        body: PluginUploadBody,
        response: {
          200: PluginUploadResponse,
          400: Type.Union([PluginUploadFailure, ErrorBody]),
          403: ErrorBody,
        },
        tags: ['plugins'],
        summary: 'Write a plugin and load it now (no restart); a plugin of that slug is replaced',
      },
    },
    async (request, reply) => {
      const registry = portal();
      const outcome = await registry.upload(
        checkedSlug(request.body.slug),
        request.body.manifest ?? {},
        request.body.plugin_py,
      );
      return outcome.ok ? outcome : reply.code(400).send(outcome);
    },
  );

  app.delete(
    '/dev/plugins/:slug',
    {
      schema: {
        params: PluginSlugParam,
        response: { 200: PluginDeleteResponse, 404: ErrorBody, ...PORTAL_ERRORS },
        tags: ['plugins'],
        summary: 'Unload a plugin, remove its folder; cells calling its formulas show #NAME?',
      },
    },
    async (request) => {
      const registry = portal();
      const removed = await registry.remove(checkedSlug(request.params.slug));
      if (!removed) throw new HttpError(404, `slug: no plugin "${request.params.slug}" is loaded.`);
      return { ok: true as const, slug: request.params.slug };
    },
  );

  app.post(
    '/dev/plugins/test',
    {
      schema: {
        body: PluginTestBody,
        response: { 200: PluginTestResponse, ...PORTAL_ERRORS },
        tags: ['plugins'],
        summary: 'Evaluate a formula in a throwaway workbook with the loaded plugins',
      },
    },
    async (request) =>
      testPluginFormula(portal(), request.body.formula, deps.config.plugins.budgetMs),
  );
};
