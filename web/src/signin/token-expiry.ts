// When a pasted JWT expires, read from its `exp` claim without checking it (the server checks
// every request); the page only uses it to stop sending a token that is known to be dead.

/** ISO 8601 expiry of a JWT, or null when it has none or is not a JWT. */
export function tokenExpiry(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp)
      ? new Date(exp * 1000).toISOString()
      : null;
  } catch {
    return null;
  }
}
