// SaaS authentication: tokens (service tokens, sessions, an external identity provider's JWTs),
// built-in accounts and service tokens. The only code that imports jose.
export {
  AccountExistsError,
  AuthError,
  InvalidAccountInputError,
  NotAuthenticatedError,
  ServiceTokenNotFoundError,
  SignInThrottledError,
  WrongCredentialsError,
} from './auth-errors.js';
export {
  Authenticator,
  deriveKey,
  SERVICE_TOKEN_PREFIX,
  SESSION_ISSUER,
  type AuthenticatorOptions,
  type ExternalIdp,
  type Identity,
  type Session,
} from './authenticator.js';
export { Accounts, validEmail, type AccountsOptions, type SignedIn } from './accounts.js';
export { ServiceTokens, type ServiceTokenInfo } from './service-tokens.js';
export { normalEmail, Users, type User } from './users.js';
