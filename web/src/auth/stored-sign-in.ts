// The signed-in user's token, kept in localStorage so a reload or a second tab stays signed in
// (SaaS mode). OSS pages never store one.
import type { KeyValueStorage } from '../api/client.js';

export interface SignIn {
  readonly token: string;
  /** ISO 8601; null when the token's expiry is unknown. */
  readonly expiresAt: string | null;
  readonly email: string | null;
  /** `session`: a built-in account's token, refreshed by the page; `external`: pasted from an IdP. */
  readonly via: 'session' | 'external';
}

const SIGN_IN_KEY = 'gridbook.sign-in';

interface RemovableStorage extends KeyValueStorage {
  removeItem(key: string): void;
}

function pageStorage(): RemovableStorage | undefined {
  return (globalThis as { localStorage?: RemovableStorage }).localStorage;
}

function isSignIn(value: unknown): value is SignIn {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['token'] === 'string' &&
    record['token'] !== '' &&
    (record['via'] === 'session' || record['via'] === 'external')
  );
}

/** The stored sign-in, unless there is none or it has expired. */
export function readSignIn(storage = pageStorage(), now = Date.now()): SignIn | undefined {
  try {
    const text = storage?.getItem(SIGN_IN_KEY);
    if (text === null || text === undefined) return undefined;
    const parsed: unknown = JSON.parse(text);
    if (!isSignIn(parsed)) return undefined;
    if (parsed.expiresAt !== null && Date.parse(parsed.expiresAt) <= now) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

export function keepSignIn(signIn: SignIn, storage = pageStorage()): void {
  try {
    storage?.setItem(SIGN_IN_KEY, JSON.stringify(signIn));
  } catch {
    // Storage refused: the sign-in lasts as long as this page.
  }
}

export function forgetSignIn(storage = pageStorage()): void {
  try {
    storage?.removeItem(SIGN_IN_KEY);
  } catch {
    // Nothing stored to forget.
  }
}
