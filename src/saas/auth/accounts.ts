// Built-in accounts for self-hosters without an identity provider: sign-up and sign-in with
// email and password (scrypt, constant-time compare, failed sign-ins throttled per account and
// per client address), answering a short-lived session token.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';
import {
  AccountExistsError,
  InvalidAccountInputError,
  WrongCredentialsError,
} from './auth-errors.js';
import type { Authenticator, Session } from './authenticator.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { FailureThrottle, type ThrottledKey } from './throttle.js';
import { normalEmail, type User, type Users } from './users.js';

export interface AccountsOptions {
  readonly database: Database;
  readonly users: Users;
  readonly authenticator: Authenticator;
  readonly now: () => Date;
  /** Runs inside the sign-up transaction (pending invites for the email are promoted). */
  readonly onUserCreated?: (tx: Queryable, user: User) => Promise<void>;
}

export interface SignedIn extends Session {
  readonly user: User;
}

/** Five failed sign-ins per account, fifty per address, in 15 minutes. */
const ACCOUNT_LIMIT = { failures: 5, windowMs: 15 * 60_000 };
const ADDRESS_LIMIT = { failures: 50, windowMs: 15 * 60_000 };
const accountKey = (email: string): ThrottledKey => ({
  key: `account:${email}`,
  limit: ACCOUNT_LIMIT,
});
const addressKey = (address: string): ThrottledKey => ({
  key: `address:${address}`,
  limit: ADDRESS_LIMIT,
});

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;

/** The email as stored (trimmed, lowercased), or a 400 naming the field. */
export function validEmail(raw: string): string {
  const email = normalEmail(raw);
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new InvalidAccountInputError('email', 'is not an email address like name@example.com.');
  return email;
}

export class Accounts {
  readonly #options: AccountsOptions;
  readonly #throttle: FailureThrottle;

  constructor(options: AccountsOptions) {
    this.#options = options;
    this.#throttle = new FailureThrottle(options.database, () => options.now().getTime());
  }

  async signUp(rawEmail: string, password: string, address: string): Promise<SignedIn> {
    const email = validEmail(rawEmail);
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
      throw new InvalidAccountInputError(
        'password',
        `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
      );
    // An email that has an account is counted as a failure of the address: probing which emails
    // have accounts is throttled like guessing.
    const attempt = await this.#throttle.begin([addressKey(address)]);
    const passwordHash = await hashPassword(password);
    const user: User = { id: randomUUID(), email };
    await this.#options.database.transaction(async (tx) => {
      if ((await this.#options.users.byEmail(tx, email)) !== undefined)
        throw new AccountExistsError();
      await tx.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [
        user.id,
        email,
        passwordHash,
      ]);
      await this.#options.onUserCreated?.(tx, user);
    });
    await attempt.succeeded();
    return { ...(await this.#options.authenticator.signSession(user)), user };
  }

  async signIn(rawEmail: string, password: string, address: string): Promise<SignedIn> {
    const email = normalEmail(rawEmail);
    const accountThrottle = accountKey(email);
    const attempt = await this.#throttle.begin([accountThrottle, addressKey(address)]);
    const account = await this.#options.users.byEmail(this.#options.database, email);
    // Always one scrypt, so an unknown email takes as long as a wrong password.
    const matches = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    if (account === undefined || account.passwordHash === undefined || !matches)
      throw new WrongCredentialsError();
    await attempt.succeeded(accountThrottle.key);
    const user: User = { id: account.id, email: account.email };
    return { ...(await this.#options.authenticator.signSession(user)), user };
  }
}
