// A plugin folder's manifest.json and the plugin record of docs/contract.md §2: the fields a
// developer may set, their defaults, and the slug rule. Reading never throws for a bad manifest:
// the problem comes back as a message, as GridOS reports `manifest: …` and goes on.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** docs/contract.md §8: the slug names the plugin's folder and its secrets. */
export const PLUGIN_SLUG = /^[a-z][a-z0-9_]{1,39}$/;

export interface PluginManifest {
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly author: string;
  readonly version: string;
  /** Declared secret slots (SaaS plugin-secret store; OSS reads environment variables). */
  readonly secrets: readonly PluginSecretSlot[];
}

export interface PluginSecretSlot {
  readonly key: string;
  readonly label: string;
  readonly placeholder: string;
  readonly help: string;
}

/** What a loaded plugin offers, as GET /plugins lists it. */
export interface PluginRecord extends Omit<PluginManifest, 'secrets'> {
  readonly slug: string;
  readonly formulas: readonly string[];
  readonly agents: readonly unknown[];
  readonly models: readonly unknown[];
}

/** Defaults of a manifest a developer uploads through the portal (spec §4: category `custom`). */
export function uploadedManifest(
  slug: string,
  given: Readonly<Record<string, unknown>>,
): PluginManifest {
  return manifestWithDefaults(slug, given, {
    description: 'Uploaded through the developer portal.',
    category: 'custom',
    author: 'local',
    version: '0.1.0',
  });
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function secretSlots(value: unknown): PluginSecretSlot[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((slot: unknown) => {
    if (typeof slot !== 'object' || slot === null) return [];
    const fields = slot as Record<string, unknown>;
    const key = text(fields['key'], '');
    if (key === '') return [];
    return [
      {
        key,
        label: text(fields['label'], key),
        placeholder: text(fields['placeholder'], ''),
        help: text(fields['help'], ''),
      },
    ];
  });
}

export function manifestWithDefaults(
  slug: string,
  given: Readonly<Record<string, unknown>>,
  defaults: Partial<Omit<PluginManifest, 'secrets' | 'name'>> = {},
): PluginManifest {
  return {
    name: text(given['name'], slug),
    description: text(given['description'], defaults.description ?? ''),
    category: text(given['category'], defaults.category ?? 'custom'),
    author: text(given['author'], defaults.author ?? ''),
    version: text(given['version'], defaults.version ?? '0.0.1'),
    secrets: secretSlots(given['secrets']),
  };
}

export type ManifestRead =
  | { readonly ok: true; readonly manifest: PluginManifest }
  | { readonly ok: false; readonly error: string };

/** The folder's manifest.json with defaults; a folder without one has all defaults. */
export async function readManifest(folder: string, slug: string): Promise<ManifestRead> {
  let textContent: string;
  try {
    textContent = await readFile(path.join(folder, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { ok: true, manifest: manifestWithDefaults(slug, {}) };
    return { ok: false, error: `manifest: ${(error as Error).message}` };
  }
  try {
    const parsed: unknown = JSON.parse(textContent);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, error: 'manifest: manifest.json must hold a JSON object' };
    return { ok: true, manifest: manifestWithDefaults(slug, parsed as Record<string, unknown>) };
  } catch (error) {
    return { ok: false, error: `manifest: ${(error as Error).message}` };
  }
}
