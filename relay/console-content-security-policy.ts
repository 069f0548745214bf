/**
 * The console's Content-Security-Policy, in one place: the relay sends it with every
 * console response (console.ts) and the desktop shell enforces the same policy in its
 * window (main/console-csp.ts). The console is same-origin with the API (fetch and SSE go
 * to 'self') and loads nothing from elsewhere; React sets inline style attributes. The
 * playground plays the speech it fetched from a blob: URL.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
