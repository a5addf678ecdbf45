// Developer plugins (docs/contract.md §4 "Developer plugins"; the portal routes answer only when
// the server runs with GRIDBOOK_DEV_PORTAL_ENABLED=1). The server does not publish contract types
// for these routes yet, so their shapes are written out here, in one place.
import type { ApiClient } from './client.js';
import { ApiError, describeDetail } from './errors.js';

/** One plugin the server has loaded, bundled or uploaded. */
export interface PluginRecord {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly author: string;
  readonly version: string;
  readonly formulas: readonly string[];
  readonly agents: readonly unknown[];
  readonly models: readonly unknown[];
}

/** A plugin that failed to load or register, with the reason as the server words it. */
export interface PluginProblem {
  readonly plugin: string;
  readonly error: string;
}

/** `GET /plugins`. */
export interface PluginsJson {
  readonly enabled: boolean;
  readonly dev_portal: boolean;
  /** The interpreter's version, or null when the server has no python3 (uploads are refused). */
  readonly python: string | null;
  readonly loaded: readonly PluginRecord[];
  readonly errors: readonly PluginProblem[];
}

/** The optional `manifest` of an upload; the server fills in defaults such as category `custom`. */
export interface PluginManifestInput {
  readonly name?: string;
  readonly description?: string;
  readonly category?: string;
  readonly author?: string;
  readonly version?: string;
}

/** `POST /dev/plugins/upload` body. */
export interface PluginUploadRequest {
  readonly slug: string;
  readonly manifest?: PluginManifestInput;
  readonly plugin_py: string;
}

/** `POST /dev/plugins/upload`: the record, or why the code did not load (a 400 on the wire). */
export type PluginUploadJson =
  | { readonly ok: true; readonly record: PluginRecord }
  | { readonly ok: false; readonly error: PluginProblem };

/** `DELETE /dev/plugins/{slug}`. */
export interface PluginDeleteJson {
  readonly ok: true;
  readonly slug: string;
}

/** `POST /dev/plugins/test`: the formula's value, or the error it raised. */
export type PluginTestJson =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** The slug rule of the contract (§8), checked in the browser before anything is sent (DEV-01). */
export const PLUGIN_SLUG = /^[a-z][a-z0-9_]{1,39}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `{ok: false, error}` body inside a refusal, if that is what the server sent: the client
 * turns every 4xx into an ApiError, but this refusal is an answer the dialog shows, not a failure.
 */
function refusalOf(error: unknown): { error: unknown } | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.detail)) return undefined;
  return error.detail['ok'] === false && 'error' in error.detail
    ? { error: error.detail['error'] }
    : undefined;
}

function asProblem(slug: string, error: unknown): PluginProblem {
  if (isRecord(error) && typeof error['error'] === 'string')
    return {
      plugin: typeof error['plugin'] === 'string' ? error['plugin'] : slug,
      error: error['error'],
    };
  return { plugin: slug, error: describeDetail(error) };
}

export class PluginsApi {
  constructor(private readonly client: ApiClient) {}

  list(): Promise<PluginsJson> {
    return this.client.get('/plugins');
  }

  /** Throws ApiError only for requests the server could not take at all (malformed, portal off). */
  async upload(request: PluginUploadRequest): Promise<PluginUploadJson> {
    try {
      return await this.client.post<PluginUploadJson>('/dev/plugins/upload', request);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === undefined) throw error;
      return { ok: false, error: asProblem(request.slug, refusal.error) };
    }
  }

  remove(slug: string): Promise<PluginDeleteJson> {
    return this.client.json('DELETE', `/dev/plugins/${encodeURIComponent(slug)}`);
  }

  /** A formula's error comes back as `{ok: false}` whatever the status it was sent with. */
  async test(formula: string): Promise<PluginTestJson> {
    try {
      const answer = await this.client.post<PluginTestJson>('/dev/plugins/test', { formula });
      return answer.ok ? answer : { ok: false, error: describeDetail(answer.error) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === undefined) throw error;
      return { ok: false, error: describeDetail(refusal.error) };
    }
  }
}
