// The URLs of server mode's PostgreSQL and Redis: read without ever quoting them in a
// message (they may hold a password).

/**
 * The URL parsed, refused (without quoting it) when it is none or has another scheme.
 * `what` names the server in messages, `form` shows the expected shape.
 */
export function parseServerUrl(url: string, what: string, schemes: readonly string[], form: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The ${what} URL is not a URL (expected ${form}).`);
  }
  if (!schemes.includes(parsed.protocol.slice(0, -1))) {
    throw new Error(`The ${what} URL must start with ${schemes.map((s) => `${s}://`).join(' or ')} (it starts with ${parsed.protocol}//).`);
  }
  return parsed;
}

/** The message without the URL's password (the URL already checked to parse), should a library ever quote it. */
export function withoutPassword(message: string, url: string): string {
  const password = decodeURIComponent(new URL(url).password);
  return password ? message.split(password).join('***') : message;
}
