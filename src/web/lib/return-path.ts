/**
 * Where a shopper goes back to after login, registration or the OTP screen: the page
 * they were on, carried as `?next=/products/12`. The value comes from the address bar, so anyone
 * can write it: only a path of this shop is accepted, never another origin (`//evil.example`,
 * `https://evil.example`, `/\evil.example`, `javascript:`), else a link to our login page could
 * send a shopper who has just logged in to a look-alike site.
 */

/** The query parameter that carries it. */
export const RETURN_PARAM = 'next';

/** The page after login when there is no (valid) one to go back to: the shopper's dashboard. */
export const DEFAULT_AFTER_LOGIN = '/account';

/** Pages it makes no sense to come back to: they would only ask to log in again or loop. */
const NOT_RETURNED_TO = ['/login', '/register', '/otp-verification', '/forgot-password'];

const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'https://pasal.invalid';

/**
 * The same-site path in `raw` (path, query and hash), or undefined when it is missing, too long,
 * anything but a plain path of this site, or one of the sign-in pages themselves.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return undefined;
  if (!isPlainPath(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  // Belt and braces: whatever the parser made of it must still be on our own origin.
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (NOT_RETURNED_TO.includes(path)) return undefined;
  const normalised = url.pathname + url.search + url.hash;
  // The parser resolves dot segments, encoded ones too: "/..//evil.example", "/a/..//evil.example" and
  // "/%2e%2e//evil.example" all come out as "//evil.example", which a browser (or router) given it
  // later would read as another host. So the path is checked again as it will be used.
  return isPlainPath(normalised) ? normalised : undefined;
}

/** A plain path of this site: one leading slash, no backslash or control character anywhere. */
function isPlainPath(value: string): boolean {
  // A path starts with exactly one slash; browsers read "//host" and "/\host" as another host.
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Backslashes count as slashes in URLs, and control characters (tabs, newlines) are dropped by the
  // URL parser, so "/\t/evil.example" would become "//evil.example": refuse them all.
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u001f\u007f]/.test(value);
}

/** The `next` of a location's search string (`?next=…`), validated. */
export function returnPathFrom(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** `/login`, `/register` and the like, carrying the page to come back to when there is one. */
export function withReturnPath(page: string, returnPath: string | undefined): string {
  return returnPath ? `${page}?${new URLSearchParams({ [RETURN_PARAM]: returnPath }).toString()}` : page;
}
