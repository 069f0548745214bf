import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LOOPBACK_HOST = '127.0.0.1';
export const LAN_HOST = '0.0.0.0';

/**
 * The address the relay binds, as `npm start` chooses it without --host: all interfaces
 * when the lan_access setting (console → Settings, applied on restart) is on, loopback
 * otherwise. Read straight from the state file before the relay opens it; an unreadable
 * file is left for startRelay to report.
 */
export function relayHostFor(dataDir: string): string {
  try {
    const state = JSON.parse(readFileSync(path.join(dataDir, 'state.json'), 'utf8')) as {
      options?: { lan_access?: unknown };
    };
    return state.options?.lan_access === true ? LAN_HOST : LOOPBACK_HOST;
  } catch {
    return LOOPBACK_HOST;
  }
}

/** Whether a relay bound to `host` is reachable from other machines. */
export function isLanHost(host: string): boolean {
  return !(host === 'localhost' || host === '::1' || host.startsWith('127.'));
}
