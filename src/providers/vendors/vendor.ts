// What the registry needs from each vendor package: build a client from a key (no network
// call) and say how the vendor is asked for JSON output. Each vendor imports its SDK package
// when its first client is built: the four SDKs and `ai` add about 13 MiB to a process that
// may never call a model (bench/README.md, W6).
import type { LanguageModel } from 'ai';
import type { ProviderId } from '../provider-ids.js';

export interface VendorClientOptions {
  readonly apiKey: string;
  /** GRIDBOOK_<ID>_BASE_URL, including the vendor's version path; undefined → the vendor default. */
  readonly baseUrl: string | undefined;
  /** The HTTP seam; undefined → global fetch. */
  readonly fetch: typeof fetch | undefined;
}

/** Returns the AI SDK model object for a vendor model id (never a bare id string). */
export type ModelFactory = (modelId: string) => LanguageModel;

/**
 * response-format: the vendor has a JSON mode the SDK maps a JSON response format onto
 *   (Gemini responseMimeType, OpenAI-compatible response_format json_object).
 * system-prompt: no JSON mode without a schema (Anthropic); the system prompt asks for JSON.
 */
export type JsonMode = 'response-format' | 'system-prompt';

export interface Vendor {
  readonly id: ProviderId;
  /** The URL the SDK uses when no base URL override is set (documentation and tests). */
  readonly defaultBaseUrl: string;
  readonly jsonMode: JsonMode;
  createClient(options: VendorClientOptions): Promise<ModelFactory>;
}
