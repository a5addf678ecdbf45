// Who is calling: `Authorization: Bearer <token>` is a service token (`gb_live_…`, looked up by
// its hash on every request, so revocation is at once), a session JWT this server signed
// (HS256 under a key derived from GRIDBOOK_SECRET_KEY, issuer `gridbook`), or a JWT of the
// external identity provider (JWKS with RS256/ES256, or GRIDBOOK_JWT_SECRET with HS256;
// algorithms always pinned; issuer and audience checked when configured). Every refusal is a
// NotAuthenticatedError whose message says what is wrong.
import { createHash, hkdfSync } from 'node:crypto';
import type { JWTPayload, JWTVerifyOptions } from 'jose';
import type { Database } from '../db/index.js';
import { ACCESS_CACHE_TTL_MS, RevocableCache } from '../revocable-cache.js';
import { NotAuthenticatedError } from './auth-errors.js';
import type { User, Users } from './users.js';

export const SESSION_ISSUER = 'gridbook';
const SESSION_AUDIENCE = 'gridbook-session';
export const SERVICE_TOKEN_PREFIX = 'gb_live_';

export interface ExternalIdp {
  readonly secret: string | undefined;
  readonly jwksUrl: string | undefined;
  readonly issuer: string | undefined;
  readonly audience: string | undefined;
}

export interface AuthenticatorOptions {
  readonly database: Database;
  readonly users: Users;
  /** GRIDBOOK_SECRET_KEY's 32 bytes: session tokens are signed under a key derived from it. */
  readonly secretKey: Buffer;
  readonly idp: ExternalIdp;
  readonly sessionSeconds: number;
  readonly now: () => Date;
  /** How soon after a fetch an unknown kid may fetch the JWKS again (default 30 s). */
  readonly jwksCooldownMs?: number;
  /** Runs inside the transaction that creates an external user (pending invites are promoted). */
  readonly onUserCreated?: Parameters<Users['ensureExternal']>[2];
}

export interface Identity extends User {
  readonly via: 'session' | 'external' | 'service-token';
}

export interface Session {
  readonly token: string;
  readonly expiresAt: Date;
}

/** A key derived from GRIDBOOK_SECRET_KEY for one purpose (sessions, provider keys, secrets). */
export function deriveKey(secretKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `gridbook ${purpose}`, 32));
}

export function hashServiceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Jose = typeof import('jose');
type RemoteKeys = ReturnType<Jose['createRemoteJWKSet']>;

let joseLoading: Promise<Jose> | undefined;
/**
 * jose, loaded on first use: this module is reached from the server's entry in OSS mode too
 * (through the saas barrel), and an OSS server must not load the JWT library it never uses
 * (test/architecture: packages the OSS start loads).
 */
function jose(): Promise<Jose> {
  joseLoading ??= import('jose');
  return joseLoading;
}

export class Authenticator {
  readonly #options: AuthenticatorOptions;
  readonly #sessionKey: Buffer;
  /** The identity provider's key set (built on first use, with jose), when it has a JWKS URL. */
  #jwks: Promise<RemoteKeys> | undefined;
  readonly #hmac: Uint8Array | undefined;
  /** A service token's hash → its user, while not revoked (ServiceTokens.revoke forgets it). */
  readonly #serviceTokens = new RevocableCache<Identity>({
    maxEntries: 100_000,
    ttlMs: ACCESS_CACHE_TTL_MS,
  });

  constructor(options: AuthenticatorOptions) {
    this.#options = options;
    this.#sessionKey = deriveKey(options.secretKey, 'session tokens');
    this.#hmac =
      options.idp.secret === undefined ? undefined : new TextEncoder().encode(options.idp.secret);
  }

  /** Whether tokens of an external identity provider are accepted. */
  get externalIdp(): boolean {
    return this.#options.idp.jwksUrl !== undefined || this.#hmac !== undefined;
  }

  /** The identity provider's keys, built once (they are fetched when a token needs them). */
  #remoteKeys(jwksUrl: string): Promise<RemoteKeys> {
    // Keys are cached; a token whose kid the cache lacks makes jose fetch the set again (at most
    // every 30 s).
    this.#jwks ??= jose().then(({ createRemoteJWKSet }) =>
      createRemoteJWKSet(new URL(jwksUrl), {
        cooldownDuration: this.#options.jwksCooldownMs ?? 30_000,
        cacheMaxAge: 10 * 60_000,
      }),
    );
    return this.#jwks;
  }

  /** How long a built-in session token lasts. */
  get sessionSeconds(): number {
    return this.#options.sessionSeconds;
  }

  async authenticate(header: string | undefined): Promise<Identity> {
    if (header === undefined || header.trim() === '')
      throw new NotAuthenticatedError(
        'Missing Authorization header: send "Authorization: Bearer <token>".',
      );
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (match === null)
      throw new NotAuthenticatedError(
        'Malformed Authorization header: expected "Bearer <token>" with one token.',
      );
    const token = match[1]!;
    if (token.startsWith(SERVICE_TOKEN_PREFIX)) return this.#serviceToken(token);
    const { decodeJwt } = await jose();
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new NotAuthenticatedError(
        'Malformed token: it is neither a JWT nor a service token (gb_live_…).',
      );
    }
    if (claims.iss === SESSION_ISSUER) return this.#session(token);
    return this.#external(token);
  }

  async signSession(user: User): Promise<Session> {
    const now = this.#options.now();
    const expiresAt = new Date(now.getTime() + this.#options.sessionSeconds * 1000);
    const { SignJWT } = await jose();
    const token = await new SignJWT(user.email === undefined ? {} : { email: user.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#sessionKey);
    return { token, expiresAt };
  }

  async #session(token: string): Promise<Identity> {
    const payload = await this.#verify(token, this.#sessionKey, {
      algorithms: ['HS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const user = await this.#options.users.byId(subjectOf(payload));
    if (user === undefined)
      throw new NotAuthenticatedError('The account of this session no longer exists.');
    return { ...user, via: 'session' };
  }

  async #external(token: string): Promise<Identity> {
    if (!this.externalIdp)
      throw new NotAuthenticatedError(
        'Unknown token: this server accepts its own sign-in sessions and service tokens only (no external identity provider is configured).',
      );
    const idp = this.#options.idp;
    const checks = {
      ...(idp.issuer === undefined ? {} : { issuer: idp.issuer }),
      ...(idp.audience === undefined ? {} : { audience: idp.audience }),
    };
    const payload =
      idp.jwksUrl !== undefined
        ? await this.#verify(token, await this.#remoteKeys(idp.jwksUrl), {
            algorithms: ['RS256', 'ES256'],
            ...checks,
          })
        : await this.#verify(token, this.#hmac!, { algorithms: ['HS256'], ...checks });
    const id = subjectOf(payload);
    const email = typeof payload['email'] === 'string' ? payload['email'] : undefined;
    if (email?.includes('\0'))
      throw new NotAuthenticatedError(
        'The token\'s "email" claim contains a NUL character (U+0000), which no address holds.',
      );
    await this.#options.users.ensureExternal(
      id,
      email,
      this.#options.onUserCreated ?? (async () => undefined),
    );
    const user = await this.#options.users.byId(id);
    return { id, email: user?.email, via: 'external' };
  }

  /** Revoked service tokens (by their hash): the next request with one asks the database. */
  forgetServiceToken(tokenHash: string): void {
    this.#serviceTokens.forget((key) => key === tokenHash);
  }

  async #serviceToken(token: string): Promise<Identity> {
    const hash = hashServiceToken(token);
    const cached = this.#serviceTokens.get(hash);
    if (cached !== undefined) return cached;
    const generation = this.#serviceTokens.generation;
    const identity = await this.#serviceTokenInDatabase(hash);
    this.#serviceTokens.set(hash, identity, generation);
    return identity;
  }

  async #serviceTokenInDatabase(hash: string): Promise<Identity> {
    const { rows } = await this.#options.database.query<{
      user_id: string;
      email: string | null;
      revoked: boolean;
    }>(
      `SELECT t.user_id, u.email, t.revoked_at IS NOT NULL AS revoked
       FROM service_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
      [hash],
    );
    const row = rows[0];
    if (row === undefined) throw new NotAuthenticatedError('Unknown service token.');
    if (row.revoked) throw new NotAuthenticatedError('This service token has been revoked.');
    return { id: row.user_id, email: row.email ?? undefined, via: 'service-token' };
  }

  async #verify(
    token: string,
    key: Uint8Array | RemoteKeys,
    options: { algorithms: string[]; issuer?: string; audience?: string },
  ): Promise<JWTPayload> {
    const { errors, jwtVerify } = await jose();
    const verifyOptions: JWTVerifyOptions = {
      ...options,
      currentDate: this.#options.now(),
      clockTolerance: 5,
    };
    try {
      const verified =
        key instanceof Uint8Array
          ? await jwtVerify(token, key, verifyOptions)
          : await jwtVerify(token, key, verifyOptions);
      return verified.payload;
    } catch (error) {
      throw new NotAuthenticatedError(refusal(errors, error, options));
    }
  }
}

function subjectOf(payload: JWTPayload): string {
  if (typeof payload.sub !== 'string' || payload.sub === '')
    throw new NotAuthenticatedError('The token names no user: its "sub" claim is missing.');
  // The database cannot hold it, so it could name no user.
  if (payload.sub.includes('\0'))
    throw new NotAuthenticatedError(
      'The token\'s "sub" claim contains a NUL character (U+0000), which no user id holds.',
    );
  return payload.sub;
}

function refusal(
  errors: Jose['errors'],
  error: unknown,
  options: { algorithms: string[]; issuer?: string; audience?: string },
): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired; sign in again.';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'The token has a bad signature.';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `The token's algorithm is not accepted here (expected ${options.algorithms.join(' or ')}).`;
  if (error instanceof errors.JWKSNoMatchingKey)
    return "No key of the identity provider matches the token's key id (kid).";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return `The token is for another audience (expected "${options.audience ?? ''}").`;
    if (error.claim === 'iss')
      return `The token is from another issuer (expected "${options.issuer ?? ''}").`;
    if (error.claim === 'nbf') return 'The token is not valid yet (nbf).';
    return `The token's "${error.claim}" claim is not valid: ${error.reason}.`;
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return "The identity provider's keys could not be fetched; try again.";
  if (error instanceof errors.JOSEError) return `Malformed token: ${error.message}`;
  return "The identity provider's keys could not be fetched; try again.";
}
