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

export interface LocalAddresses {
  origin: string;
  consoleUrl: string;
  relayBaseUrl: string;
}

/**
 * The relay's addresses as this computer reaches them. Bound to every interface (0.0.0.0 or
 * ::) the relay names itself by that wildcard, which is no address to connect to: Windows
 * refuses it and Chromium blocks navigation to 0.0.0.0. The window, the IPC sender check
 * and "Copy base URL" use loopback instead, which the wildcard bind also serves.
 */
export function localAddresses(relay: { host: string; port: number; origin: string; consoleUrl: string; relayBaseUrl: string }): LocalAddresses {
  if (relay.host !== '0.0.0.0' && relay.host !== '::') {
    return { origin: relay.origin, consoleUrl: relay.consoleUrl, relayBaseUrl: relay.relayBaseUrl };
  }
  const origin = `http://127.0.0.1:${relay.port}`;
  return { origin, consoleUrl: `${origin}/`, relayBaseUrl: `${origin}/v1` };
}
