// The plugins a server runs: found at start in the bundled folder and <data dir>/plugins (a
// data-dir plugin replaces a bundled one of the same slug), loaded into the Python host, listed
// as plugin records, and changed while the server runs by the developer portal (upload, delete).
// Each change tells listeners which formulas came or went, so hosting can rebuild the engines:
// cells calling a new function compute, cells calling a removed one show #NAME?.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CustomFunction } from '../core/index.js';
import {
  readManifest,
  uploadedManifest,
  type PluginManifest,
  type PluginRecord,
  type PluginSecretSlot,
} from './manifest.js';
import { PluginFunctions } from './plugin-functions.js';
import type { PythonPluginHost } from './python-host/bridge.js';
import type { CallOutcome, PluginAgent } from './python-host/protocol.js';
import type { PluginSecretStore } from './secret-store.js';

export interface PluginRegistryOptions {
  /** The running host, or undefined when Python is not available (`pythonProblem` says why). */
  readonly host: PythonPluginHost | undefined;
  readonly pythonProblem?: string | undefined;
  /** Read-only plugins shipped with Gridbook. */
  readonly bundledDir: string | undefined;
  /** <data dir>/plugins: found at start, and where uploads are written. */
  readonly dataDir: string;
  /** Plugin time one run of queued calls may use (GRIDBOOK_PLUGIN_BUDGET_MS). */
  readonly budgetMs: number;
  /** Function names a plugin may not take (the engine's built-ins, uppercase). */
  readonly reservedNames: ReadonlySet<string>;
  readonly report?: (problem: string) => void;
  /**
   * SaaS: where users' plugin secrets are kept. A scoped call (a workbook's functions, scope = its
   * owner) runs with that user's secrets, and never with the server's environment variables.
   */
  readonly secrets?: PluginSecretStore;
}

export interface PluginError {
  readonly plugin: string;
  readonly error: string;
}

/**
 * Which functions came or went (`rebuild`), or which have new results to show: for the workbooks
 * of one scope (a user, whose secrets the calls ran with), or of every workbook when undefined.
 */
export interface FunctionChange {
  readonly names: readonly string[];
  readonly rebuild: boolean;
  readonly scope?: string | undefined;
}

export type UploadOutcome =
  | { readonly ok: true; readonly record: PluginRecord }
  | { readonly ok: false; readonly error: PluginError };

interface LoadedPlugin {
  readonly record: PluginRecord;
  readonly secrets: readonly PluginSecretSlot[];
  readonly folder: string;
  readonly agents: readonly PluginAgent[];
  readonly bundled: boolean;
}

const HIDDEN_FOLDER = /^[._]/;

async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

/** Plugin folders (those holding plugin.py) by slug, in name order. */
async function pluginFolders(root: string | undefined): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (root === undefined || !(await isDirectory(root))) return found;
  for (const name of (await readdir(root)).sort()) {
    const folder = path.join(root, name);
    if (HIDDEN_FOLDER.test(name) || !(await isDirectory(folder))) continue;
    if (
      await stat(path.join(folder, 'plugin.py')).then(
        () => true,
        () => false,
      )
    )
      found.set(name, folder);
  }
  return found;
}

export class PluginRegistry {
  readonly #options: PluginRegistryOptions;
  readonly #loaded = new Map<string, LoadedPlugin>();
  readonly #errors = new Map<string, string>();
  readonly #listeners = new Set<(change: FunctionChange) => void>();
  readonly #functions: PluginFunctions;
  #python: string | undefined;
  #functionList: CustomFunction[] = [];

  private constructor(options: PluginRegistryOptions) {
    this.#options = options;
    this.#functions = new PluginFunctions(
      { call: (name, args, scope) => this.#call(name, args, scope) },
      { budgetMs: options.budgetMs },
    );
    this.#functions.onResults((names, scope) => this.#emit({ names, rebuild: false, scope }));
  }

  /** Loads every plugin found; one that fails is listed in errors and the others go on. */
  static async open(options: PluginRegistryOptions): Promise<PluginRegistry> {
    const registry = new PluginRegistry(options);
    registry.#python = await options.host?.version();
    const bundled = await pluginFolders(options.bundledDir);
    const uploaded = await pluginFolders(options.dataDir);
    for (const [slug, folder] of bundled)
      if (!uploaded.has(slug)) await registry.#load(slug, folder, true);
    for (const [slug, folder] of uploaded) await registry.#load(slug, folder, false);
    registry.#rebuildFunctionList();
    return registry;
  }

  /** The interpreter's version, or null when plugins cannot run. */
  get python(): string | null {
    return this.#options.host === undefined ? null : (this.#python ?? 'unknown');
  }

  get pythonProblem(): string {
    return (
      this.#options.pythonProblem ??
      'Python 3.9 or newer is needed to run plugins (set GRIDBOOK_PYTHON to its path)'
    );
  }

  records(): PluginRecord[] {
    return [...this.#loaded.values()].map((plugin) => plugin.record);
  }

  errors(): PluginError[] {
    return [...this.#errors].map(([plugin, error]) => ({ plugin, error }));
  }

  agents(): PluginAgent[] {
    return [...this.#loaded.values()].flatMap((plugin) => plugin.agents);
  }

  /**
   * The engine functions of every loaded plugin (a workbook's functionSource); with a scope, their
   * calls run with that user's secrets and their results are that scope's own.
   */
  functions(scope?: string): readonly CustomFunction[] {
    if (scope === undefined) return this.#functionList;
    return this.#functionsOf(scope);
  }

  /** The secret slots a loaded plugin's manifest declares; undefined when no such plugin is loaded. */
  declaredSecrets(slug: string): readonly PluginSecretSlot[] | undefined {
    return this.#loaded.get(slug)?.secrets;
  }

  /**
   * A user's secrets for the plugin changed: their cached results are forgotten and the workbooks
   * of that scope recompute the plugin's cells (with the new secrets).
   */
  secretsChanged(userId: string, slug: string): void {
    const names = this.#loaded.get(slug)?.record.formulas ?? [];
    if (names.length === 0) return;
    this.#functions.forget(names, userId);
    this.#emit({ names, rebuild: false, scope: userId });
  }

  /** Told of every change to the plugin functions or their results. */
  onChange(listener: (change: FunctionChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves once no plugin call is queued or running, or after `ms`. */
  settle(ms: number): Promise<void> {
    return this.#functions.settle(ms);
  }

  /** Whether a plugin call is queued or running. */
  get busy(): boolean {
    return this.#functions.busy;
  }

  /**
   * Writes the plugin's files and (re)loads it. The source is syntax-checked first; a plugin that
   * fails to load leaves what was there before (files and loaded version) as it was.
   */
  async upload(
    slug: string,
    manifestFields: Readonly<Record<string, unknown>>,
    source: string,
  ): Promise<UploadOutcome> {
    const host = this.#options.host;
    if (host === undefined) return this.#refused(slug, this.pythonProblem);
    const checked = await host.check(source);
    if (!checked.ok) return this.#refused(slug, checked.error);
    const manifest = uploadedManifest(slug, manifestFields);
    const folder = path.join(this.#options.dataDir, slug);
    const staged = await this.#stage(slug, manifest, source);
    const previous = this.#loaded.get(slug);
    const backup = await this.#setAside(folder);
    await rename(staged, folder);
    const outcome = await this.#hostLoad(host, slug, folder);
    if (!outcome.ok) {
      await rm(folder, { recursive: true, force: true });
      if (backup !== undefined) await rename(backup, folder);
      if (previous !== undefined) await host.load(slug, previous.folder);
      return this.#refused(slug, outcome.error);
    }
    if (backup !== undefined) await rm(backup, { recursive: true, force: true });
    this.#errors.delete(slug);
    const record = this.#remember(slug, folder, manifest, outcome, false);
    this.#changed([...(previous?.record.formulas ?? []), ...record.formulas]);
    return { ok: true, record };
  }

  /**
   * Unloads the plugin and removes its folder (a bundled plugin's files stay: it is back at the
   * next start). False when no plugin of that slug is loaded.
   */
  async remove(slug: string): Promise<boolean> {
    const plugin = this.#loaded.get(slug);
    if (plugin === undefined) return false;
    await this.#options.host?.unload(slug);
    this.#loaded.delete(slug);
    if (!plugin.bundled) await rm(plugin.folder, { recursive: true, force: true });
    this.#changed(plugin.record.formulas);
    return true;
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#options.host?.close();
  }

  /** Loads into the host; a plugin taking a built-in function's name is unloaded and refused. */
  async #hostLoad(host: PythonPluginHost, slug: string, folder: string) {
    const outcome = await host.load(slug, folder);
    if (!outcome.ok) return outcome;
    const taken = outcome.formulas.filter((name) => this.#options.reservedNames.has(name));
    if (taken.length === 0) return outcome;
    await host.unload(slug);
    return {
      ok: false as const,
      error: `register() failed: ${taken.join(', ')} ${taken.length === 1 ? 'is a built-in function' : 'are built-in functions'}; choose another name`,
    };
  }

  async #load(slug: string, folder: string, bundled: boolean): Promise<void> {
    const manifest = await readManifest(folder, slug);
    if (!manifest.ok) {
      this.#errors.set(slug, manifest.error);
      return;
    }
    const host = this.#options.host;
    if (host === undefined) {
      this.#errors.set(slug, this.pythonProblem);
      return;
    }
    const outcome = await this.#hostLoad(host, slug, folder);
    if (!outcome.ok) {
      this.#errors.set(slug, outcome.error);
      this.#options.report?.(`plugin ${slug} did not load: ${outcome.error}`);
      return;
    }
    this.#remember(slug, folder, manifest.manifest, outcome, bundled);
  }

  #remember(
    slug: string,
    folder: string,
    manifest: PluginManifest,
    outcome: {
      formulas: readonly string[];
      agents: readonly PluginAgent[];
      models: readonly unknown[];
    },
    bundled: boolean,
  ): PluginRecord {
    const record: PluginRecord = {
      slug,
      name: manifest.name,
      description: manifest.description,
      category: manifest.category,
      author: manifest.author,
      version: manifest.version,
      formulas: [...outcome.formulas],
      agents: outcome.agents.map((agent) => agent.id),
      models: outcome.models.map((model) => (model as { id: string }).id),
    };
    this.#loaded.set(slug, {
      record,
      secrets: manifest.secrets,
      folder,
      agents: outcome.agents,
      bundled,
    });
    return record;
  }

  /** The new files in a folder of their own first, so the live folder is swapped whole. */
  async #stage(slug: string, manifest: PluginManifest, source: string): Promise<string> {
    await mkdir(this.#options.dataDir, { recursive: true, mode: 0o700 });
    const staged = path.join(this.#options.dataDir, `.${slug}-${randomBytes(4).toString('hex')}`);
    await mkdir(staged, { mode: 0o700 });
    await writeFile(path.join(staged, 'plugin.py'), source, { mode: 0o600 });
    await writeFile(path.join(staged, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    return staged;
  }

  async #setAside(folder: string): Promise<string | undefined> {
    if (!(await isDirectory(folder))) return undefined;
    const aside = path.join(
      path.dirname(folder),
      `.${path.basename(folder)}-previous-${randomBytes(4).toString('hex')}`,
    );
    await rename(folder, aside);
    return aside;
  }

  #refused(slug: string, error: string): UploadOutcome {
    return { ok: false, error: { plugin: slug, error } };
  }

  #changed(names: readonly string[]): void {
    this.#functions.forget(names);
    this.#rebuildFunctionList();
    this.#emit({ names: [...new Set(names)], rebuild: true });
  }

  #rebuildFunctionList(): void {
    this.#functionList = this.#functionsOf(undefined);
  }

  #functionsOf(scope: string | undefined): CustomFunction[] {
    return [...this.#loaded.values()].flatMap((plugin) =>
      this.#functions.functionsFor(
        plugin.record.formulas,
        `${plugin.record.name} (plugin ${plugin.record.slug})`,
        scope,
      ),
    );
  }

  /**
   * One call to the host, with the secrets of the plugin that registered the function: the
   * scope's stored ones in SaaS (never the environment's), the environment variables otherwise.
   */
  async #call(
    name: string,
    args: readonly unknown[],
    scope: string | undefined,
  ): Promise<CallOutcome> {
    const host = this.#options.host;
    if (host === undefined) return { ok: false, kind: 'crash', error: this.pythonProblem };
    const store = this.#options.secrets;
    if (store === undefined) return host.call(name, args, {}, { environment: true });
    const slug = this.#slugOf(name);
    if (scope === undefined || slug === undefined)
      return host.call(name, args, {}, { environment: false });
    let secrets: Readonly<Record<string, string>>;
    try {
      secrets = await store.read(scope, slug);
    } catch (error) {
      this.#options.report?.(
        `plugin ${slug}: secrets could not be read: ${(error as Error).message}`,
      );
      return {
        ok: false,
        kind: 'exception',
        error: `the secrets of plugin ${slug} could not be read; see the server log`,
      };
    }
    return host.call(name, args, { [slug]: secrets }, { environment: false });
  }

  #slugOf(name: string): string | undefined {
    const upper = name.toUpperCase();
    for (const [slug, plugin] of this.#loaded)
      if (plugin.record.formulas.some((formula) => formula.toUpperCase() === upper)) return slug;
    return undefined;
  }

  #emit(change: FunctionChange): void {
    for (const listener of this.#listeners) listener(change);
  }
}
