// The workbook page's side of SaaS authentication: every request carries the stored token and
// the open workbook's id; any 401 forgets the token and goes to sign in, coming back here after;
// a built-in session token is refreshed before it expires.
import type { ApiClient, RequestAuth } from '../api/client.js';
import type { SessionJson } from '../api/types.js';
import { forgetSignIn, keepSignIn, type SignIn } from './stored-sign-in.js';
import { signInAddress } from './return-address.js';

/** Refresh this long before expiry (or at four fifths of a shorter lifetime). */
const REFRESH_MARGIN_MS = 60_000;

/** The part of the page's `location` this needs (read through globalThis: unit tests have none). */
interface PageLocation {
  readonly pathname: string;
  readonly search: string;
  assign(url: string): void;
}

const pageLocation = (): PageLocation =>
  (globalThis as unknown as { location: PageLocation }).location;

export interface PageAuthOptions {
  /** Where the browser goes (location.assign in the page). */
  readonly navigate?: (url: string) => void;
  /** The page's own address, to come back to after signing in. */
  readonly here?: () => string;
  readonly now?: () => number;
}

export class PageAuth implements RequestAuth {
  private leaving = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly navigate: (url: string) => void;
  private readonly here: () => string;
  private readonly now: () => number;

  constructor(
    private signIn: SignIn | undefined,
    /** The workbook every request acts on (X-Workbook-Id); unset: the server's default. */
    public workbookId: string | undefined,
    options: PageAuthOptions = {},
  ) {
    this.navigate = options.navigate ?? ((url) => pageLocation().assign(url));
    this.here = options.here ?? (() => pageLocation().pathname + pageLocation().search);
    this.now = options.now ?? (() => Date.now());
  }

  get signedIn(): SignIn | undefined {
    return this.signIn;
  }

  headers(): Readonly<Record<string, string>> {
    return {
      ...(this.signIn === undefined ? {} : { authorization: `Bearer ${this.signIn.token}` }),
      ...(this.workbookId === undefined ? {} : { 'x-workbook-id': this.workbookId }),
    };
  }

  rejected(): void {
    if (this.leaving) return;
    this.leaving = true;
    this.stop();
    forgetSignIn();
    this.navigate(signInAddress(this.here()));
  }

  signOut(): void {
    this.leaving = true;
    this.stop();
    forgetSignIn();
    this.navigate('/signin');
  }

  /** Keeps a built-in session token fresh: a new one shortly before each expires. */
  keepFresh(client: ApiClient): void {
    this.stop();
    const signIn = this.signIn;
    if (signIn?.via !== 'session' || signIn.expiresAt === null) return;
    const left = Date.parse(signIn.expiresAt) - this.now();
    const wait = Math.max(0, left - REFRESH_MARGIN_MS, (left * 4) / 5);
    this.refreshTimer = setTimeout(() => void this.refresh(client), wait);
  }

  private async refresh(client: ApiClient): Promise<void> {
    try {
      const fresh = await client.post<SessionJson>('/auth/refresh');
      this.signIn = {
        token: fresh.token,
        expiresAt: fresh.expires_at,
        email: fresh.user.email,
        via: 'session',
      };
      keepSignIn(this.signIn);
      this.keepFresh(client);
    } catch {
      // A 401 has already sent the page to sign in; any other failure retries in a while.
      if (!this.leaving) this.refreshTimer = setTimeout(() => void this.refresh(client), 15_000);
    }
  }

  private stop(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }
}
