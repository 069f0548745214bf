/**
 * Preload for the console window. It runs sandboxed (`sandbox: true`), and a sandboxed
 * preload is evaluated as a classic script with a restricted `require` (only 'electron',
 * 'events', 'timers', 'url' and a few others): ES module syntax is a SyntaxError there,
 * and it cannot require other files of the app.
 *
 * Hence this file is `.cts`: with `module: NodeNext`, tsc emits it as CommonJS
 * (`dist/node/main/preload.cjs`) although package.json says `"type": "module"`, and it
 * imports nothing at run time but 'electron' (types only from ./ipc-contract.js).
 * test/main/preload.test.ts compiles it and runs it inside a sandbox-like wrapper.
 */
import electron = require('electron');
import type { IpcArgs, IpcChannel, IpcResult, IPC_CHANNELS, RelaydeskBridge } from './ipc-contract.js';

const { contextBridge, ipcRenderer } = electron;

// Repeated from ipc-contract.ts (not loadable here); the type makes tsc catch any drift.
const CHANNELS: typeof IPC_CHANNELS = {
  appVersion: 'relaydesk:app-version',
  openDataFolder: 'relaydesk:open-data-folder',
  copyToClipboard: 'relaydesk:copy-to-clipboard',
  getStartAtLogin: 'relaydesk:get-start-at-login',
  setStartAtLogin: 'relaydesk:set-start-at-login',
};

function invoke<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcResult<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<C>>;
}

/** What the console sees as `window.relaydesk`: named methods only, never ipcRenderer. */
const bridge: RelaydeskBridge = {
  /** The desktop app's version (package.json `version`). */
  appVersion: (): Promise<string> => invoke(CHANNELS.appVersion),
  /** Opens the folder holding Relaydesk's data in the system file manager. */
  openDataFolder: (): Promise<void> => invoke(CHANNELS.openDataFolder),
  /** Puts `text` on the system clipboard (works without the page having focus or permission). */
  copyToClipboard: (text: string): Promise<void> => invoke(CHANNELS.copyToClipboard, text),
  /** Whether Relaydesk starts when the user logs in. */
  getStartAtLogin: (): Promise<boolean> => invoke(CHANNELS.getStartAtLogin),
  /** Turns start at login on or off; resolves to the state now in effect. */
  setStartAtLogin: (enabled: boolean): Promise<boolean> => invoke(CHANNELS.setStartAtLogin, enabled),
};

contextBridge.exposeInMainWorld('relaydesk', bridge);
