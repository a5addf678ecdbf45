// Python plugins (docs/contract.md §2 Plugin record, §4 Developer plugins).
import { Type, type Static } from 'typebox';
import { CellValueJson, List } from './common.js';

export const PLUGIN_SLUG_PATTERN = '^[a-z][a-z0-9_]{1,39}$';

export const PluginRecordJson = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String(),
  author: Type.String(),
  version: Type.String(),
  formulas: List(Type.String()),
  agents: List(Type.Unknown(), { description: 'Agent ids.' }),
  models: List(Type.Unknown(), { description: 'Model ids.' }),
});
export type PluginRecordJson = Static<typeof PluginRecordJson>;

export const PluginErrorJson = Type.Object({ plugin: Type.String(), error: Type.String() });

export const PluginsResponse = Type.Object({
  enabled: Type.Boolean({ description: 'Plugins can run (a usable Python was found).' }),
  dev_portal: Type.Boolean({
    description:
      'The developer portal (/dev/plugins/*) is on: GRIDBOOK_DEV_PORTAL_ENABLED=1, OSS mode.',
  }),
  python: Type.Union([Type.String(), Type.Null()], {
    description: "The plugin host's Python version, or null when plugins cannot run.",
  }),
  loaded: List(PluginRecordJson),
  errors: List(PluginErrorJson, { description: 'Plugins that did not load, and why.' }),
});
export type PluginsResponse = Static<typeof PluginsResponse>;

export const PluginUploadBody = Type.Object(
  {
    slug: Type.String({
      maxLength: 100,
      description: `Names the plugin and its folder: ${PLUGIN_SLUG_PATTERN} (400 otherwise).`,
    }),
    manifest: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ maxLength: 200 })),
          description: Type.Optional(Type.String({ maxLength: 2_000 })),
          category: Type.Optional(Type.String({ maxLength: 100 })),
          author: Type.Optional(Type.String({ maxLength: 200 })),
          version: Type.Optional(Type.String({ maxLength: 50 })),
          secrets: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 50 })),
        },
        {
          description:
            'Missing fields take defaults: name = slug, category custom, author local, version 0.1.0.',
        },
      ),
    ),
    plugin_py: Type.String({
      minLength: 1,
      maxLength: 1_048_576,
      description:
        'plugin.py: defines a top-level register(kernel); syntax-checked before it is imported.',
    }),
  },
  {
    examples: [
      {
        slug: 'double_it',
        plugin_py:
          'def register(kernel):\n    @kernel.formula("DOUBLE_IT")\n    def double_it(x):\n        return x * 2\n',
      },
    ],
  },
);
export type PluginUploadBody = Static<typeof PluginUploadBody>;

export const PluginUploadResponse = Type.Object({
  ok: Type.Literal(true),
  record: PluginRecordJson,
});

export const PluginUploadFailure = Type.Object(
  { ok: Type.Literal(false), error: PluginErrorJson },
  { description: 'A syntax error, a failing register(), a built-in name taken, or no Python.' },
);

export const PluginSlugParam = Type.Object({
  slug: Type.String({ maxLength: 100, description: PLUGIN_SLUG_PATTERN }),
});
export type PluginSlugParam = Static<typeof PluginSlugParam>;

export const PluginDeleteResponse = Type.Object({ ok: Type.Literal(true), slug: Type.String() });

export const PluginTestBody = Type.Object(
  {
    formula: Type.String({
      minLength: 1,
      maxLength: 8_192,
      description: 'A leading = is optional.',
    }),
  },
  { examples: [{ formula: '=HELLO("Ada")' }] },
);
export type PluginTestBody = Static<typeof PluginTestBody>;

export const PluginTestResponse = Type.Union([
  Type.Object({ ok: Type.Literal(true), value: CellValueJson }),
  Type.Object({
    ok: Type.Literal(false),
    error: Type.String({ description: 'The error value and its reason (#NAME? …, #TIMEOUT! …).' }),
  }),
]);

// Plugin secrets (spec §2 Plugin secret schema, §4 Plugin secrets; SaaS only).

export const PluginSecretsParams = Type.Object({
  plugin_slug: Type.String({
    maxLength: 100,
    description: `A loaded plugin's slug: ${PLUGIN_SLUG_PATTERN} (400 otherwise; 404 when no such plugin is loaded).`,
  }),
});
export type PluginSecretsParams = Static<typeof PluginSecretsParams>;

export const PluginSecretSlotJson = Type.Object({
  key: Type.String({ description: 'The secret key the plugin reads (kernel.get_secret).' }),
  label: Type.String(),
  placeholder: Type.String(),
  help: Type.String(),
});

export const PluginSecretsResponse = Type.Object(
  {
    plugin_slug: Type.String(),
    declared: List(PluginSecretSlotJson, {
      description: "The slots the plugin's manifest declares.",
    }),
    set_keys: List(Type.String(), {
      description: 'The keys the caller has a value for, sorted. Values are never returned.',
    }),
  },
  {
    examples: [
      {
        plugin_slug: 'weather',
        declared: [
          {
            key: 'API_TOKEN',
            label: 'API token',
            placeholder: 'tok_…',
            help: 'From your weather account settings.',
          },
        ],
        set_keys: ['API_TOKEN'],
      },
    ],
  },
);

export const PutPluginSecretsBody = Type.Object(
  {
    secrets: Type.Record(Type.String(), Type.String({ maxLength: 8_192 }), {
      maxProperties: 50,
      description:
        'Declared secret key → value. "" deletes that slot; keys not sent are left as they are; a key the plugin does not declare is a 400.',
    }),
  },
  { examples: [{ secrets: { API_TOKEN: 'tok_your-token-here', REGION: '' } }] },
);
export type PutPluginSecretsBody = Static<typeof PutPluginSecretsBody>;

export const PluginSecretsStatusResponse = Type.Object(
  { status: Type.Literal('Success'), plugin_slug: Type.String() },
  { examples: [{ status: 'Success', plugin_slug: 'weather' }] },
);
