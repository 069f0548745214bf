import type { Session } from 'electron';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../relay/console-content-security-policy.js';
import { normalizeOrigin } from './ipc.js';

export { CONSOLE_CONTENT_SECURITY_POLICY };

/**
 * Enforces the console's Content-Security-Policy in the window itself, on every response
 * from the console origin, replacing whatever the response carried. The relay already
 * sends the same policy for console pages; this also covers responses that do not carry it
 * (API answers opened as a document, the "console not built" page) and a relay that was
 * changed to send a weaker one. Responses from other origins pass unchanged (the window
 * cannot navigate there anyway; see window.ts).
 */
export function enforceConsoleCsp(session: Pick<Session, 'webRequest'>, consoleOrigin: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (normalizeOrigin(details.url) !== consoleOrigin) {
      callback({});
      return;
    }
    const responseHeaders: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') responseHeaders[name] = value;
    }
    responseHeaders['Content-Security-Policy'] = [CONSOLE_CONTENT_SECURITY_POLICY];
    callback({ responseHeaders });
  });
}
