// Built-in accounts for self-hosters without an identity provider: sign-up and sign-in with
// email and password (scrypt, constant-time compare, failed sign-ins throttled per account and
// per client address), answering a short-lived session token.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';
import {
  AccountExistsError,
  InvalidAccountInputError,
  SignInThrottledError,
  WrongCredentialsError,
} from './auth-errors.js';
import type { Authenticator, Session } from './authenticator.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { FailureThrottle } from './throttle.js';
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
  readonly #perAccount: FailureThrottle;
  readonly #perAddress: FailureThrottle;

  constructor(options: AccountsOptions) {
    this.#options = options;
    const clock = (): number => options.now().getTime();
    this.#perAccount = new FailureThrottle(ACCOUNT_LIMIT, clock);
    this.#perAddress = new FailureThrottle(ADDRESS_LIMIT, clock);
  }

  async signUp(rawEmail: string, password: string, address: string): Promise<SignedIn> {
    this.#refuseThrottled(undefined, address);
    const email = validEmail(rawEmail);
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
      throw new InvalidAccountInputError(
        'password',
        `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
      );
    const passwordHash = await hashPassword(password);
    const user: User = { id: randomUUID(), email };
    await this.#options.database.transaction(async (tx) => {
      if ((await this.#options.users.byEmail(tx, email)) !== undefined) {
        // Counted as a failure: probing which emails have accounts is throttled like guessing.
        this.#perAddress.fail(address);
        throw new AccountExistsError();
      }
      await tx.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [
        user.id,
        email,
        passwordHash,
      ]);
      await this.#options.onUserCreated?.(tx, user);
    });
    return { ...(await this.#options.authenticator.signSession(user)), user };
  }

  async signIn(rawEmail: string, password: string, address: string): Promise<SignedIn> {
    const email = normalEmail(rawEmail);
    this.#refuseThrottled(email, address);
    const account = await this.#options.users.byEmail(this.#options.database, email);
    // Always one scrypt, so an unknown email takes as long as a wrong password.
    const matches = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    if (account === undefined || account.passwordHash === undefined || !matches) {
      this.#perAccount.fail(email);
      this.#perAddress.fail(address);
      throw new WrongCredentialsError();
    }
    this.#perAccount.clear(email);
    const user: User = { id: account.id, email: account.email };
    return { ...(await this.#options.authenticator.signSession(user)), user };
  }

  #refuseThrottled(email: string | undefined, address: string): void {
    const wait = Math.max(
      email === undefined ? 0 : this.#perAccount.retryAfter(email),
      this.#perAddress.retryAfter(address),
    );
    if (wait > 0) throw new SignInThrottledError(wait);
  }
}
