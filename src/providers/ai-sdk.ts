// The Vercel AI SDK (`ai`), imported on the first completion rather than at start-up, like the
// vendor packages (vendors/vendor.ts): a server that never calls a model never loads it.
export type AiSdk = typeof import('ai');

let loading: Promise<AiSdk> | undefined;

export function loadAiSdk(): Promise<AiSdk> {
  loading ??= import('ai');
  return loading;
}
