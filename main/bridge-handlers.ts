import { clipboard, shell } from 'electron';
import { IPC_CHANNELS, MAX_CLIPBOARD_TEXT_LENGTH } from './ipc-contract.js';
import { handle } from './ipc.js';
import type { StartAtLogin } from './start-at-login.js';

export interface BridgeDeps {
  /** The console origin while the relay runs, else null (every call is refused). */
  consoleOrigin: () => string | null;
  appVersion: string;
  dataDir: string;
  startAtLogin: StartAtLogin;
  /** Told after the console changed start at login (the tray shows it too). */
  onStartAtLoginChanged(enabled: boolean): void;
}

/**
 * The main-process side of `window.relaydesk` (preload.cts). Every handler runs only for
 * the console origin (ipc.ts) and checks its arguments: the console is trusted code, but a
 * bug or an injected script there should not reach further than these few calls allow.
 */
export function registerBridgeHandlers(deps: BridgeDeps): void {
  const origin = deps.consoleOrigin;
  handle(IPC_CHANNELS.appVersion, origin, () => deps.appVersion);
  handle(IPC_CHANNELS.openDataFolder, origin, () => openFolder(deps.dataDir));
  handle(IPC_CHANNELS.copyToClipboard, origin, (_event, text) => {
    if (typeof text !== 'string') throw new TypeError('copyToClipboard: text must be a string');
    if (text.length > MAX_CLIPBOARD_TEXT_LENGTH) {
      throw new RangeError(`copyToClipboard: text longer than ${MAX_CLIPBOARD_TEXT_LENGTH} characters`);
    }
    clipboard.writeText(text);
  });
  handle(IPC_CHANNELS.getStartAtLogin, origin, () => deps.startAtLogin.get());
  handle(IPC_CHANNELS.setStartAtLogin, origin, (_event, enabled) => {
    if (typeof enabled !== 'boolean') throw new TypeError('setStartAtLogin: enabled must be a boolean');
    const now = deps.startAtLogin.set(enabled);
    deps.onStartAtLoginChanged(now);
    return now;
  });
}

/** shell.openPath resolves to an error message instead of rejecting. */
export async function openFolder(folder: string): Promise<void> {
  const failure = await shell.openPath(folder);
  if (failure) throw new Error(failure);
}
