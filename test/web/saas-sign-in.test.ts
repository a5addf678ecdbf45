// The workbook page's SaaS sign-in plumbing: the return address after signing in stays on this
// site, a stored sign-in is dropped once expired, requests carry the token and the workbook id,
// a 401 goes to sign in once and remembers where the user was, session tokens are refreshed
// before they expire, and a pasted JWT's expiry is read from its claims.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../web/src/api/client.js';
import { ApiError } from '../../web/src/api/errors.js';
import { PageAuth } from '../../web/src/auth/page-auth.js';
import { returnAddress, signInAddress } from '../../web/src/auth/return-address.js';
import { keepSignIn, readSignIn, type SignIn } from '../../web/src/auth/stored-sign-in.js';
import { tokenExpiry } from '../../web/src/signin/token-expiry.js';
import { typedSecrets } from '../../web/src/plugin-secrets/secrets-to-send.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const session = (expiresAt: string): SignIn => ({
  token: 'session-token',
  expiresAt,
  email: 'a@example.com',
  via: 'session',
});

describe('the return address after signing in', () => {
  it('is the path the user was on, query included', () => {
    const address = signInAddress('/workbook?id=abc');
    expect(address).toBe('/signin?next=%2Fworkbook%3Fid%3Dabc');
    expect(returnAddress(address.slice(address.indexOf('?')))).toBe('/workbook?id=abc');
  });

  it('is the workbook page for anything that could leave the site or loop back to sign-in', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/signin?next=/x',
    ])
      expect(returnAddress(`?next=${encodeURIComponent(next)}`), next).toBe('/workbook');
    expect(returnAddress('')).toBe('/workbook');
  });
});

describe('the stored sign-in', () => {
  it('is read back until it expires, then no longer', () => {
    const storage = memoryStorage();
    keepSignIn(session('2026-01-01T00:10:00Z'), storage);
    expect(readSignIn(storage, Date.parse('2026-01-01T00:09:59Z'))?.token).toBe('session-token');
    expect(readSignIn(storage, Date.parse('2026-01-01T00:10:00Z'))).toBeUndefined();
  });

  it('ignores what is not a sign-in', () => {
    const storage = memoryStorage();
    storage.setItem('gridbook.sign-in', '{"token":""}');
    expect(readSignIn(storage)).toBeUndefined();
    storage.setItem('gridbook.sign-in', 'not json');
    expect(readSignIn(storage)).toBeUndefined();
  });
});

describe('requests of a signed-in page', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('carry the token and the workbook id; a 401 goes to sign in once, remembering the page', async () => {
    const sent: Headers[] = [];
    const client = new ApiClient(
      async (_url, init) => {
        sent.push(new Headers(init?.headers));
        return new Response(JSON.stringify({ detail: 'Session expired.' }), { status: 401 });
      },
      '',
      'web-test',
    );
    const visits: string[] = [];
    keepSignIn(session('2099-01-01T00:00:00Z'), storage);
    const auth = new PageAuth(session('2099-01-01T00:00:00Z'), 'wb-1', {
      navigate: (url) => visits.push(url),
      here: () => '/workbook?id=wb-1',
    });
    client.useAuth(auth);
    await expect(client.get('/grid')).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/grid')).rejects.toBeInstanceOf(ApiError);
    expect(sent[0]?.get('authorization')).toBe('Bearer session-token');
    expect(sent[0]?.get('x-workbook-id')).toBe('wb-1');
    expect(visits).toEqual(['/signin?next=%2Fworkbook%3Fid%3Dwb-1']);
    expect(storage.items.has('gridbook.sign-in')).toBe(false);
  });

  it('send another workbook’s id when a request names one', async () => {
    const sent: Headers[] = [];
    const client = new ApiClient(async (_url, init) => {
      sent.push(new Headers(init?.headers));
      return new Response('{}', { status: 200 });
    });
    client.useAuth(new PageAuth(session('2099-01-01T00:00:00Z'), 'wb-1'));
    await client.json('POST', '/workbook/rename', {
      body: { name: 'x' },
      headers: { 'x-workbook-id': 'wb-2' },
    });
    expect(sent[0]?.get('x-workbook-id')).toBe('wb-2');
  });

  it('refresh a session token a minute before it expires, and keep the fresh one', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const calls: string[] = [];
    const client = new ApiClient(async (url, init) => {
      calls.push(
        `${init?.method} ${String(url)} ${new Headers(init?.headers).get('authorization')}`,
      );
      return new Response(
        JSON.stringify({
          token: 'fresh-token',
          expires_at: '2026-01-01T01:10:00Z',
          user: { id: 'u1', email: 'a@example.com' },
        }),
        { status: 200 },
      );
    });
    const auth = new PageAuth(session('2026-01-01T00:10:00Z'), undefined);
    client.useAuth(auth);
    auth.keepFresh(client);
    await vi.advanceTimersByTimeAsync(8 * 60_000 + 59_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual(['POST /auth/refresh Bearer session-token']);
    expect(auth.signedIn?.token).toBe('fresh-token');
    expect(readSignIn(storage)?.token).toBe('fresh-token');
  });
});

describe('a pasted token', () => {
  it('expires when its exp claim says; a token without one has no known expiry', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'u', exp: 1_800_000_000 })).toString(
      'base64url',
    );
    expect(tokenExpiry(`eyJhbGciOiJIUzI1NiJ9.${payload}.sig`)).toBe('2027-01-15T08:00:00.000Z');
    expect(tokenExpiry('gb_live_abcdef')).toBeNull();
  });
});

describe('the plugin secrets form', () => {
  it('sends only the fields typed into', () => {
    expect(typedSecrets({ API_KEY: 'k-123', REGION: '' })).toEqual({ API_KEY: 'k-123' });
    expect(typedSecrets({})).toEqual({});
  });
});
