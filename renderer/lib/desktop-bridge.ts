import type { RelaydeskBridge } from '../../main/ipc-contract.js';

export type { RelaydeskBridge };

/**
 * What the desktop app's preload exposes as `window.relaydesk` (main/preload.cts): app
 * version, open data folder, copy to clipboard, start at login. The console is a web app
 * first, so this is null in a browser; feature-detect and fall back (e.g. to
 * navigator.clipboard) rather than assume the desktop.
 */
export function desktopBridge(): RelaydeskBridge | null {
  return (window as Window & { relaydesk?: RelaydeskBridge }).relaydesk ?? null;
}
