import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request carrying the console's session cookie was made by the console itself.
 * A cookie goes with every request the browser makes, whichever page makes it; SameSite=Strict
 * covers other sites, and this covers the rest (another port or subdomain, browsers that
 * ignore SameSite). `Sec-Fetch-Site`, which browsers send and pages cannot forge, must say
 * `same-origin` (or `none`: typed by the user); `same-site` is refused too, as the console is
 * always served from the relay's own origin. An `Origin` must name this host; a request
 * without one passes only where `originRequired` is false (scripts and older browsers send
 * none to the management API).
 */
export function fromConsoleOrigin(headers: IncomingHttpHeaders, originRequired: boolean): boolean {
  if (fetchedByAnotherSite(headers)) return false;
  const origin = headers.origin;
  if (origin === undefined) return !originRequired;
  return hostOf(origin) === headers.host;
}

/** The browser says another page (another site, port or subdomain) made this request. */
export function fetchedByAnotherSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** The host of an Origin header, null for "null" and anything unparsable. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed or file pages) and anything unparsable
  }
}
