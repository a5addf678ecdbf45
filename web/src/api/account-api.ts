// SaaS accounts (docs/design.md §9): how the server signs people in, built-in sign-up and
// sign-in, who a token belongs to, and the caller's long-lived service tokens.
import type { ApiClient } from './client.js';
import type { AuthConfigJson, CreatedTokenJson, MeJson, SessionJson, TokenJson } from './types.js';

export class AccountApi {
  constructor(private readonly client: ApiClient) {}

  /** 404 on an OSS server, which has no accounts. */
  config(): Promise<AuthConfigJson> {
    return this.client.get('/auth/config');
  }

  signUp(email: string, password: string): Promise<SessionJson> {
    return this.client.post('/auth/signup', { email, password });
  }

  signIn(email: string, password: string): Promise<SessionJson> {
    return this.client.post('/auth/login', { email, password });
  }

  /** Who a token belongs to (the pasted token of an identity provider is checked this way). */
  me(token: string): Promise<MeJson> {
    return this.client.json('GET', '/auth/me', { headers: { authorization: `Bearer ${token}` } });
  }

  tokens(): Promise<{ tokens: TokenJson[] }> {
    return this.client.get('/auth/tokens');
  }

  createToken(name: string): Promise<CreatedTokenJson> {
    return this.client.post('/auth/tokens', { name });
  }

  revokeToken(id: string): Promise<{ ok: true }> {
    return this.client.json('DELETE', `/auth/tokens/${encodeURIComponent(id)}`);
  }
}
