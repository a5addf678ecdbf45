// Settings — plugin secrets (SaaS): a form for each installed plugin that declares secrets.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../api/client.js';
import { ApiError, errorMessage } from '../api/errors.js';
import { PluginsApi } from '../api/plugins-api.js';
import { PluginSecretsApi, type PluginSecretsJson } from '../api/plugin-secrets-api.js';
import { PluginSecretsForm } from './PluginSecretsForm.js';

interface PluginWithSecrets {
  readonly name: string;
  readonly secrets: PluginSecretsJson;
}

export function PluginSecretsSection({ client }: { client: ApiClient }) {
  const plugins = useMemo(() => new PluginsApi(client), [client]);
  const api = useMemo(() => new PluginSecretsApi(client), [client]);
  const [declaring, setDeclaring] = useState<readonly PluginWithSecrets[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  // A plugin the secrets store does not know (404) has no secrets to configure.
  const secretsOf = useCallback(
    (slug: string): Promise<PluginSecretsJson | undefined> =>
      api.read(slug).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }),
    [api],
  );
  const refresh = useCallback(async () => {
    try {
      const { loaded } = await plugins.list();
      const read = await Promise.all(
        loaded.map(async (plugin) => ({
          name: plugin.name,
          secrets: await secretsOf(plugin.slug),
        })),
      );
      setDeclaring(
        read.filter(
          (plugin): plugin is PluginWithSecrets =>
            plugin.secrets !== undefined && plugin.secrets.declared.length > 0,
        ),
      );
      setProblem(undefined);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }, [plugins, secretsOf]);
  useEffect(() => void refresh(), [refresh]);

  if (declaring?.length === 0 && problem === undefined) return null;
  return (
    <section aria-labelledby="plugin-secrets-heading" data-testid="plugin-secrets-section">
      <h3 id="plugin-secrets-heading">Plugin secrets</h3>
      <p className="hint">
        Keys your plugins use, stored encrypted for your account and never shown again. On a
        workbook shared with you, the owner’s secrets are used.
      </p>
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          Could not read the plugins’ secrets: {problem}
        </p>
      )}
      {declaring?.map((plugin) => (
        <PluginSecretsForm
          key={plugin.secrets.plugin_slug}
          api={api}
          name={plugin.name}
          secrets={plugin.secrets}
          onChanged={refresh}
        />
      ))}
    </section>
  );
}
