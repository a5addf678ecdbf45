// What signing in and authenticating can refuse, each with the detail the client is shown.

export abstract class AuthError extends Error {
  override readonly name: string = this.constructor.name;
}

/** 401: the request carries no usable credentials; the message says what is wrong with them. */
export class NotAuthenticatedError extends AuthError {}

/** 401: email and password do not match an account (the same words whichever was wrong). */
export class WrongCredentialsError extends AuthError {
  constructor() {
    super('The email or password is wrong.');
  }
}

/** 429: too many failed sign-ins for the account or from the address. */
export class SignInThrottledError extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins; try again in ${retryAfterSeconds} s.`);
  }
}

/** 409: an account with this email exists. */
export class AccountExistsError extends AuthError {
  constructor() {
    super('An account with this email already exists; sign in instead.');
  }
}

/** 400: an email or password that cannot make an account; the message names the field. */
export class InvalidAccountInputError extends AuthError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/** 404: no such service token among the caller's. */
export class ServiceTokenNotFoundError extends AuthError {
  constructor() {
    super('No such service token.');
  }
}
