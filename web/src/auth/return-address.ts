// Where the sign-in page sends the user back to: only a path on this site, so a crafted
// `?next=https://elsewhere` cannot turn the sign-in into a redirect to another site.

export const SIGN_IN_PATH = '/signin';
export const DEFAULT_RETURN = '/workbook';

/** The sign-in page's address, remembering where to come back to. */
export function signInAddress(returnTo: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(returnTo)}`;
}

/** The `next` of a sign-in page's query when it is a path on this site, else the workbook. */
export function returnAddress(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return DEFAULT_RETURN;
  if (next === SIGN_IN_PATH || next.startsWith(`${SIGN_IN_PATH}?`)) return DEFAULT_RETURN;
  return next;
}
